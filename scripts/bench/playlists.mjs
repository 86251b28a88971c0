// Issue 5 budgets, on real PostgreSQL through the real API over HTTP with a logged-in session: reordering a
// 200-video playlist (one request, one transaction, p95 < 50 ms) and loading it with its videos' tags
// (p95 < 30 ms). The database holds 20,000 videos, 500 tags and 2,000 other playlists of 50 videos, so the
// playlist's queries run among other rows, not alone.
// Needs PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); it creates and drops
// its own database.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { benchApiEnv, spawnBuiltApi } from './api-server.mjs';
import { connectAdminPostgres, formatNumber, requireFromApi, stopGroup, waitForOk } from './lib.mjs';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const API_PORT = Number(process.env.BENCH_PLAYLISTS_PORT ?? 3320);
const DB_NAME = 'dance_bench_playlists';
const PLAYLIST_SIZE = 200;
const WARM_UP = 30;
const SAMPLES = 300;
/** Playlists of PLAYLIST_SIZE videos loaded once each: loads with nothing of them cached. */
const COLD_PLAYLISTS = 100;
/** BENCH_PLAYLISTS_KEEP=1 keeps the database after the run (for profiling); the next run starts afresh. */
const isKeep = process.env.BENCH_PLAYLISTS_KEEP === '1';

async function generate(sql) {
  console.log(
    'playlists: generating 20,000 videos, 500 tags, 200 members with 10 playlists of 50 videos each',
  );
  await sql`insert into categories (name, route_path, position) values ('Lessons', '/Lessons', 0), ('Exercises', '/Exercises', 1)`;
  await sql`insert into tags (name, priority, color) select 'Tag ' || g, g, '#4263eb' from generate_series(1, 500) g`;
  await sql`insert into instructors (name) select 'Instructor ' || g from generate_series(1, 100) g`;
  await sql.unsafe(`
    with c as (select array_agg(id order by position) ids from categories),
         t as (select array_agg(id order by priority) ids from tags),
         i as (select array_agg(id) ids from instructors)
    insert into videos (title, kind, category_id, instructor_id, duration_seconds, release_date, release_at, levels,
                        tag_ids, keywords, search_text, short_description, description)
    select 'Video ' || g, 'library', c.ids[1 + g % 2], i.ids[1 + g % 100], 60 + (g * 37) % 3600,
      (date '2020-01-01' + (g % 2000)), (date '2020-01-01' + (g % 2000))::timestamptz + interval '5 hours',
      array['Beginner'],
      -- Three tags per video, so loading a playlist carries 600 tag references.
      array[t.ids[1 + g % 500], t.ids[1 + (g * 7) % 500], t.ids[1 + (g * 13) % 500]],
      array['practice'], 'video ' || g, 'A short description', repeat('Long description. ', 8)
    from generate_series(1, 20000) g, c, t, i`);
  await sql`insert into users (email, first_name, last_name) select 'owner' || g || '@bench.test', 'O', 'B' from generate_series(1, 200) g`;
  await sql.unsafe(`
    insert into playlists (type, name, owner_user_id)
    select 'PPL', 'Playlist ' || p, u.id
    from (select id, row_number() over (order by id) as n from users where email like 'owner%') u,
         generate_series(1, 10) p`);
  await sql.unsafe(`
    with numbered as (select id, row_number() over (order by id) as n from videos),
         lists as (select id, row_number() over (order by id) as n from playlists)
    insert into playlist_items (playlist_id, video_id, position)
    select l.id, v.id, k
    from lists l
    cross join generate_series(1, 50) k
    join numbered v on v.n = 1 + ((l.n * 50 + k * 97) % 20000)`);
  await sql`vacuum analyze`;
}

/** Percentiles of sequential requests (one at a time), in ms. */
function percentiles(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted[sorted.length - 1] };
}

async function timed(fn, count) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await fn(i);
    times.push(performance.now() - start);
  }
  return percentiles(times);
}

/** Fisher-Yates with a seeded generator, so every run sends the same orders. */
function shuffled(list, seed) {
  const next = [...list];
  let state = seed;
  for (let i = next.length - 1; i > 0; i -= 1) {
    state = (state * 16_807) % 2_147_483_647;
    const j = state % (i + 1);
    [next[i], next[j]] = [next[j], next[i]];
  }
  return next;
}

export async function runPlaylists() {
  const postgres = requireFromApi('postgres');
  const admin = await connectAdminPostgres(ADMIN_URL);
  await admin.unsafe(`drop database if exists ${DB_NAME} with (force)`);
  await admin.unsafe(`create database ${DB_NAME}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  const workDir = mkdtempSync(join(os.tmpdir(), 'dance-bench-playlists-'));
  const env = benchApiEnv({ port: API_PORT, dataDir: join(workDir, 'data'), databaseUrl: url.toString() });
  const api = spawnBuiltApi({ env, logFile: join(workDir, 'api.log') });
  const data = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    const base = `http://127.0.0.1:${API_PORT}/api/v1`;
    await waitForOk(`http://127.0.0.1:${API_PORT}/ready`, { child: api, timeoutMs: 90_000 });
    const started = Date.now();
    await generate(data);
    console.log(`playlists: generated in ${formatNumber((Date.now() - started) / 1000, 1)} s`);

    // A member signs up through the API: the session cookie and CSRF token of every request below.
    const password = 'Bench123!';
    const signUp = await fetch(`${base}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Bench',
        lastName: 'Member',
        email: 'bench-member@bench.test',
        password,
        reEnteredPassword: password,
        role: 'dancer-parent',
        acceptTerms: true,
      }),
    });
    if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
    const { csrfToken } = await signUp.json();
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const headers = { cookie, 'x-csrf-token': csrfToken, 'content-type': 'application/json' };

    const videoIds = (await data`select id from videos order by random() limit ${PLAYLIST_SIZE}`).map(
      (r) => r.id,
    );
    const created = await fetch(`${base}/playlists`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ type: 'PPL', name: 'Bench 200', videoIds }),
    });
    if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`);
    const playlist = await created.json();
    if (playlist.videos.length !== PLAYLIST_SIZE) throw new Error('the playlist was not created whole');
    await data`analyze playlist_items`;

    const playlistUrl = `${base}/playlists/${playlist.id}`;
    let tagCount = 0;
    let bytes = 0;
    const load = async () => {
      const res = await fetch(playlistUrl, { headers: { cookie } });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`load answered ${res.status}: ${text.slice(0, 200)}`);
      bytes = text.length;
      const body = JSON.parse(text);
      if (body.videos.length !== PLAYLIST_SIZE) throw new Error('the playlist lost videos');
      tagCount = body.videos.reduce((sum, v) => sum + v.tags.length, 0);
    };
    let expected = videoIds;
    const reorder = async (i) => {
      expected = shuffled(expected, 1 + i);
      const res = await fetch(`${playlistUrl}/order`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({
          positions: expected.map((videoId, index) => ({ videoId, position: index + 1 })),
        }),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`reorder answered ${res.status}: ${text.slice(0, 200)}`);
    };

    console.log(`playlists: warming up (${WARM_UP} of each), then ${SAMPLES} sequential requests of each`);
    await timed(load, WARM_UP);
    await timed(reorder, WARM_UP);
    const loadTimes = await timed(load, SAMPLES);
    const reorderTimes = await timed((i) => reorder(WARM_UP + i), SAMPLES);
    // The first load after each change: nothing of the playlist is cached (its version is new).
    const coldTimes = [];
    for (let i = 0; i < SAMPLES; i++) {
      await reorder(WARM_UP + SAMPLES + i);
      const start = performance.now();
      await load();
      coldTimes.push(performance.now() - start);
    }
    const coldLoadTimes = percentiles(coldTimes);

    // First loads ever: other playlists of the member, each of different videos, each loaded once.
    const [member] = await data`select id from users where email = 'bench-member@bench.test'`;
    const coldIds = (
      await data.unsafe(
        `with lists as (
           insert into playlists (type, name, owner_user_id)
           select 'PPL', 'Cold ' || g, $1 from generate_series(1, ${COLD_PLAYLISTS}) g returning id),
         numbered_lists as (select id, row_number() over (order by id) as n from lists),
         numbered_videos as (select id, row_number() over (order by id) as n from videos)
         insert into playlist_items (playlist_id, video_id, position)
         select l.id, v.id, k from numbered_lists l
         cross join generate_series(1, ${PLAYLIST_SIZE}) k
         join numbered_videos v on v.n = (l.n - 1) * ${PLAYLIST_SIZE} + k
         returning playlist_id`,
        [member.id],
      )
    ).map((row) => row.playlist_id);
    const coldPlaylists = [...new Set(coldIds)];
    await data`analyze playlist_items`;
    const firstLoadTimes = await timed(async (i) => {
      const res = await fetch(`${base}/playlists/${coldPlaylists[i]}`, { headers: { cookie } });
      const body = await res.json();
      if (res.status !== 200 || body.videos.length !== PLAYLIST_SIZE) throw new Error('a cold load failed');
    }, coldPlaylists.length);

    // The last reorder is what the database holds, and every row of it was written by one transaction.
    const stored = await data`
      select video_id, position, xmin::text as xid from playlist_items
      where playlist_id = ${playlist.id} order by position`;
    const isSaved =
      stored.length === PLAYLIST_SIZE &&
      stored.every((row, index) => row.position === index + 1 && row.video_id === expected[index]);
    const transactions = new Set(stored.map((row) => row.xid)).size;

    return {
      rows: [
        {
          measure: `Reorder a ${PLAYLIST_SIZE}-video playlist, p95 (PUT, one request)`,
          result: `${formatNumber(reorderTimes.p95, 1)} ms (p50 ${formatNumber(reorderTimes.p50, 1)} ms)`,
          budget: '< 50 ms',
          isWithin: reorderTimes.p95 < 50,
        },
        {
          measure: 'Reorder writes in one transaction (distinct xmin of the rows), order saved',
          result: `${transactions} transaction${transactions === 1 ? '' : 's'}, ${isSaved ? 'saved' : '**not saved**'}`,
          budget: '1',
          isWithin: transactions === 1 && isSaved,
        },
        {
          measure: `Load a ${PLAYLIST_SIZE}-video playlist with tags, p95 (GET, repeated loads)`,
          result: `${formatNumber(loadTimes.p95, 1)} ms (p50 ${formatNumber(loadTimes.p50, 1)} ms)`,
          budget: '< 30 ms',
          isWithin: loadTimes.p95 < 30,
        },
        {
          measure: `Load a ${PLAYLIST_SIZE}-video playlist with tags, p95 (GET, first load after a change)`,
          result: `${formatNumber(coldLoadTimes.p95, 1)} ms (p50 ${formatNumber(coldLoadTimes.p50, 1)} ms)`,
          budget: '< 30 ms',
          isWithin: coldLoadTimes.p95 < 30,
        },
        {
          measure: `Load a ${PLAYLIST_SIZE}-video playlist with tags, p95 (GET, first load ever, nothing cached)`,
          result: `${formatNumber(firstLoadTimes.p95, 1)} ms (p50 ${formatNumber(firstLoadTimes.p50, 1)} ms)`,
          budget: '< 30 ms',
          isWithin: firstLoadTimes.p95 < 30,
        },
      ],
      details: [
        `- playlists: PostgreSQL at ${url.host}, 20,000 videos (3 tags each), 500 tags, 2,000 other playlists of 50 videos; API as built (\`node dist/server.js\`), NODE_ENV=production, a member's session cookie and CSRF token; ${SAMPLES} sequential requests each after ${WARM_UP} warm-up requests, timed at the client (HTTP, JSON and all).`,
        `  - repeated loads: ${PLAYLIST_SIZE} videos with ${tagCount} tags, ${formatNumber(bytes / 1000, 1)} kB; p50 ${formatNumber(loadTimes.p50, 1)} ms, p95 ${formatNumber(loadTimes.p95, 1)} ms, p99 ${formatNumber(loadTimes.p99, 1)} ms, max ${formatNumber(loadTimes.max, 1)} ms`,
        `  - first load after a change (each one right after a reorder: the shared load is rebuilt from the new order and the cards of the last load): p50 ${formatNumber(coldLoadTimes.p50, 1)} ms, p95 ${formatNumber(coldLoadTimes.p95, 1)} ms, p99 ${formatNumber(coldLoadTimes.p99, 1)} ms, max ${formatNumber(coldLoadTimes.max, 1)} ms`,
        `  - first load ever: ${coldPlaylists.length} other playlists of ${PLAYLIST_SIZE} different videos, each loaded once (nothing of them cached); p50 ${formatNumber(firstLoadTimes.p50, 1)} ms, p95 ${formatNumber(firstLoadTimes.p95, 1)} ms, p99 ${formatNumber(firstLoadTimes.p99, 1)} ms, max ${formatNumber(firstLoadTimes.max, 1)} ms`,
        `  - reorder: a new random order of all ${PLAYLIST_SIZE} each time; p50 ${formatNumber(reorderTimes.p50, 1)} ms, p95 ${formatNumber(reorderTimes.p95, 1)} ms, p99 ${formatNumber(reorderTimes.p99, 1)} ms, max ${formatNumber(reorderTimes.max, 1)} ms`,
      ],
    };
  } finally {
    await data.end().catch(() => {});
    await stopGroup(api);
    if (!isKeep) await admin.unsafe(`drop database if exists ${DB_NAME} with (force)`).catch(() => {});
    await admin.end().catch(() => {});
    rmSync(workDir, { recursive: true, force: true });
  }
}
