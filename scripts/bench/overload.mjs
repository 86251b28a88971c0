// Issue 13, finding 11: a burst of 200 connections on search against the built API on PostgreSQL, with the
// database queue guard off (MAX_DB_QUEUE_MS=0, the old behaviour) and on (the default). Search terms vary per
// request so the per-instance cache (decision 0015) cannot answer them: every request queries the database.
// Needs PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); it creates and drops
// its own database (BENCH_OVERLOAD_KEEP=1 keeps and reuses it).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { benchApiEnv, spawnBuiltApi } from './api-server.mjs';
import { generate } from './catalogue.mjs';
import { connectAdminPostgres, formatNumber, requireFromApi, sleep, stopGroup, waitForOk } from './lib.mjs';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const API_PORT = Number(process.env.BENCH_OVERLOAD_PORT ?? 3330);
const DB_NAME = 'dance_bench_overload';
const isKeep = process.env.BENCH_OVERLOAD_KEEP === '1';
const CONNECTIONS = 200;
const DURATION_S = Number(process.env.BENCH_OVERLOAD_SECONDS ?? 15);
const WORDS = [
  'pirouette',
  'jazz',
  'leap',
  'stretch',
  'groove',
  'turns',
  'ballet',
  'contemporary',
  'piroutte',
  'grove',
];

let counter = 0;
/** A search path no earlier request asked: a word and an instructor number, or a misspelling. */
function nextSearchPath() {
  counter += 1;
  const word = WORDS[counter % WORDS.length];
  return `/api/v1/videos/search?q=${word}%20${1 + ((counter * 7919) % 500)}&page=${1 + (counter % 3)}`;
}

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** 200 connections for DURATION_S on varying searches; a side probe times single requests during the burst. */
async function burst(autocannon, base) {
  const probeTimes = { 200: [], 503: [], other: [] };
  let isRunning = true;
  const probing = (async () => {
    await sleep(2000); // into the burst
    while (isRunning) {
      const started = performance.now();
      const res = await fetch(base + nextSearchPath()).catch(() => null);
      await res?.arrayBuffer();
      const ms = performance.now() - started;
      (probeTimes[res?.status] ?? probeTimes.other).push(ms);
      await sleep(50);
    }
  })();
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION_S,
    pipelining: 1,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: nextSearchPath() }) }],
  });
  isRunning = false;
  await probing;
  const statuses = result.statusCodeStats ?? {};
  const total = Object.values(statuses).reduce((sum, s) => sum + s.count, 0) || 1;
  const count = (code) => statuses[code]?.count ?? 0;
  for (const list of Object.values(probeTimes)) list.sort((a, b) => a - b);
  return {
    total,
    ok: count(200),
    shed: count(503),
    other: total - count(200) - count(503),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    okRps: count(200) / DURATION_S,
    probe200p99: percentile(probeTimes[200], 0.99),
    probe503p50: percentile(probeTimes[503], 0.5),
    probe503p99: percentile(probeTimes[503], 0.99),
    probe200p50: percentile(probeTimes[200], 0.5),
    probe503max: probeTimes[503].at(-1) ?? 0,
    probe503count: probeTimes[503].length,
    probeCount: probeTimes[200].length + probeTimes[503].length + probeTimes.other.length,
  };
}

export async function runOverload() {
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
  const workDir = mkdtempSync(join(os.tmpdir(), 'dance-bench-overload-'));
  const base = `http://127.0.0.1:${API_PORT}`;
  const results = {};
  let api = null;
  try {
    for (const [label, limit] of [
      ['guard off (MAX_DB_QUEUE_MS=0)', '0'],
      ['guard on (default)', undefined],
    ]) {
      const env = benchApiEnv({
        port: API_PORT,
        dataDir: join(workDir, 'data'),
        databaseUrl: url.toString(),
      });
      if (limit !== undefined) env.MAX_DB_QUEUE_MS = limit;
      else delete env.MAX_DB_QUEUE_MS;
      api = spawnBuiltApi({ env, logFile: join(workDir, `api-${limit ?? 'default'}.log`) });
      await waitForOk(`${base}/ready`, { child: api, timeoutMs: 90_000 });
      const data = postgres(url.toString(), { max: 1, onnotice: () => {} });
      const [{ n }] = await data`select count(*)::int as n from videos`;
      if (n === 0) {
        const started = Date.now();
        await generate(data);
        console.log(`overload: generated in ${formatNumber((Date.now() - started) / 1000, 1)} s`);
      }
      await data.end();
      console.log(`overload: ${label}: ${CONNECTIONS} connections for ${DURATION_S} s`);
      await autocannon({ url: `${base}/api/v1/videos/search?q=warm`, connections: 10, duration: 2 });
      results[label] = await burst(autocannon, base);
      await sleep(1000);
      // Recovery: after the burst, a quiet request answers normally.
      const after = await fetch(base + nextSearchPath());
      results[label].afterStatus = after.status;
      console.log(label, results[label]);
      await stopGroup(api);
      api = null;
    }
    const rows = Object.entries(results).flatMap(([label, r]) => [
      {
        measure: `Search burst, ${label}: latency p50 / p99 / max (all answers)`,
        result: `${formatNumber(r.p50)} / ${formatNumber(r.p99)} / ${formatNumber(r.max)} ms`,
        budget: '',
        isWithin: null,
      },
      {
        measure: `Search burst, ${label}: answers`,
        result: `${formatNumber(r.total)} (${formatNumber(r.ok)} 200, ${formatNumber(r.shed)} 503 = ${formatNumber((100 * r.shed) / r.total, 1)}%, ${formatNumber(r.other)} other); ${formatNumber(r.okRps)} 200/s`,
        budget: 'no 5xx but 503',
        isWithin: r.other === 0,
      },
      {
        measure: `Search burst, ${label}: single requests during the burst`,
        result: `${r.probeCount} sent; 200 p50 / p99 ${formatNumber(r.probe200p50)} / ${formatNumber(r.probe200p99)} ms; ${r.probe503count} 503s, p50 / p99 / max ${formatNumber(r.probe503p50, 1)} / ${formatNumber(r.probe503p99, 1)} / ${formatNumber(r.probe503max, 1)} ms; after the burst: ${r.afterStatus}`,
        budget: '503 < 100 ms; 200 after',
        isWithin: (r.probe503count === 0 || r.probe503p99 < 100) && r.afterStatus === 200,
      },
    ]);
    return {
      rows,
      details: [
        `- overload: PostgreSQL at ${url.host} (the catalogue bench's 100,000 videos), API as built, NODE_ENV=production, pool of 10; autocannon ${CONNECTIONS} connections for ${DURATION_S} s on /api/v1/videos/search with a different term per request (no cache hits), with MAX_DB_QUEUE_MS=0 then the default; single requests timed every 50 ms from the bench during the burst.`,
      ],
    };
  } finally {
    if (api) await stopGroup(api);
    if (!isKeep) await admin.unsafe(`drop database if exists ${DB_NAME} with (force)`).catch(() => {});
    await admin.end().catch(() => {});
    rmSync(workDir, { recursive: true, force: true });
  }
}
