// Budget: the home page's Largest Contentful Paint in headless Chromium is under 1.5 s against the local
// build: the member app built and served by `vite preview` (proxying /api and /files to a seeded API).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import {
  assertPortsFree,
  formatNumber,
  loadChromium,
  ROOT,
  spawnGroup,
  stopGroup,
  waitForOk,
} from './lib.mjs';

const API_PORT = Number(process.env.BENCH_LCP_API_PORT ?? 3320);
const PREVIEW_PORT = Number(process.env.BENCH_LCP_PREVIEW_PORT ?? 3321);
const BUDGET_MS = 1500;
const RUNS = 5;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Loads the page in a fresh context and reads the last LCP entry once the page has settled. */
async function measureOnce(browser, url, viewport) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  const lcp = await page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          const last = entries[entries.length - 1];
          resolve({
            ms: last.startTime,
            element: last.element
              ? `${last.element.tagName.toLowerCase()}${last.element.id ? `#${last.element.id}` : ''}`
              : String(last.url || 'text'),
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await context.close();
  return lcp;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function runLcp() {
  const chromium = loadChromium();
  await assertPortsFree([API_PORT, PREVIEW_PORT]);

  console.log('lcp: building the member app (pnpm --filter @dance/member build)');
  const build = spawnSync('pnpm', ['--filter', '@dance/member', 'build'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
    timeout: 300_000,
  });
  if (build.status !== 0) throw new Error(`the member build failed\n${build.stdout}${build.stderr}`);

  const workDir = mkdtempSync(join(os.tmpdir(), 'dance-bench-lcp-'));
  const apiEnv = {
    ...process.env,
    PORT: String(API_PORT),
    DATA_DIR: join(workDir, 'data'),
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'true',
    RATE_LIMIT_MAX: '1000000',
  };
  delete apiEnv.DATABASE_URL;
  const api = spawnGroup('pnpm', ['--filter', '@dance/api', 'exec', 'tsx', 'src/server.ts'], {
    env: apiEnv,
    logFile: join(workDir, 'api.log'),
  });
  const preview = spawnGroup(
    'pnpm',
    ['--filter', '@dance/member', 'exec', 'vite', 'preview', '--port', String(PREVIEW_PORT), '--strictPort'],
    {
      env: { ...process.env, API_PROXY_TARGET: `http://localhost:${API_PORT}` },
      logFile: join(workDir, 'preview.log'),
    },
  );
  let browser;
  try {
    await waitForOk(`http://localhost:${API_PORT}/health`, { child: api, timeoutMs: 120_000 });
    await waitForOk(`http://localhost:${PREVIEW_PORT}/`, { child: preview, timeoutMs: 60_000 });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
    const url = `http://localhost:${PREVIEW_PORT}/`;
    // One warm-up load: the API's first answers compile queries and warm PGlite.
    await measureOnce(browser, url, { width: 1280, height: 800 });
    const rows = [];
    const details = [];
    for (const [label, viewport] of [
      ['desktop 1280x800', { width: 1280, height: 800 }],
      ['mobile 390x844', { width: 390, height: 844 }],
    ]) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await measureOnce(browser, url, viewport));
      const ms = median(runs.map((run) => run.ms));
      rows.push({
        measure: `Home page LCP, ${label} (median of ${RUNS})`,
        result: `${formatNumber(ms)} ms`,
        budget: `< ${formatNumber(BUDGET_MS)} ms`,
        isWithin: ms < BUDGET_MS,
      });
      details.push(
        `- lcp ${label}: ${runs.map((run) => `${formatNumber(run.ms)} ms (${run.element})`).join(', ')}`,
      );
    }
    details.unshift(
      `- lcp: headless Chromium against \`vite preview\` of the member build and a seeded API (PGlite), ` +
        `no throttling, fresh context per load, after one warm-up load.`,
    );
    return { rows, details };
  } finally {
    await browser?.close();
    await stopGroup(preview);
    await stopGroup(api);
    rmSync(workDir, { recursive: true, force: true });
  }
}
