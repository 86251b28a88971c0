// Budget: /health throughput with every global plugin loaded is at least 0.9 of a bare Fastify
// hello-world, measured on the same machine in the same run with autocannon.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
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

// Overridable when another process holds the defaults (BENCH_API_PORT=3390 BENCH_BARE_PORT=3391 pnpm bench health).
const API_PORT = Number(process.env.BENCH_API_PORT ?? 3300);
const BARE_PORT = Number(process.env.BENCH_BARE_PORT ?? 3301);
const CONNECTIONS = 50;
const DURATION_S = 10;
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
  const apiEnv = {
    ...process.env,
    PORT: String(API_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: join(workDir, 'data'),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000',
    SEED_DEMO_DATA: 'false',
  };
  delete apiEnv.DATABASE_URL;
  const api = spawnGroup('pnpm', ['--filter', '@dance/api', 'exec', 'tsx', 'src/server.ts'], {
    env: apiEnv,
    logFile: join(workDir, 'api.log'),
  });
  const bare = spawnGroup(process.execPath, [join(ROOT, 'scripts/bench/hello-fastify.mjs')], {
    env: { ...process.env, PORT: String(BARE_PORT) },
    logFile: join(workDir, 'bare.log'),
  });
  try {
    const apiUrl = `http://127.0.0.1:${API_PORT}/health`;
    const bareUrl = `http://127.0.0.1:${BARE_PORT}/health`;
    await waitForOk(apiUrl, { child: api, timeoutMs: 90_000 });
    await waitForOk(bareUrl, { child: bare, timeoutMs: 30_000 });

    console.log(
      `health: warming up ${WARMUP_S} s each, then ${DURATION_S} s each at ${CONNECTIONS} connections`,
    );
    await runCannon(autocannon, bareUrl, WARMUP_S);
    await runCannon(autocannon, apiUrl, WARMUP_S);
    const bareResult = await runCannon(autocannon, bareUrl, DURATION_S);
    const apiResult = await runCannon(autocannon, apiUrl, DURATION_S);

    const ratio = apiResult.okPerSecond / bareResult.okPerSecond;
    const describe = (r) =>
      `${formatNumber(r.okPerSecond)} req/s, p99 ${formatNumber(r.p99Ms)} ms` +
      (r.non2xx || r.errors || r.timeouts
        ? ` (non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts})`
        : '');
    return {
      rows: [
        {
          measure: '`/health` throughput, API with every global plugin vs bare Fastify',
          result: `${formatNumber(ratio, 2)} (${formatNumber(apiResult.okPerSecond)} vs ${formatNumber(bareResult.okPerSecond)} req/s)`,
          budget: `>= ${BUDGET_RATIO}`,
          isWithin: ratio >= BUDGET_RATIO,
        },
        {
          measure: '`/health` p99 latency, API vs bare Fastify',
          result: `${formatNumber(apiResult.p99Ms)} ms vs ${formatNumber(bareResult.p99Ms)} ms`,
          budget: '(reported)',
          isWithin: null,
        },
      ],
      details: [
        `- health: autocannon ${CONNECTIONS} connections, ${DURATION_S} s per server after a ${WARMUP_S} s warm-up, ` +
          'one server at a time, load generator on the same machine; req/s counts 200 answers only.',
        `  - API (\`tsx src/server.ts\`, NODE_ENV=production, PGlite, rate limit raised): ${describe(apiResult)}`,
        `  - bare Fastify (\`scripts/bench/hello-fastify.mjs\`): ${describe(bareResult)}`,
      ],
    };
  } finally {
    await Promise.all([stopGroup(api), stopGroup(bare)]);
    rmSync(workDir, { recursive: true, force: true });
  }
}
