import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, findPlayable, videoState } from './helpers';

/** Every part of the box is inside the viewport (nothing clipped by the video frame or the screen). */
async function expectInViewport(page: Page, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  expect(box).not.toBeNull();
  expect(viewport).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
}

/** Opens a player menu, checks it fits the screen, picks an item (tapped, not scripted) and checks it closed. */
async function pick(page: Page, button: RegExp | string, item: string) {
  await page.getByRole('button', { name: button }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expectInViewport(page, menu);
  const entry = menu.getByRole('menuitem', { name: item, exact: true });
  await entry.scrollIntoViewIfNeeded();
  await expectInViewport(page, entry);
  // The item is the topmost element where it is drawn: a tap lands on it, not on the video.
  const box = (await entry.boundingBox())!;
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x ?? 0, y ?? 0)?.closest('[role="menuitem"]')?.textContent ?? null,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(hit).toBe(item);
  await entry.tap();
  await expect(menu).toBeHidden();
}

test.describe('player on a phone', () => {
  test.setTimeout(120_000);
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('every player menu fits and can be tapped at 360 px, in portrait and in landscape', async ({
    page,
  }) => {
    const login = await page.request.post('/api/v1/auth/login', {
      data: { email: 'vip@demo.test', password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const videoId = await findPlayable(page.request, 'library');
    await page.goto(`/PlayerPage?v=${videoId}`);
    await expect(page.getByRole('button', { name: /^Quality/ })).toBeVisible();
    await expect
      .poll(async () => page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.readyState))
      .toBeGreaterThanOrEqual(1);

    for (const viewport of [
      { width: 360, height: 740 },
      { width: 740, height: 360 },
    ]) {
      await page.setViewportSize(viewport);
      await page.getByTestId('player-frame').scrollIntoViewIfNeeded();
      for (const rate of [0.25, 0.5, 1.5, 2]) {
        await pick(page, /^Speed /, `${rate}x`);
        await expect.poll(async () => (await videoState(page)).rate).toBe(rate);
      }
      await pick(page, 'Subtitles', 'English');
      await expect.poll(async () => (await videoState(page)).tracks).toEqual(['showing']);
      await pick(page, 'Subtitles', 'Off');
      await pick(page, /^Quality/, '360p');
      await expect(page.getByRole('button', { name: 'Quality: 360p' })).toBeVisible();
      await pick(page, /^Quality/, 'Auto');
    }
  });
});
