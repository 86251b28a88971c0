// Budget: /health throughput with every global plugin loaded is at least 0.9 of a bare Fastify
// hello-world, measured on the same machine in the same run with autocannon.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { benchApiEnv, spawnBuiltApi } from './api-server.mjs';
import {
  formatNumber,
  isListening,
  NotMeasured,
  ROOT,
  requireFromApi,
  spawnGroup,
  stopGroup,
  waitForOk,
} from './lib.mjs';
import { alternate, median, medianRatio } from './rounds.mjs';

// Overridable when another process holds the defaults (BENCH_API_PORT=3390 BENCH_BARE_PORT=3391 pnpm bench health).
const API_PORT = Number(process.env.BENCH_API_PORT ?? 3300);
const BARE_PORT = Number(process.env.BENCH_BARE_PORT ?? 3301);
const CONNECTIONS = 50;
// Rounds alternate between the two servers so background load on a shared machine hits both alike.
const ROUNDS = 15;
const ROUND_S = 2;
const DURATION_S = ROUNDS * ROUND_S;
const WARMUP_S = 2;
const BUDGET_RATIO = 0.9;

async function runCannon(autocannon, url, duration) {
  // Traffic only to localhost; autocannon stops by itself after `duration` seconds.
  const result = await autocannon({ url, connections: CONNECTIONS, duration, pipelining: 1 });
  const okCount = result['2xx'];
  return {
    // Only 200s count: an overloaded or rate-limited server answering fast 503s or 429s is not throughput.
    okPerSecond: okCount / duration,
    averagePerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    averageMs: result.latency.average,
    okCount,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const POSTGRES_API_PORT = API_PORT + 2;
const POSTGRES_DB = 'dance_bench_health';

/** The API on a fresh PostgreSQL database, or null when no PostgreSQL answers. */
async function startOnPostgres(apiEnv, workDir) {
  const postgres = requireFromApi('postgres');
  const admin = postgres(POSTGRES_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${POSTGRES_DB} with (force)`);
    await admin.unsafe(`create database ${POSTGRES_DB}`);
  } catch {
    await admin.end().catch(() => {});
    return null;
  }
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${POSTGRES_DB}`;
  const child = spawnBuiltApi({
    env: { ...apiEnv, PORT: String(POSTGRES_API_PORT), DATABASE_URL: url.toString() },
    logFile: join(workDir, 'api-postgres.log'),
  });
  return {
    child,
    async stop() {
      await stopGroup(child);
      await admin.unsafe(`drop database if exists ${POSTGRES_DB} with (force)`).catch(() => {});
      await admin.end();
    },
  };
}

export async function runHealth() {
  const autocannon = requireFromApi('autocannon');
  for (const port of [API_PORT, BARE_PORT]) {
    if (await isListening(`http://127.0.0.1:${port}/`)) {
      throw new NotMeasured(
        `port ${port} is in use; stop whatever listens there, or pick free ports with BENCH_API_PORT and BENCH_BARE_PORT`,
      );
    }
  }
  const workDir = mkdtempSync(join(os.tmpdir(), 'dance-bench-health-'));
  const apiEnv = benchApiEnv({ port: API_PORT, dataDir: join(workDir, 'data') });
  const api = spawnBuiltApi({ env: apiEnv, logFile: join(workDir, 'api.log') });
  // Production runs on PostgreSQL: when one answers, the same API on it is measured beside the embedded PGlite.
  const postgresApi = await startOnPostgres(apiEnv, workDir);
  const bare = spawnGroup(process.execPath, [join(ROOT, 'scripts/bench/hello-fastify.mjs')], {
    env: { ...process.env, PORT: String(BARE_PORT) },
    logFile: join(workDir, 'bare.log'),
  });
  try {
    const apiUrl = `http://127.0.0.1:${API_PORT}/health`;
    const bareUrl = `http://127.0.0.1:${BARE_PORT}/health`;
    await waitForOk(apiUrl, { child: api, timeoutMs: 90_000 });
    await waitForOk(bareUrl, { child: bare, timeoutMs: 30_000 });
    const postgresUrl = postgresApi && `http://127.0.0.1:${POSTGRES_API_PORT}/health`;
    if (postgresApi) await waitForOk(postgresUrl, { child: postgresApi.child, timeoutMs: 90_000 });

    console.log(
      `health: warming up ${WARMUP_S} s each, then ${DURATION_S} s each at ${CONNECTIONS} connections`,
    );
    await runCannon(autocannon, bareUrl, WARMUP_S);
    await runCannon(autocannon, apiUrl, WARMUP_S);
    if (postgresUrl) await runCannon(autocannon, postgresUrl, WARMUP_S);
    const [bareRounds, apiRounds, postgresRounds] = await alternate(
      ROUNDS,
      [bareUrl, apiUrl, postgresUrl].filter(Boolean),
      (url) => runCannon(autocannon, url, ROUND_S),
    );
    const ratio = medianRatio(apiRounds, bareRounds, 'okPerSecond');
    const p99Ratio = median(apiRounds.map((r, round) => r.p99Ms / Math.max(bareRounds[round].p99Ms, 1)));
    const summarise = (rounds) => ({
      okPerSecond: median(rounds.map((r) => r.okPerSecond)),
      p99Ms: median(rounds.map((r) => r.p99Ms)),
      non2xx: rounds.reduce((total, r) => total + r.non2xx, 0),
      errors: rounds.reduce((total, r) => total + r.errors, 0),
      timeouts: rounds.reduce((total, r) => total + r.timeouts, 0),
    });
    // The spread shows how far one round moves on a shared machine.
    const roundRatios = (rounds) =>
      rounds.map((r, round) => formatNumber(r.okPerSecond / bareRounds[round].okPerSecond, 2)).join(', ');
    const bareResult = summarise(bareRounds);
    const apiResult = summarise(apiRounds);
    const describe = (r) =>
      `${formatNumber(r.okPerSecond)} req/s, p99 ${formatNumber(r.p99Ms)} ms` +
      (r.non2xx || r.errors || r.timeouts
        ? ` (non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts})`
        : '');
    return {
      rows: [
        {
          measure: '`/health` throughput, API with every global plugin vs bare Fastify',
          result: `${formatNumber(ratio, 2)} (median round ${formatNumber(apiResult.okPerSecond)} vs ${formatNumber(bareResult.okPerSecond)} req/s)`,
          budget: `>= ${BUDGET_RATIO}`,
          isWithin: ratio >= BUDGET_RATIO,
        },
        ...(postgresRounds
          ? [
              {
                measure: '`/health` throughput, the same API on PostgreSQL (production) vs bare Fastify',
                result: `${formatNumber(medianRatio(postgresRounds, bareRounds, 'okPerSecond'), 2)} (median round ${formatNumber(median(postgresRounds.map((r) => r.okPerSecond)))} req/s)`,
                budget: `>= ${BUDGET_RATIO}`,
                isWithin: medianRatio(postgresRounds, bareRounds, 'okPerSecond') >= BUDGET_RATIO,
              },
            ]
          : []),
        {
          measure: '`/health` p99 latency, API vs bare Fastify',
          result: `${formatNumber(apiResult.p99Ms)} ms vs ${formatNumber(bareResult.p99Ms)} ms (median round; median ratio ${formatNumber(p99Ratio, 1)}x)`,
          budget: '(reported)',
          isWithin: null,
        },
      ],
      details: [
        `- health: autocannon ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${ROUND_S} s per server after a ${WARMUP_S} s warm-up, ` +
          'one server at a time, load generator on the same machine; req/s counts 200 answers only; the ratio is the median of the per-round ratios.',
        `  - API (built bundle, \`node dist/server.js\`, NODE_ENV=production, PGlite, rate limit raised): ${describe(apiResult)}`,
        ...(postgresRounds
          ? [`  - the same API on PostgreSQL (${POSTGRES_DB}): ${describe(summarise(postgresRounds))}`]
          : []),
        `  - bare Fastify (\`scripts/bench/hello-fastify.mjs\`): ${describe(bareResult)}`,
        `  - per-round ratios, API on PGlite: ${roundRatios(apiRounds)}`,
        ...(postgresRounds
          ? [`  - per-round ratios, API on PostgreSQL: ${roundRatios(postgresRounds)}`]
          : []),
      ],
    };
  } finally {
    await Promise.all([stopGroup(api), stopGroup(bare), postgresApi?.stop()]);
    rmSync(workDir, { recursive: true, force: true });
  }
}
