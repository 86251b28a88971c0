import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, findPlayable } from './helpers';

const SEGMENT_SECONDS = 4;

const bufferedAhead = (page: Page) =>
  page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => {
    for (let i = 0; i < v.buffered.length; i += 1) {
      if (v.buffered.start(i) <= v.currentTime + 0.5 && v.buffered.end(i) >= v.currentTime)
        return v.buffered.end(i) - v.currentTime;
    }
    return 0;
  });

/**
 * A paused player (opened from an address, it waits for Play) for 12 s: it buffers up to the cap and then
 * stops fetching; every segment fetched is in the buffer (none fetched twice). Measured from the requests.
 */
async function measurePaused(page: Page, cap: number) {
  const login = await page.request.post('/api/v1/auth/login', {
    data: { email: 'vip@demo.test', password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const videoId = await findPlayable(page.request, 'library');
  const { durationSeconds } = await (await page.request.get(`/api/v1/videos/${videoId}`)).json();
  // The demo video is long enough for the cap to matter.
  expect(durationSeconds).toBeGreaterThan(cap * 2);
  const segments: { url: string; at: number }[] = [];
  page.on('requestfinished', (r) => {
    if (/\/seg_[^/]*\.ts$/.test(new URL(r.url()).pathname)) segments.push({ url: r.url(), at: Date.now() });
  });
  await page.goto(`/PlayerPage?v=${videoId}`);
  await expect
    .poll(async () => page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.readyState))
    .toBeGreaterThanOrEqual(2);
  await page.waitForTimeout(12_000);
  const state = await page
    .getByTestId('player-video')
    .evaluate((v: HTMLVideoElement) => ({ paused: v.paused, time: v.currentTime }));
  expect(state.paused).toBe(true);
  const ahead = await bufferedAhead(page);
  // Buffered up to the cap (a segment over at most), not minutes ahead.
  expect(ahead).toBeGreaterThanOrEqual(cap - SEGMENT_SECONDS);
  expect(ahead).toBeLessThanOrEqual(cap + SEGMENT_SECONDS);
  // Every fetched segment is in the buffer: nothing was fetched twice (nor at another quality for the same time).
  // Counted from the start of the segment on screen: the player resumes where an earlier test left vip@demo.test,
  // often mid-segment.
  const covered = state.time + ahead - Math.floor(state.time / SEGMENT_SECONDS) * SEGMENT_SECONDS;
  expect(segments.length).toBeLessThanOrEqual(Math.round(covered / SEGMENT_SECONDS));
  // Full and paused: no more fetching.
  const fetched = segments.length;
  await page.waitForTimeout(4_000);
  expect(segments.length).toBe(fetched);
}

test.describe('player forward buffer', () => {
  test.setTimeout(120_000);

  test('a paused player buffers 30 s ahead, then stops; no segment is fetched twice', async ({ page }) => {
    await measurePaused(page, 30);
  });

  test('with Save-Data it buffers 15 s ahead', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', {
        configurable: true,
        value: { saveData: true, effectiveType: '4g', addEventListener() {}, removeEventListener() {} },
      });
    });
    await measurePaused(page, 15);
  });
});
