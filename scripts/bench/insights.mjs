// Issue 18 budgets, on real PostgreSQL through the real API over HTTP with an admin's session: the reaction list
// on 100,000 videos and 5,000,000 reactions (p95 < 50 ms for any sort and filter), the overview of 90 days on
// 100,000 members (p95 < 300 ms) and the sitemap of 100,000 videos (generated and streamed in < 2 s).
// Needs PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); it creates and drops
// its own database (BENCH_INSIGHTS_DB, default dance_bench_insights). BENCH_INSIGHTS_SCALE=0.1 runs a tenth of
// the data (a quick look, not the budget). BENCH_INSIGHTS_KEEP=1 keeps the database after the run and reuses it
// on the next run when it holds the same scale (the full scale takes minutes to generate); the API migrates it
// on start, so new indexes reach a kept database too. BENCH_INSIGHTS_ONLY=list, overview or sitemap (comma-separated)
// runs only those parts.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { benchApiEnv, spawnBuiltApi } from './api-server.mjs';
import { connectAdminPostgres, formatNumber, requireFromApi, stopGroup, waitForOk } from './lib.mjs';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const API_PORT = Number(process.env.BENCH_INSIGHTS_PORT ?? 3345);
const DB_NAME = process.env.BENCH_INSIGHTS_DB ?? 'dance_bench_insights';
const SCALE = Number(process.env.BENCH_INSIGHTS_SCALE ?? 1);
const VIDEOS = Math.round(100_000 * SCALE);
const MEMBERS = Math.round(100_000 * SCALE);
/** Reactions per member: 50 x 100,000 members = 5,000,000. */
const REACTIONS_PER_MEMBER = 50;
const WATCHED_PER_MEMBER = 10;
const WARM_UP = 5;
const SAMPLES = 40;
const isKeep = process.env.BENCH_INSIGHTS_KEEP === '1';
const ONLY = (process.env.BENCH_INSIGHTS_ONLY ?? 'list,overview,sitemap').split(',').map((p) => p.trim());
const runs = (part) => ONLY.includes(part);

async function generate(sql) {
  console.log(
    `insights: generating ${VIDEOS} videos, ${MEMBERS} members with subscriptions, ${MEMBERS * REACTIONS_PER_MEMBER} reactions, ${MEMBERS * WATCHED_PER_MEMBER} progress rows`,
  );
  await sql`insert into categories (name, position) select 'Category ' || g, g from generate_series(1, 6) g`;
  await sql`insert into instructors (name) select 'Instructor ' || g from generate_series(1, 200) g`;
  await sql.unsafe(`
    with c as (select array_agg(id order by position) ids from categories),
         i as (select array_agg(id) ids from instructors)
    insert into videos (title, kind, category_id, instructor_id, duration_seconds, release_date, release_at,
                        search_text, created_at, updated_at)
    select 'Video ' || g, 'library', c.ids[1 + g % 6], i.ids[1 + g % 200], 60 + (g * 37) % 3600,
      (date '2020-01-01' + (g % 2000)), (date '2020-01-01' + (g % 2000))::timestamptz + interval '5 hours',
      'video ' || g || ' instructor ' || (1 + g % 200), now() - (g % 2000) * interval '1 day', now() - (g % 900) * interval '1 hour'
    from generate_series(1, ${VIDEOS}) g, c, i`);
  await sql.unsafe(`
    insert into users (email, first_name, last_name, user_type, created_at)
    select 'm' || g || '@bench.test', 'Member', 'N' || g,
      case when g % 50 = 0 then 'studio-owner' else 'individual-user' end,
      now() - (g % 365) * interval '1 day'
    from generate_series(1, ${MEMBERS}) g`);
  await sql.unsafe(`
    insert into users (email, first_name, last_name, user_type, studio_owner_id)
    select 's' || g || '@bench.test', 'Sub', 'U' || g, 'subuser', o.id
    from generate_series(1, ${Math.round(MEMBERS / 25)}) g
    join (select id, row_number() over (order by id) n from users where user_type = 'studio-owner') o
      on o.n = 1 + g % ${Math.max(1, Math.round(MEMBERS / 50))}`);
  // The members-by-plan counts (decision 0059) are counted once after the load, not row by row.
  await sql`alter table subscriptions disable trigger subscriptions_member_plan_counts`;
  await sql.unsafe(`
    insert into subscriptions (user_id, provider, provider_subscription_id, provider_customer_id, plan_id, period,
                               status, trial_start, trial_end, cancelled_at, resource_version, created_at)
    select u.id, 'sandbox', 'sub-' || u.n, 'cus-' || u.n,
      case when u.user_type = 'studio-owner' then 'STUDIO-5' when u.n % 3 = 0 then 'VIP' else 'INDIVIDUAL' end,
      'monthly',
      case when u.n % 7 = 0 then 'cancelled' when u.n % 11 = 0 then 'in_trial' else 'active' end,
      case when u.n % 2 = 0 then u.created_at end,
      case when u.n % 2 = 0 then u.created_at + interval '7 days' end,
      case when u.n % 7 = 0 then u.created_at + interval '20 days' end,
      1, u.created_at
    from (select id, user_type, created_at, row_number() over (order by email) n from users
          where email like 'm%@bench.test') u`);
  // Bulk loads with the row triggers off; the rollups are then computed the way the triggers would have.
  await sql`alter table video_reactions disable trigger video_reactions_counts`;
  // The likes windows (decision 0053) are left unbuilt: the overview's job or first request builds them.
  await sql`alter table video_reactions disable trigger video_likes_windows`;
  await sql`alter table watch_progress disable trigger watch_progress_daily`;
  // The watch windows (decision 0059) likewise: the overview's job or first request builds them.
  await sql`alter table watch_progress disable trigger watch_progress_windows`;
  await sql`alter table video_watch_daily disable trigger video_watch_daily_windows`;
  await sql.unsafe(`
    with v as (select id, row_number() over (order by id) - 1 as n from videos),
         u as (select id, row_number() over (order by id) as n from users where email like 'm%@bench.test')
    insert into video_reactions (user_id, video_id, reaction, updated_at)
    select u.id, v.id, case when (u.n + k) % 4 = 0 then 'dislike' else 'like' end,
      now() - ((u.n * 7 + k) % 120) * interval '1 day'
    from u cross join generate_series(1, ${REACTIONS_PER_MEMBER}) k
    join v on v.n = (u.n * 37 + k * 1009) % ${VIDEOS}`);
  await sql.unsafe(`
    update video_reaction_counts c set likes = r.likes, dislikes = r.dislikes
    from (select video_id, count(*) filter (where reaction = 'like')::int likes,
                 count(*) filter (where reaction = 'dislike')::int dislikes
          from video_reactions group by video_id) r
    where c.video_id = r.video_id`);
  await sql.unsafe(`
    with v as (select id, row_number() over (order by id) - 1 as n from videos),
         u as (select id, row_number() over (order by id) as n from users where email like 'm%@bench.test')
    insert into watch_progress (user_id, video_id, position_seconds, duration_seconds, is_completed, updated_at)
    select u.id, v.id, 300, 600, (u.n + k) % 3 = 0, now() - ((u.n + k * 13) % 120) * interval '1 day'
    from u cross join generate_series(1, ${WATCHED_PER_MEMBER}) k
    join v on v.n = (u.n * 13 + k * 4999) % ${Math.min(VIDEOS, 5000)}`);
  await sql.unsafe(`
    insert into video_watch_daily (day, video_id, seconds)
    select (now() - d * interval '1 day')::date, v.id, 60 + (v.n * 31 + d * 17) % 3600
    from generate_series(0, 119) d
    cross join (select id, row_number() over (order by id) n from videos limit 3000) v`);
  await sql`alter table video_reactions enable trigger video_reactions_counts`;
  await sql`alter table video_reactions enable trigger video_likes_windows`;
  await sql`update likes_window_state set end_day = null`;
  await sql`alter table watch_progress enable trigger watch_progress_daily`;
  await sql`alter table watch_progress enable trigger watch_progress_windows`;
  await sql`alter table video_watch_daily enable trigger video_watch_daily_windows`;
  await sql`update watch_window_state set end_day = null`;
  await sql`alter table subscriptions enable trigger subscriptions_member_plan_counts`;
  await sql`select member_plan_counts_rebuild()`;
  await sql`vacuum analyze`;
}

/** True when the database at url exists and holds this scale's videos and reactions (a kept earlier run). */
async function holdsThisScale(admin, postgres, url) {
  const [found] = await admin`select 1 from pg_database where datname = ${DB_NAME}`;
  if (!found) return false;
  const db = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    const [{ videos, reactions }] = await db`
      select (select count(*)::int from videos) videos, (select count(*)::int from video_reactions) reactions`;
    return videos === VIDEOS && reactions === MEMBERS * REACTIONS_PER_MEMBER;
  } catch {
    return false;
  } finally {
    await db.end().catch(() => {});
  }
}

function percentiles(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] };
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

async function getOk(url, headers) {
  const res = await fetch(url, { headers });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 200)}`);
  return text;
}

export async function runInsights() {
  const postgres = requireFromApi('postgres');
  const admin = await connectAdminPostgres(ADMIN_URL);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  const isReused = isKeep && (await holdsThisScale(admin, postgres, url));
  if (!isReused) {
    await admin.unsafe(`drop database if exists ${DB_NAME} with (force)`);
    await admin.unsafe(`create database ${DB_NAME}`);
  }
  const workDir = mkdtempSync(join(os.tmpdir(), 'dance-bench-insights-'));
  const env = benchApiEnv({ port: API_PORT, dataDir: join(workDir, 'data'), databaseUrl: url.toString() });
  const api = spawnBuiltApi({ env, logFile: join(workDir, 'api.log') });
  const data = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    const origin = `http://127.0.0.1:${API_PORT}`;
    const base = `${origin}/api/v1`;
    await waitForOk(`${origin}/ready`, { child: api, timeoutMs: 90_000 });
    const started = Date.now();
    const loadAtStart = os.loadavg();
    if (isReused) console.log(`insights: reusing the kept database ${DB_NAME}`);
    else await generate(data);
    const generatedIn = (Date.now() - started) / 1000;
    if (!isReused) console.log(`insights: generated in ${formatNumber(generatedIn, 1)} s`);

    const password = 'Bench123!';
    // A new admin each run, so that a kept database can be reused.
    const adminEmail = `bench-admin-${Date.now()}@bench.test`;
    const signUp = await fetch(`${base}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Bench',
        lastName: 'Admin',
        email: adminEmail,
        password,
        reEnteredPassword: password,
        role: 'dancer-parent',
        acceptTerms: true,
      }),
    });
    if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
    await data`update users set role = 'admin' where email = ${adminEmail}`;
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const headers = { cookie };

    const [category] = await data`select id from categories order by position limit 1`;
    const instructorIds = (await data`select id from instructors order by name limit 3`).map((r) => r.id);
    const sorts = [
      'likes_desc',
      'likes_asc',
      'dislikes_desc',
      'dislikes_asc',
      'title_asc',
      'title_desc',
      'instructor_asc',
      'instructor_desc',
      'newest',
      'oldest',
    ];
    const filters = [
      ['none', ''],
      ['category', `&categories=${category.id}`],
      ['3 instructors', `&instructors=${instructorIds.join(',')}`],
      ['search', '&search=video%2012'],
      ['page 200', '&page=200'],
    ];
    console.log(
      `insights: reaction list, ${sorts.length} sorts x ${filters.length} filters, ${SAMPLES} requests each`,
    );
    const listResults = [];
    for (const sort of runs('list') ? sorts : [])
      for (const [name, qs] of filters) {
        const listUrl = `${base}/admin/reactions?sort=${sort}${qs}`;
        await timed(() => getOk(listUrl, headers), WARM_UP);
        listResults.push({ sort, filter: name, ...(await timed(() => getOk(listUrl, headers), SAMPLES)) });
      }
    const worstList = listResults.reduce((a, b) => (b.p95 > a.p95 ? b : a), { p95: 0 });
    // The same admin's session check alone (no list), to read the list figures against the machine's load.
    const sessionUrl = `${base}/auth/session`;
    await timed(() => getOk(sessionUrl, headers), WARM_UP);
    const sessionTimes = await timed(() => getOk(sessionUrl, headers), SAMPLES);

    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
    const overviewUrl = `${base}/admin/overview?from=${from}&to=${to}`;
    console.log('insights: overview of 90 days');
    // The first request builds the likes windows on a database that has none yet (decision 0053).
    if (runs('overview')) await timed(() => getOk(overviewUrl, headers), WARM_UP);
    const overviewTimes = runs('overview') ? await timed(() => getOk(overviewUrl, headers), SAMPLES) : null;

    console.log('insights: the whole sitemap (index and parts)');
    let entries = 0;
    let bytes = 0;
    // The index and every part, each body read whole (fetch takes gzip and inflates it, as a crawler does).
    const readSitemap = async () => {
      bytes = 0;
      const index = await getOk(`${origin}/sitemap.xml`, {});
      bytes += index.length;
      const parts = [...index.matchAll(/<loc>[^<]*\/sitemaps\/(\d+)\.xml<\/loc>/g)].map((m) => m[1]);
      for (const n of parts) {
        const res = await fetch(`${origin}/sitemaps/${n}.xml`);
        if (res.status !== 200) throw new Error(`/sitemaps/${n}.xml answered ${res.status}`);
        bytes += (await res.arrayBuffer()).byteLength;
      }
      return { index, parts };
    };
    // The entries are counted once, outside the timings.
    if (runs('sitemap')) {
      const { index, parts } = await readSitemap();
      entries = parts.length === 0 ? (index.match(/<url>/g) ?? []).length : 0;
      for (const n of parts)
        entries += ((await getOk(`${origin}/sitemaps/${n}.xml`, {})).match(/<url>/g) ?? []).length;
    }
    // Generated anew: the stored files deleted, so that the next read generates and stores them (as the first read
    // ever does; after a catalogue change the job does the same work on a worker), then the whole sitemap read.
    const sitemapCold = runs('sitemap')
      ? await timed(async () => {
          await data`delete from sitemap_files`;
          await readSitemap();
        }, 3)
      : null;
    const sitemapTimes = runs('sitemap') ? await timed(readSitemap, 10) : null;

    const explain = async (query) =>
      (await data.unsafe(`explain (analyze, buffers off, timing off, costs off) ${query}`))
        .map((r) => `    ${r['QUERY PLAN']}`)
        .join('\n');
    // The page's id queries of apps/api/src/modules/admin-reactions/queries.ts, at page 200.
    const likesPlan = await explain(`
      select c.video_id as id from video_reaction_counts c order by c.likes desc, c.video_id desc limit 20 offset 3980`);
    const instructorPlan = await explain(`
      select v.id from instructors i
      cross join lateral (select v.id, lower(v.title) as title_key from videos v where v.instructor_id = i.id) v
      order by lower(i.name) desc, v.title_key asc, v.id asc limit 20 offset 3980`);
    const weeklyPlan = await explain(`
      select count(*) from subscriptions where created_at >= now() - interval '7 days' and created_at < now()`);

    // The overview's other reads (decision 0059), with JIT off as the API's pool has it.
    await data`set jit = off`;
    const membersPlan = await explain(`
      select plan_id, status, members from member_plan_counts where members > 0 order by plan_id, status`);
    const watchPlan = await explain(`
      select video_id, seconds from video_watch_windows where days = 90 and seconds > 0
      order by seconds desc nulls last, video_id limit 10`);
    const minutesPlan = await explain(`
      select to_char(g.d, 'YYYY-MM-DD') as day,
        coalesce(round((coalesce(t.seconds,
          (select sum(w.seconds::float8) from video_watch_daily w where w.day = g.d)) / 60)::numeric, 1), 0)::float8 as minutes
      from (select generate_series('${from}'::date, '${to}'::date, interval '1 day')::date as d) g
      left join watch_day_totals t on t.day = g.d order by g.d`);
    const windowPlan = await explain(`
      select video_id, likes from video_likes_windows where days = 90 and likes > 0
      order by likes desc nulls last, video_id limit 10`);
    const load = (l) => l.map((x) => formatNumber(x, 1)).join(', ');

    const rows = [];
    const details = [
      `- insights: PostgreSQL at ${url.host}, ${formatNumber(VIDEOS)} videos, ${formatNumber(MEMBERS)} members with a subscription each, ${formatNumber(MEMBERS * REACTIONS_PER_MEMBER)} reactions, ${formatNumber(MEMBERS * WATCHED_PER_MEMBER)} progress rows, 120 days of daily watch rollups (${isReused ? 'kept from an earlier run' : `generated in ${formatNumber(generatedIn, 0)} s`}); API as built, NODE_ENV=production, an admin's session; sequential requests timed at the client; parts run: ${ONLY.join(', ')}; load average (1, 5, 15 min) at the start ${load(loadAtStart)}, at the end ${load(os.loadavg())}.`,
    ];
    if (runs('list')) {
      rows.push({
        measure: `Reaction list on ${formatNumber(VIDEOS)} videos and ${formatNumber(MEMBERS * REACTIONS_PER_MEMBER)} reactions, worst p95 of ${sorts.length} sorts x ${filters.length} filters`,
        result: `${formatNumber(worstList.p95, 1)} ms (${worstList.sort}, ${worstList.filter})`,
        budget: '< 50 ms',
        isWithin: worstList.p95 < 50,
      });
      details.push(
        `  - reaction list p95 by sort and filter (ms): ${listResults.map((r) => `${r.sort}/${r.filter} ${formatNumber(r.p95, 1)}`).join(', ')}`,
        `  - for reference, GET /auth/session with the same session (no list) in the same run: p50 ${formatNumber(sessionTimes.p50, 1)} ms, p95 ${formatNumber(sessionTimes.p95, 1)} ms`,
      );
    }
    if (overviewTimes) {
      rows.push({
        measure: `Overview of 90 days on ${formatNumber(MEMBERS)} members, p95`,
        result: `${formatNumber(overviewTimes.p95, 1)} ms (p50 ${formatNumber(overviewTimes.p50, 1)} ms)`,
        budget: '< 300 ms',
        isWithin: overviewTimes.p95 < 300,
      });
      details.push(
        `  - overview: p50 ${formatNumber(overviewTimes.p50, 1)} ms, p95 ${formatNumber(overviewTimes.p95, 1)} ms, max ${formatNumber(overviewTimes.max, 1)} ms`,
      );
    }
    if (sitemapTimes && sitemapCold) {
      rows.push({
        measure: `Sitemap of ${formatNumber(VIDEOS)} videos: index and every part, read whole (gzip), p95 of 10`,
        result: `${formatNumber(sitemapTimes.p95 / 1000, 2)} s (${formatNumber(entries)} entries, ${formatNumber(bytes / 1e6, 1)} MB)`,
        budget: '< 2 s',
        isWithin: sitemapTimes.p95 < 2000,
      });
      rows.push({
        measure: `Sitemap of ${formatNumber(VIDEOS)} videos generated anew (none stored), stored, and read whole, max of 3`,
        result: `${formatNumber(sitemapCold.max / 1000, 2)} s (p50 ${formatNumber(sitemapCold.p50 / 1000, 2)} s)`,
        budget: '< 2 s',
        isWithin: sitemapCold.max < 2000,
      });
      details.push(
        `  - sitemap, stored: p50 ${formatNumber(sitemapTimes.p50 / 1000, 2)} s, max ${formatNumber(sitemapTimes.max / 1000, 2)} s; generated anew each time: p50 ${formatNumber(sitemapCold.p50 / 1000, 2)} s, max ${formatNumber(sitemapCold.max / 1000, 2)} s`,
      );
    }
    const plan = (title, text) => ['', `  - ${title}:`, '', '```', text, '```'];
    details.push(
      ...plan(
        'EXPLAIN of the likes sort, page 200 (the counts index alone, walked backwards; no video joined)',
        likesPlan,
      ),
      ...plan(
        "EXPLAIN of the instructor sort, page 200 (instructors in name order, each one's videos, an incremental sort per instructor)",
        instructorPlan,
      ),
      ...plan('EXPLAIN of a week of new subscriptions (the created_at index)', weeklyPlan),
      ...plan(
        "EXPLAIN of the overview's most liked of the last 90 days (the likes window, decision 0053)",
        windowPlan,
      ),
      ...plan("EXPLAIN of the overview's members by plan (the counts, decision 0059)", membersPlan),
      ...plan(
        "EXPLAIN of the overview's most watched of the last 90 days (the watch window, decision 0059)",
        watchPlan,
      ),
      ...plan(
        "EXPLAIN of the overview's minutes per day of 90 days (closed days' totals, today summed; decision 0059)",
        minutesPlan,
      ),
    );
    return { rows, details };
  } finally {
    await data.end().catch(() => {});
    await stopGroup(api);
    if (!isKeep) await admin.unsafe(`drop database if exists ${DB_NAME} with (force)`).catch(() => {});
    await admin.end().catch(() => {});
    rmSync(workDir, { recursive: true, force: true });
  }
}
