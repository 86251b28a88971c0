// Issue 3 budgets, on real PostgreSQL with 100,000 videos, 2,000 tags, 500 instructors and 1,000,000 saved
// rows (generated here in SQL): a filtered, sorted library page against a bare Fastify hello-world (throughput
// and p99), page 400 against page 1, and search p95 for a common and a misspelled word.
// Needs PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); it creates and drops
// its own database.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { benchApiEnv, spawnBuiltApi } from './api-server.mjs';
import {
  connectAdminPostgres,
  formatNumber,
  requireFromApi,
  spawnGroup,
  stopGroup,
  waitForOk,
} from './lib.mjs';
import { alternate, median, medianRatio } from './rounds.mjs';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const API_PORT = Number(process.env.BENCH_CATALOGUE_PORT ?? 3310);
const BARE_PORT = API_PORT + 1;
const DB_NAME = 'dance_bench_catalogue';
/** BENCH_CATALOGUE_KEEP=1 keeps the generated database after the run and reuses it next time (for iterating). */
const isKeep = process.env.BENCH_CATALOGUE_KEEP === '1';

export async function generate(sql) {
  console.log(
    'catalogue: generating 100,000 videos, 2,000 tags, 500 instructors, 20,000 members with 50 saved each',
  );
  await sql`insert into categories (name, route_path, position) values ('Lessons', '/Lessons', 0), ('Exercises', '/Exercises', 1), ('Across the floor', '/Acrossthefloor', 2), ('Classes', '/classes', 3)`;
  await sql`insert into tags (name, priority, color) select 'Tag ' || g, g, '#4263eb' from generate_series(1, 2000) g`;
  await sql`insert into instructors (name) select 'Instructor ' || g from generate_series(1, 500) g`;
  await sql`insert into products (title, handle) select 'Product ' || g, 'product-' || g from generate_series(1, 200) g`;
  await sql.unsafe(`
    with c as (select array_agg(id order by position) ids from categories),
         t as (select array_agg(id order by priority) ids from tags),
         i as (select array_agg(id) ids from instructors),
         p as (select array_agg(id) ids from products)
    insert into videos (title, kind, category_id, instructor_id, duration_seconds, release_date, release_at, levels,
                        tag_ids, product_ids, keywords, search_text, short_description, description)
    select 'Video ' || g || ' ' || (array['Pirouette','Jazz Walks','Leap','Stretch','Groove','Turns','Ballet Barre','Contemporary Flow'])[1 + g % 8],
      case when g % 12 = 0 then 'class' else 'library' end,
      c.ids[1 + g % 4], i.ids[1 + g % 500], (g * 37) % 3600,
      (date '2020-01-01' + (g % 2400)), (date '2020-01-01' + (g % 2400))::timestamptz + interval '5 hours',
      array[(array['Beginner','Intermediate','Advanced'])[1 + g % 3]],
      -- One style tag out of the six most used (a realistic skew: a few tags cover most videos), then two of the
      -- long tail; the bench's filter (tags 3 and 5, Beginner, over 15 min) matches about 6,200 videos (page 400 exists).
      array[t.ids[1 + ((g * 7919) % 100003) % 6], t.ids[7 + g % 1994], t.ids[7 + (g * 7) % 1994]],
      case when g % 5 = 0 then array[p.ids[1 + g % 200]] else '{}'::uuid[] end,
      array['practice', 'drill'],
      lower('video ' || g || ' ' || (array['pirouette foundations','jazz walks and isolations','leap combinations','hamstring stretch','hip hop groove','chaine turns','ballet barre basics','contemporary floor flow'])[1 + g % 8] || ' instructor ' || (1 + g % 500) || ' technique practice'),
      'A short description', repeat('Long description of the video. ', 8)
    from generate_series(1, 100000) g, c, t, i, p`);
  await sql`insert into users (email, first_name, last_name) select 'member' || g || '@bench.test', 'M', 'B' from generate_series(1, 20000) g`;
  // Each member saves 50 consecutive videos of a numbered list: a range join on an indexed number, not a scan per member.
  await sql`create temp table numbered_videos as select id, row_number() over (order by id) as n from videos`;
  await sql`create index on numbered_videos (n)`;
  await sql.unsafe(`
    insert into saved_videos (user_id, video_id)
    select u.id, v.id
    from (select id, row_number() over (order by id) as n from users where email like 'member%') u
    join numbered_videos v on v.n between (u.n * 50) % 99950 + 1 and (u.n * 50) % 99950 + 50`);
  await sql`vacuum analyze`;
}

async function cannon(autocannon, url, opts = {}) {
  const result = await autocannon({ url, connections: 20, duration: 8, pipelining: 1, ...opts });
  return {
    rps: result['2xx'] / (opts.duration ?? 8),
    p99: result.latency.p99,
    p95: result.latency.p97_5 ?? result.latency.p99,
    result,
  };
}

const ROUNDS = 7;
const ROUND_S = 1;

/** Latency percentiles of sequential requests (one at a time), in ms. */
async function sequential(url, count) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

export async function runCatalogue() {
  const autocannon = requireFromApi('autocannon');
  const postgres = requireFromApi('postgres');
  const admin = await connectAdminPostgres(ADMIN_URL);
  const [existing] = await admin`select 1 as x from pg_database where datname = ${DB_NAME}`;
  const isReused = isKeep && existing !== undefined;
  if (!isReused) {
    await admin.unsafe(`drop database if exists ${DB_NAME} with (force)`);
    await admin.unsafe(`create database ${DB_NAME}`);
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  const workDir = mkdtempSync(join(os.tmpdir(), 'dance-bench-catalogue-'));
  const env = benchApiEnv({ port: API_PORT, dataDir: join(workDir, 'data'), databaseUrl: url.toString() });
  let api = spawnBuiltApi({ env, logFile: join(workDir, 'api.log') });
  const bare = spawnGroup(process.execPath, [join(import.meta.dirname, 'hello-fastify.mjs')], {
    env: { ...process.env, PORT: String(BARE_PORT) },
    logFile: join(workDir, 'bare.log'),
  });
  const data = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    const base = `http://127.0.0.1:${API_PORT}`;
    await waitForOk(`${base}/ready`, { child: api, timeoutMs: 90_000 });
    await waitForOk(`http://127.0.0.1:${BARE_PORT}/health`, { child: bare, timeoutMs: 30_000 });
    const [{ n: videoCount }] = await data`select count(*)::int as n from videos`;
    if (isReused && videoCount > 0) {
      console.log(`catalogue: reusing ${DB_NAME} (${videoCount} videos)`);
    } else {
      const started = Date.now();
      await generate(data);
      console.log(`catalogue: generated in ${formatNumber((Date.now() - started) / 1000, 1)} s`);
    }
    // Restart so nothing computed before the data existed is kept.
    await stopGroup(api);
    api = spawnBuiltApi({ env, logFile: join(workDir, 'api2.log') });
    await waitForOk(`${base}/ready`, { child: api, timeoutMs: 90_000 });

    const [t1, t2] = await data`select id from tags where priority in (3, 5) order by priority`;
    const filters = `kind=library&tags=${t1.id},${t2.id}&levels=Beginner&durations=16&sort=title_asc`;
    const page1 = `${base}/api/v1/videos?${filters}&page=1`;
    const total = (await (await fetch(page1)).json()).total;
    const lastPage = Math.ceil(total / 15);
    const deepPage = Math.min(400, lastPage);
    const page400 = `${base}/api/v1/videos?${filters}&page=${deepPage}`;
    const common = `${base}/api/v1/videos/search?q=pirouette`;
    const typo = `${base}/api/v1/videos/search?q=piroutte`;

    console.log(`catalogue: filtered list has ${total} videos (${lastPage} pages); warming up`);
    await cannon(autocannon, `http://127.0.0.1:${BARE_PORT}/health`, { duration: 2 });
    await cannon(autocannon, page1, { duration: 2 });
    const [bareRounds, listRounds] = await alternate(
      ROUNDS,
      [`http://127.0.0.1:${BARE_PORT}/health`, page1],
      (target) => cannon(autocannon, target, { duration: ROUND_S }),
    );
    const bareResult = {
      rps: median(bareRounds.map((r) => r.rps)),
      p99: median(bareRounds.map((r) => r.p99)),
    };
    const listResult = {
      rps: median(listRounds.map((r) => r.rps)),
      p99: median(listRounds.map((r) => r.p99)),
    };
    const first = await sequential(page1, 100);
    const deep = await sequential(page400, 100);
    const searchCommon = await sequential(common, 100);
    const searchTypo = await sequential(typo, 100);
    const ratio = medianRatio(listRounds, bareRounds, 'rps');
    const p99Ratio = median(listRounds.map((r, round) => r.p99 / Math.max(bareRounds[round].p99, 1)));
    const deepRatio = deep.p50 / first.p50;
    return {
      rows: [
        {
          measure: 'Filtered library page (2 tags, level, bucket, sort) throughput vs hello-world',
          result: `${formatNumber(ratio, 2)} (${formatNumber(listResult.rps)} vs ${formatNumber(bareResult.rps)} req/s)`,
          budget: '>= 0.25',
          isWithin: ratio >= 0.25,
        },
        {
          measure: 'Filtered library page p99 vs hello-world p99',
          result: `${formatNumber(p99Ratio, 1)}x (${formatNumber(listResult.p99)} ms vs ${formatNumber(bareResult.p99)} ms)`,
          budget: '<= 4x',
          isWithin: p99Ratio <= 4,
        },
        {
          measure: `Page ${deepPage} vs page 1 of the filtered list (median, sequential)`,
          result: `${formatNumber(deepRatio, 2)}x (${formatNumber(deep.p50, 1)} ms vs ${formatNumber(first.p50, 1)} ms)`,
          budget: '<= 1.5x',
          isWithin: deepRatio <= 1.5,
        },
        {
          measure: 'Search p95, common word ("pirouette")',
          result: `${formatNumber(searchCommon.p95, 1)} ms`,
          budget: '< 50 ms',
          isWithin: searchCommon.p95 < 50,
        },
        {
          measure: 'Search p95, misspelled ("piroutte")',
          result: `${formatNumber(searchTypo.p95, 1)} ms`,
          budget: '< 50 ms',
          isWithin: searchTypo.p95 < 50,
        },
      ],
      details: [
        `- catalogue: PostgreSQL at ${url.host}, 100,000 videos, 2,000 tags, 500 instructors, 1,000,000 saved rows; API as built (node dist/server.js), NODE_ENV=production; autocannon 20 connections, ${ROUNDS} alternating rounds of ${ROUND_S} s per server, ratios are the medians of the per-round ratios (req/s and ms shown: median rounds); latencies from 100 sequential requests each.`,
      ],
    };
  } finally {
    await data.end().catch(() => {});
    await Promise.all([stopGroup(api), stopGroup(bare)]);
    if (!isKeep) await admin.unsafe(`drop database if exists ${DB_NAME} with (force)`).catch(() => {});
    await admin.end().catch(() => {});
    rmSync(workDir, { recursive: true, force: true });
  }
}
