import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, findPlayable, videoState } from './helpers';

/**
 * First frame on intent (decision 0056): hovering a card asks for the playback answer and the stream's
 * start before the click; the player then uses them and never asks for the answer again.
 */
async function openList(page: Page) {
  const login = await page.request.post('/api/v1/auth/login', {
    data: { email: 'vip@demo.test', password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const videoId = await findPlayable(page.request, 'library');
  // The player starts from 0 (an earlier test may have left vip@demo.test mid-video).
  const { csrfToken } = await login.json();
  await page.request.delete(`/api/v1/me/history/${videoId}`, { headers: { 'x-csrf-token': csrfToken } });
  const playbackRequests: string[] = [];
  /** The folder of the video's signed media URLs (from its playback answer), to tell its segments apart. */
  const media = { prefix: '' };
  const requestedSegments: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === `/api/v1/videos/${videoId}/playback`) playbackRequests.push(path);
    if (path.endsWith('.ts')) requestedSegments.push(request.url());
  });
  // Filtered when read: the answer's body (and with it the prefix) can reach the test after the browser has
  // already asked for the first segment.
  const segments = () => requestedSegments.filter((url) => media.prefix && url.startsWith(media.prefix));
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname !== `/api/v1/videos/${videoId}/playback`) return;
    const answer = await response.json().catch(() => null);
    const hlsUrl: string | undefined = answer?.source?.hlsUrl;
    if (hlsUrl) media.prefix = new URL(hlsUrl, response.url()).href.replace(/[^/]+$/, '');
  });
  // The list's thumbnails alone fill Resource Timing's default buffer of 250 entries.
  await page.addInitScript(() => performance.setResourceTimingBufferSize(5000));
  await page.goto('/AllVideos');
  // The grid settles first (thumbnails and the idle warm-up of the first card): a card that moves away under a
  // resting pointer ends the intent, and with it the warm-up.
  await page.waitForLoadState('networkidle');
  const card = page.locator(`article a[href*="v=${videoId}"]`).first();
  await card.scrollIntoViewIfNeeded();
  return { videoId, card, playbackRequests, segments, media };
}

test.describe('player warm-up on intent', () => {
  test.setTimeout(120_000);

  test('hovering a card fetches the playback answer and the first segment once; the player asks for neither again', async ({
    page,
  }) => {
    const { videoId, card, playbackRequests, segments, media } = await openList(page);
    await card.hover();
    // The answer and the stream's first segment arrive while the pointer rests on the card.
    await expect.poll(() => playbackRequests.length, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => segments().length, { timeout: 15_000 }).toBeGreaterThan(0);
    // One segment, over the network once: the start chain's fetch of the start files (decisions 0069 and 0070,
    // in a worker, whose Resource Timing is its own) and hls.js's request for the same URL show as two entries,
    // the second joined or served from the cache (0 bytes).
    const segmentEntries = async (prefix: string) => {
      const read = (mediaPrefix: string) =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((e) => e.name.startsWith(mediaPrefix) && e.name.endsWith('.ts'))
          .map((e) => ({ name: e.name, bytes: e.transferSize }));
      const [inPage, ...inWorkers] = await Promise.all([
        page.evaluate(read, prefix),
        ...page.workers().map((worker) => worker.evaluate(read, prefix).catch(() => [])),
      ]);
      return [
        ...inPage.map((e) => ({ ...e, where: 'page' })),
        ...inWorkers.flat().map((e) => ({ ...e, where: 'worker' })),
      ];
    };
    // The warm-up is complete once its element's hls.js has the segment too: its request shows only when it ends,
    // and read before that it would be taken for the player's asking again.
    await expect
      .poll(async () => (await segmentEntries(media.prefix)).map((e) => e.where).sort(), { timeout: 15_000 })
      .toEqual(['page', 'worker']);
    const warmedEntries = await segmentEntries(media.prefix);
    const warmed = [...new Set(warmedEntries.map((e) => e.name))];
    expect(warmed.length).toBe(1);
    // It came over the network in the start chain's worker, off the main thread.
    expect(warmedEntries.filter((e) => e.bytes > 0).map((e) => e.where)).toEqual(['worker']);
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/PlayerPage\\?v=${videoId}`));
    // It plays (the first frames; on a busy machine the dev server's player may take its time).
    await expect.poll(async () => (await videoState(page)).time, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(playbackRequests).toHaveLength(1);
    // The player adopted the warmed element (decision 0061): its first segment, buffered there, is never asked
    // for again, not even from the HTTP cache.
    const firstSegment = (await segmentEntries(media.prefix)).filter((e) => e.name === warmed[0]);
    expect(firstSegment).toHaveLength(warmedEntries.length);
  });

  test('with Save-Data nothing is warmed: the answer is asked for at the click only', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', {
        configurable: true,
        value: { saveData: true, effectiveType: '4g', addEventListener() {}, removeEventListener() {} },
      });
    });
    const { videoId, card, playbackRequests } = await openList(page);
    await card.hover();
    await page.waitForTimeout(1500);
    expect(playbackRequests).toHaveLength(0);
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/PlayerPage\\?v=${videoId}`));
    await expect.poll(async () => (await videoState(page)).time, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(playbackRequests).toHaveLength(1);
  });
});
