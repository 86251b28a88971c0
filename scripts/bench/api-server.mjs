// The API as production runs it: the esbuild bundle (`pnpm --filter @dance/api build`), started with
// `node dist/server.js`. Benchmarks measure this, not the tsx development loader.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, spawnGroup } from './lib.mjs';

const API_DIR = join(ROOT, 'apps/api');
let isBuilt = false;

/** Builds the API bundle once per bench run. */
export function buildApi() {
  if (isBuilt) return;
  const result = spawnSync('pnpm', ['--filter', '@dance/api', 'build'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (result.status !== 0) throw new Error(`the API build failed:\n${result.stdout}\n${result.stderr}`);
  isBuilt = true;
}

/** Starts the built API with the given environment; stop it with stopGroup. */
export function spawnBuiltApi({ env, logFile }) {
  buildApi();
  return spawnGroup(process.execPath, ['dist/server.js'], { cwd: API_DIR, env, logFile });
}

/**
 * The environment of a benchmarked API in production mode: quiet logs, no demo data, a rate limit no bench
 * reaches, on PostgreSQL when `databaseUrl` is given, otherwise on a PGlite folder under `dataDir`.
 */
export function benchApiEnv({ port, dataDir, databaseUrl = null }) {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    SEED_DEMO_DATA: 'false',
    // Benches run several APIs at once: no metrics listener unless a bench asks for one.
    METRICS_PORT: process.env.METRICS_PORT ?? '0',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  return env;
}
