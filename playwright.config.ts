import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the real API (on a fresh embedded database, seeded)
 * and both apps' Vite servers. Ports differ from `pnpm dev` so a running dev stack does not interfere.
 */
// E2E_PORT_BASE lets several runs share a machine (each takes base, base+1, base+2).
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 0);
const API_PORT = PORT_BASE ? PORT_BASE : 3100;
const MEMBER_PORT = PORT_BASE ? PORT_BASE + 1 : 5273;
const ADMIN_PORT = PORT_BASE ? PORT_BASE + 2 : 5274;
const dataDir = `${process.env.TMPDIR ?? '/tmp'}/dance-e2e-${process.pid}`;
const api = `http://localhost:${API_PORT}`;
const appEnv = {
  VITE_CACHE_NAME: `e2e-${PORT_BASE || 'default'}`,
  API_PROXY_TARGET: api,
  VITE_MEMBER_URL: `http://localhost:${MEMBER_PORT}`,
  VITE_ADMIN_URL: `http://localhost:${ADMIN_PORT}`,
};

/**
 * Each app as it ships: built once, then served by `vite preview` (the same proxy as the dev server). A test
 * opens a fresh browser context, so it loads the app with an empty cache: a dozen built files instead of the dev
 * server's hundreds of modules, which is most of a suite's time. `E2E_DEV_SERVERS=1` uses the dev servers instead
 * (no build, for working on a test).
 */
function appServer(app: 'member' | 'admin', port: number) {
  if (process.env.E2E_DEV_SERVERS === '1')
    return `pnpm --filter @dance/${app} exec vite --port ${port} --strictPort`;
  const outDir = `${dataDir}-${app}-dist`;
  return `pnpm --filter @dance/${app} exec sh -c 'vite build --logLevel warn --emptyOutDir --outDir ${outDir} && vite preview --outDir ${outDir} --port ${port} --strictPort'`;
}

export default defineConfig({
  testDir: '.',
  testMatch: ['apps/*/e2e/**/*.spec.ts'],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Long enough for a CI machine at load 11-16 (two lanes of servers and browsers on 2 cores), where 30 s per
  // test and 7 s per check timed out on pages that were only slow; a failing check still fails, only later.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'member',
      testMatch: 'apps/member/e2e/**/*.spec.ts',
      use: { baseURL: `http://localhost:${MEMBER_PORT}` },
    },
    {
      name: 'admin',
      testMatch: 'apps/admin/e2e/**/*.spec.ts',
      use: { baseURL: `http://localhost:${ADMIN_PORT}` },
    },
  ],
  webServer: [
    {
      // Node 24's V8 can abort a process running PGlite's WebAssembly ("Check failed:
      // jit_page_->allocations_.erase(addr) == 1", nodejs/node#64500, open): a crashed API is started again on a
      // fresh data folder, so one test fails instead of the whole run.
      command: `sh -c 'for attempt in 1 2 3; do pnpm --filter @dance/api exec tsx src/server.ts && exit 0; echo "e2e API exited with $?, starting it again" >&2; rm -rf "$DATA_DIR"; done; exit 1'`,
      url: `${api}/health`,
      env: {
        PORT: String(API_PORT),
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        SEED_DEMO_DATA: 'true',
        LOG_LEVEL: 'warn',
        // Several e2e runs share a machine: no metrics listener (its port would clash).
        METRICS_PORT: '0',
        // No load shedding in this test fixture: two lanes (scripts/e2e.mjs) on a shared 2-core machine lag the
        // event loop past 1 s at times, and a 503 OVERLOADED then failed a test that was not about load (the
        // TRC guard's access check). The guards keep their own API tests (decision 0060).
        MAX_EVENT_LOOP_DELAY_MS: '0',
        MAX_DB_QUEUE_MS: '0',
        MEMBER_APP_URL: `http://localhost:${MEMBER_PORT}`,
        ADMIN_APP_URL: `http://localhost:${ADMIN_PORT}`,
      },
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: appServer('member', MEMBER_PORT),
      url: `http://localhost:${MEMBER_PORT}`,
      env: appEnv,
      reuseExistingServer: false,
      timeout: 300_000,
    },
    {
      command: appServer('admin', ADMIN_PORT),
      url: `http://localhost:${ADMIN_PORT}`,
      env: appEnv,
      reuseExistingServer: false,
      timeout: 300_000,
    },
  ],
});
