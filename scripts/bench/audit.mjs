// Issue 17 budget, on real PostgreSQL through the real API over HTTP with an admin session: the release audit's
// time series over 30 days of 1,000,000 events answers with p95 < 100 ms. The events are generated in SQL
// (about 23 a minute, four field types, statuses ok/error/retry, durations 0-2 s) and the rollups built from
// them as `rebuildReleaseAuditRollup` (apps/api/src/modules/release-audit/record.ts) does.
// Needs PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); it creates and drops
// its own database.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { benchApiEnv, spawnBuiltApi } from './api-server.mjs';
import { connectAdminPostgres, formatNumber, requireFromApi, stopGroup, waitForOk } from './lib.mjs';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const API_PORT = Number(process.env.BENCH_AUDIT_PORT ?? 3330);
const DB_NAME = 'dance_bench_audit';
const EVENTS = 1_000_000;
const DAYS = 30;
const WARM_UP = 20;
const SAMPLES = 200;

/** The histogram's bin edges, as apps/api/src/modules/release-audit/histogram.ts computes them. */
function durationEdges() {
  const edges = [];
  for (let k = 0; ; k++) {
    const edge = Math.round(1.25 ** k);
    if (edge > 600_000) break;
    if (edges.at(-1) !== edge) edges.push(edge);
  }
  return edges;
}

async function generate(sql, end) {
  const start = new Date(end.getTime() - DAYS * 86_400_000);
  const step = (DAYS * 86_400) / EVENTS;
  console.log(`audit: generating ${EVENTS.toLocaleString('en-US')} events over ${DAYS} days`);
  await sql.unsafe(
    `insert into release_audit_events (created_at, event, status, field_type, worker_id, job_id, item_id, duration_ms, attempts, message)
     select $1::timestamptz + (g * interval '${step} seconds'),
            'release.' || ft, (array['ok','ok','ok','ok','ok','ok','ok','ok','retry','error'])[1 + g % 10], ft,
            'bench-' || (g % 3), 'job-' || (g / 1000)::text, md5(g::text), ((g::bigint * 7919) % 2000)::int, 1 + (g % 10 = 8)::int, 'Released'
     from generate_series(1, ${EVENTS}) g,
          lateral (select (array['class-video','banner','popup','notification'])[1 + g % 4] as ft) f`,
    [start.toISOString()],
  );
  const edges = `{${durationEdges().join(',')}}`;
  const bins = durationEdges().length + 1;
  for (const grain of ['minute', 'hour']) {
    console.log(`audit: building the per-${grain} rollup`);
    await sql.unsafe(
      `with per_bin as (
         select date_trunc('${grain}', created_at, 'UTC') as bucket, field_type,
                width_bucket(duration_ms, $1::int[]) as bin, count(*)::int as n,
                (count(*) filter (where status = 'ok'))::int as ok,
                (count(*) filter (where status = 'error'))::int as errors,
                (count(*) filter (where status = 'retry'))::int as retries
         from release_audit_events group by 1, 2, 3),
       dense as (
         select k.bucket, k.field_type, s.bin, coalesce(p.n, 0) as n, coalesce(p.ok, 0) as ok,
                coalesce(p.errors, 0) as errors, coalesce(p.retries, 0) as retries
         from (select distinct bucket, field_type from per_bin) k
         cross join generate_series(0, ${bins - 1}) as s(bin)
         left join per_bin p on p.bucket = k.bucket and p.field_type = k.field_type and p.bin = s.bin)
       insert into release_audit_rollup (grain, bucket, field_type, count, ok, errors, retries, duration_hist)
       select '${grain}', bucket, field_type, sum(n)::int, sum(ok)::int, sum(errors)::int, sum(retries)::int,
              array_agg(n order by bin)
       from dense group by bucket, field_type`,
      [edges],
    );
  }
  await sql`vacuum analyze`;
}

function percentiles(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted[sorted.length - 1] };
}

export async function runAudit() {
  const postgres = requireFromApi('postgres');
  const admin = await connectAdminPostgres(ADMIN_URL);
  await admin.unsafe(`drop database if exists ${DB_NAME} with (force)`);
  await admin.unsafe(`create database ${DB_NAME}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  const workDir = mkdtempSync(join(os.tmpdir(), 'dance-bench-audit-'));
  const env = benchApiEnv({ port: API_PORT, dataDir: join(workDir, 'data'), databaseUrl: url.toString() });
  const api = spawnBuiltApi({ env, logFile: join(workDir, 'api.log') });
  const data = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    const base = `http://127.0.0.1:${API_PORT}/api/v1`;
    await waitForOk(`http://127.0.0.1:${API_PORT}/ready`, { child: api, timeoutMs: 90_000 });
    const end = new Date();
    const started = Date.now();
    await generate(data, end);
    console.log(`audit: generated in ${formatNumber((Date.now() - started) / 1000, 1)} s`);

    const password = 'Bench123!';
    const email = 'bench-admin@bench.test';
    const signUp = await fetch(`${base}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Bench',
        lastName: 'Admin',
        email,
        password,
        reEnteredPassword: password,
        role: 'dancer-parent',
        acceptTerms: true,
      }),
    });
    if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
    await data`update users set role = 'admin' where email = ${email}`;
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    const from = new Date(end.getTime() - DAYS * 86_400_000);
    const cases = [
      { name: '30 d, per hour, count', interval: 'hour', metric: 'count' },
      { name: '30 d, per hour, p95', interval: 'hour', metric: 'p95' },
      { name: '30 d, per day, p95', interval: 'day', metric: 'p95' },
      { name: '30 d, per hour, p95, one field type', interval: 'hour', metric: 'p95', fieldType: 'banner' },
    ];
    const results = [];
    let points = 0;
    for (const c of cases) {
      const times = [];
      for (let i = 0; i < WARM_UP + SAMPLES; i++) {
        // The end moves a second each request, as the page's refresh moves it: nothing answers from a cache.
        const query = new URLSearchParams({
          from: from.toISOString(),
          to: new Date(end.getTime() - i * 1000).toISOString(),
          interval: c.interval,
          metric: c.metric,
          ...(c.fieldType ? { fieldType: c.fieldType } : {}),
        });
        const t0 = performance.now();
        const res = await fetch(`${base}/admin/audit/timeseries?${query}`, { headers: { cookie } });
        const body = await res.json();
        const elapsed = performance.now() - t0;
        if (res.status !== 200) throw new Error(`timeseries answered ${res.status}: ${JSON.stringify(body)}`);
        points = body.series.length;
        if (i >= WARM_UP) times.push(elapsed);
      }
      results.push({ ...c, ...percentiles(times), points });
    }
    const summaryTimes = [];
    for (let i = 0; i < WARM_UP + SAMPLES; i++) {
      const query = new URLSearchParams({
        from: new Date(from.getTime() + i * 1000).toISOString(),
        to: new Date(end.getTime() - i * 1000).toISOString(),
      });
      const t0 = performance.now();
      const res = await fetch(`${base}/admin/audit/summary?${query}`, { headers: { cookie } });
      const body = await res.json();
      if (res.status !== 200) throw new Error(`summary answered ${res.status}`);
      if (i >= WARM_UP) summaryTimes.push(performance.now() - t0);
      if (i === 0 && Math.abs(body.totals.total - EVENTS) > EVENTS * 0.01)
        throw new Error(`the summary counted ${body.totals.total} events`);
    }
    const summary = percentiles(summaryTimes);
    const worst = Math.max(...results.map((r) => r.p95));
    return {
      rows: [
        {
          measure: `Audit time series over ${DAYS} days of ${EVENTS.toLocaleString('en-US')} events, p95 (GET, worst of ${results.length} cases)`,
          result: `${formatNumber(worst, 1)} ms`,
          budget: '< 100 ms',
          isWithin: worst < 100,
        },
        {
          measure: `Audit totals over the same ${DAYS} days, p95 (GET /admin/audit/summary)`,
          result: `${formatNumber(summary.p95, 1)} ms (p50 ${formatNumber(summary.p50, 1)} ms)`,
          budget: '',
          isWithin: null,
        },
      ],
      details: [
        `- audit: PostgreSQL at ${url.host}, ${EVENTS.toLocaleString('en-US')} events over ${DAYS} days (4 field types) with their per-minute and per-hour rollups; API as built, NODE_ENV=production, an admin's session; ${SAMPLES} sequential requests per case after ${WARM_UP} warm-up ones, timed at the client.`,
        ...results.map(
          (r) =>
            `  - ${r.name} (${r.points} points): p50 ${formatNumber(r.p50, 1)} ms, p95 ${formatNumber(r.p95, 1)} ms, p99 ${formatNumber(r.p99, 1)} ms, max ${formatNumber(r.max, 1)} ms`,
        ),
      ],
    };
  } finally {
    await data.end();
    await stopGroup(api);
    await admin.unsafe(`drop database if exists ${DB_NAME} with (force)`);
    await admin.end();
    rmSync(workDir, { recursive: true, force: true });
  }
}
