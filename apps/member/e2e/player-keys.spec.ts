import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, findPlayable, videoState } from './helpers';

const muted = (page: import('@playwright/test').Page) =>
  page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.muted);

test.describe('player keys', () => {
  test.setTimeout(120_000);

  test('Space, K, J, L, F, M, C, comma and full stop work; arrows do not; nothing fires while typing', async ({
    page,
  }) => {
    const login = await page.request.post('/api/v1/auth/login', {
      data: { email: 'vip@demo.test', password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const videoId = await findPlayable(page.request, 'library');
    await page.goto(`/PlayerPage?v=${videoId}`);
    await expect
      .poll(async () => page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.readyState))
      .toBeGreaterThanOrEqual(2);
    expect((await videoState(page)).paused).toBe(true);

    // M mutes (and unmutes); muted, K plays and pauses.
    await page.keyboard.press('m');
    await expect.poll(() => muted(page)).toBe(true);
    await expect(page.getByRole('button', { name: 'Unmute' })).toBeVisible();
    await page.keyboard.press('k');
    await expect.poll(async () => (await videoState(page)).paused).toBe(false);
    await page.keyboard.press('k');
    await expect.poll(async () => (await videoState(page)).paused).toBe(true);

    // L and J jump 10 s; arrows do nothing.
    const start = (await videoState(page)).time;
    await page.keyboard.press('l');
    await expect.poll(async () => (await videoState(page)).time).toBeCloseTo(start + 10, 0);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    expect((await videoState(page)).time).toBeCloseTo(start + 10, 0);
    await page.keyboard.press('j');
    await expect.poll(async () => (await videoState(page)).time).toBeCloseTo(start, 0);

    // Paused, full stop and comma step one frame.
    const before = (await videoState(page)).time;
    await page.keyboard.press('.');
    await expect.poll(async () => (await videoState(page)).time).toBeCloseTo(before + 1 / 30, 2);
    await page.keyboard.press(',');
    await expect.poll(async () => (await videoState(page)).time).toBeCloseTo(before, 2);

    // C turns the subtitles on and off.
    await page.keyboard.press('c');
    await expect.poll(async () => (await videoState(page)).tracks).toEqual(['showing']);
    await page.keyboard.press('c');
    await expect.poll(async () => (await videoState(page)).tracks).toEqual(['disabled']);

    // F enters and leaves full screen.
    await page.keyboard.press('f');
    await expect
      .poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid') ?? null))
      .toBe('player-frame');
    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();

    // Typing in a field: the letters go to the field, the player does nothing.
    const repeats = page.getByLabel('Repeats (0 = until stopped)');
    await repeats.focus();
    await page.keyboard.type('k m');
    expect((await videoState(page)).paused).toBe(true);
    expect(await muted(page)).toBe(true);

    // Space on a focused button presses that button, not play; elsewhere it plays.
    await page.getByRole('button', { name: 'Mirror' }).focus();
    await page.keyboard.press(' ');
    await expect(page.getByRole('button', { name: 'Mirror' })).toHaveAttribute('aria-pressed', 'true');
    expect((await videoState(page)).paused).toBe(true);
    // (Mirror is a saved preference of the demo member: back off for the other tests.)
    await page.keyboard.press(' ');
    await expect(page.getByRole('button', { name: 'Mirror' })).toHaveAttribute('aria-pressed', 'false');
    await page.getByTestId('player-timeline').focus();
    await page.keyboard.press(' ');
    await expect.poll(async () => (await videoState(page)).paused).toBe(false);
  });
});
