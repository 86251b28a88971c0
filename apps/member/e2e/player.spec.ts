import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, findPlayable, startPlaying, videoState } from './helpers';

/** Logs in through the API (the cookie is shared by the page). */
async function logInApi(request: APIRequestContext, email: string) {
  const response = await request.post('/api/v1/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
}

test.describe('player', () => {
  test.setTimeout(120_000);

  test('plays a demo video: frames advance, quality and subtitles switch, chapters seek, history remembers', async ({
    page,
  }) => {
    await logInApi(page.request, 'vip@demo.test');
    const videoId = await findPlayable(page.request, 'library');
    await page.goto(`/PlayerPage?v=${videoId}`);
    await startPlaying(page);
    await expect.poll(async () => (await videoState(page)).time, { timeout: 20_000 }).toBeGreaterThan(1);

    for (const height of [720, 360]) {
      await page.getByRole('button', { name: /^Quality/ }).click();
      await page.getByRole('menuitem', { name: `${height}p`, exact: true }).click();
      await expect(page.getByRole('button', { name: `Quality: ${height}p` })).toBeVisible();
      await expect.poll(async () => (await videoState(page)).height, { timeout: 20_000 }).toBe(height);
    }

    await page.getByRole('button', { name: 'Subtitles' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(async () => (await videoState(page)).tracks).toEqual(['showing']);

    const chapters = page.getByRole('navigation', { name: 'Chapters' }).getByRole('button');
    await expect(chapters).toHaveCount(3);
    const breakdown = await page.request.get(`/api/v1/videos/${videoId}`).then((r) => r.json());
    const target = breakdown.chapters[1].timeSeconds as number;
    await chapters.nth(1).click();
    await expect
      .poll(async () => (await videoState(page)).time, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(target - 0.5);

    // Leaving the page saves the position: the video shows in the history and resumes there.
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.goto('/History');
    await expect(page.getByTestId('history')).toContainText(breakdown.title);
    const playback = await (await page.request.get(`/api/v1/videos/${videoId}/playback`)).json();
    expect(playback.resumeAtSeconds).toBeGreaterThanOrEqual(target - 1);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Continue Watching' })).toBeVisible();
    // Its card shows how far the member got (position / duration, from the progress API).
    const bar = page
      .getByRole('list', { name: 'Continue Watching' })
      .getByRole('article')
      .filter({ hasText: breakdown.title })
      .getByRole('progressbar');
    const saved = await (await page.request.get('/api/v1/me/history?inProgress=true')).json();
    const item = saved.items.find((i: { video: { id: string } }) => i.video.id === videoId);
    const expected = Math.round(item.progress * 100);
    expect(expected).toBeGreaterThan(0);
    await expect(bar).toHaveAttribute('aria-valuenow', String(expected));
    const history = page.getByTestId('history');
    await page.goto('/History');
    await expect(history.getByRole('progressbar').first()).toHaveAttribute('aria-valuenow', String(expected));
  });

  test('a card click opens the player and the video starts by itself', async ({ page }) => {
    await logInApi(page.request, 'vip@demo.test');
    const videoId = await findPlayable(page.request, 'library');
    await page.goto('/AllVideos');
    await page.locator(`article a[href*="v=${videoId}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`/PlayerPage\\?v=${videoId}`));
    await expect.poll(async () => (await videoState(page)).time, { timeout: 20_000 }).toBeGreaterThan(0.5);
    expect((await videoState(page)).paused).toBe(false);
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    // Opened from an address rather than a card, it waits for Play.
    await page.goto(`/PlayerPage?v=${videoId}`);
    await expect
      .poll(async () => page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => v.readyState))
      .toBeGreaterThanOrEqual(2);
    expect((await videoState(page)).paused).toBe(true);
  });

  test('practice tools: mirror is remembered, speed changes, an A-B loop repeats', async ({ page }) => {
    await logInApi(page.request, 'admin@demo.test');
    const videoId = await findPlayable(page.request, 'library');
    await page.goto(`/PlayerPage?v=${videoId}`);
    await startPlaying(page);

    const mirror = page.getByRole('button', { name: 'Mirror' });
    await mirror.click();
    await expect(page.getByTestId('player-video')).toHaveAttribute('data-mirrored', 'true');
    await page.reload();
    await expect(page.getByTestId('player-video')).toHaveAttribute('data-mirrored', 'true');
    await page.getByRole('button', { name: 'Mirror' }).click();
    await expect(page.getByTestId('player-video')).toHaveAttribute('data-mirrored', 'false');

    await startPlaying(page);
    await page.getByRole('button', { name: 'Speed 1x' }).click();
    await page.getByRole('menuitem', { name: '1.5x' }).click();
    await expect.poll(async () => (await videoState(page)).rate).toBe(1.5);
    await page.getByRole('button', { name: 'Speed 1.5x' }).click();
    await page.getByRole('menuitem', { name: '1x', exact: true }).click();
    await expect.poll(async () => (await videoState(page)).rate).toBe(1);

    const video = page.getByTestId('player-video');
    // Paused while the points are set, so A and B are exactly 10 s and 13 s.
    await page.getByRole('button', { name: 'Pause' }).click();
    const seekTo = async (t: number) => {
      await video.evaluate((v: HTMLVideoElement, to: number) => {
        v.currentTime = to;
      }, t);
      await expect.poll(async () => Math.round((await videoState(page)).time)).toBe(t);
    };
    await seekTo(10);
    await page.getByRole('button', { name: 'Set A' }).click();
    await seekTo(13);
    await page.getByRole('button', { name: 'Set B' }).click();
    await expect(page.getByRole('button', { name: 'A 0:10' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'B 0:13' })).toBeVisible();
    await expect(page.getByTestId('loop-status')).toContainText('Looping A-B');
    await seekTo(12);
    await video.evaluate((v: HTMLVideoElement) => {
      const seeks: number[] = [];
      (window as unknown as { seeks: number[] }).seeks = seeks;
      v.addEventListener('seeked', () => seeks.push(v.currentTime));
    });
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    // At B the player jumps back to A by itself.
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            (window as unknown as { seeks: number[] }).seeks.some((t) => t >= 9.9 && t < 10.6),
          ),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    const { time } = await videoState(page);
    expect(time).toBeGreaterThanOrEqual(9.9);
    expect(time).toBeLessThan(13.2);
  });

  test('a class without a user type shows the upgrade view', async ({ page }) => {
    await logInApi(page.request, 'admin@demo.test');
    const classId = await findPlayable(page.request, 'class');
    await page.request.post('/api/v1/auth/logout');
    await logInApi(page.request, 'newbie@demo.test');
    await page.goto(`/PlayerPage?v=${classId}&type=CL`);
    await expect(page.getByTestId('upgrade-view')).toBeVisible();
    await expect(page.getByTestId('player-video')).toBeVisible();
    await page.getByRole('button', { name: 'Upgrade My Account' }).click();
    await expect(page).toHaveURL(/\/plans$/);
  });

  test('a class released later shows only its trailer to a member with a plan', async ({ page }) => {
    await logInApi(page.request, 'vip@demo.test');
    const list = await (await page.request.get('/api/v1/videos?kind=class&pageSize=50')).json();
    const later = list.items.find((v: { isComingSoon: boolean }) => v.isComingSoon);
    expect(later).toBeDefined();
    const playback = await (await page.request.get(`/api/v1/videos/${later.id}/playback`)).json();
    expect(playback).toMatchObject({ access: 'trailer', source: null, chapters: [] });
    await page.goto(`/PlayerPage?v=${later.id}&type=CL`);
    await expect(page.getByTestId('coming-soon-view')).toBeVisible();
    // The demo's announced classes have no trailer media: the box says so; with one, the trailer plays.
    const text = playback.trailer
      ? 'This class is coming soon. Watch the trailer until it is released.'
      : 'This class is coming soon.';
    await expect(page.getByText(text, { exact: true })).toBeVisible();
    await expect(page.getByTestId('upgrade-view')).toHaveCount(0);
    await expectAccessible(page, '[data-testid="coming-soon-view"]');
  });

  test('a library video without a plan goes to the plans page', async ({ page }) => {
    await logInApi(page.request, 'newbie@demo.test');
    const list = await (await page.request.get('/api/v1/videos?kind=library&pageSize=1')).json();
    await page.goto(`/PlayerPage?v=${list.items[0].id}`);
    await expect(page).toHaveURL(/\/plans$/);
  });

  test('a guest is asked to log in, and playing sends to sign-up', async ({ page }) => {
    const list = await (await page.request.get('/api/v1/videos?kind=library&pageSize=1')).json();
    await page.goto(`/PlayerPage?v=${list.items[0].id}`);
    await expect(page.getByText('Please log in to view the content.')).toBeVisible();
    await page.getByRole('button', { name: 'Play' }).click();
    await expect(page).toHaveURL(/\/SignUp$/);
  });

  test('legacy playlist views redirect to the player, replacing history', async ({ page }) => {
    await page.goto('/');
    await page.goto('/featured-playlist-view/pl-1/vid-1');
    await expect(page).toHaveURL(/\/PlayerPage\?v=vid-1&type=FPL&playlistId=pl-1$/);
    await page.goto('/personal-playlist-view?playlist=pl-2&id=vid-2');
    await expect(page).toHaveURL(/\/PlayerPage\?v=vid-2&type=PPL&playlistId=pl-2$/);
    await page.goto('/studio-playlist-view/pl-3/vid-3');
    await expect(page).toHaveURL(/\/PlayerPage\?v=vid-3&type=SPL&playlistId=pl-3$/);
    // Replaced: going back skips the legacy address.
    await page.goBack();
    await expect(page).toHaveURL(/\/PlayerPage\?v=vid-2&type=PPL/);
  });
});
