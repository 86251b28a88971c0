import { formatNumber } from './lib.mjs';
import { withServedMemberBuild } from './member-preview.mjs';

const API_PORT = Number(process.env.BENCH_LCP_API_PORT ?? 3320);
const PREVIEW_PORT = Number(process.env.BENCH_LCP_PREVIEW_PORT ?? 3321);
const BUDGET_MS = 1500;
const RUNS = 5;

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
  // No demo media: the home page plays nothing.
  return withServedMemberBuild(
    { label: 'lcp', apiPort: API_PORT, previewPort: PREVIEW_PORT },
    async ({ browser, base }) => {
      const url = `${base}/`;
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
        `- lcp: headless Chromium against \`vite preview\` of the member build and a seeded API (PGlite, no demo media), ` +
          `no throttling, fresh context per load, after one warm-up load.`,
      );
      return { rows, details };
    },
  );
}
