import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, findPlayable, pageViolations, startPlaying } from './helpers';

/** Logs in through the API (the cookie is shared by the page) and answers the session's CSRF token. */
async function logInApi(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/v1/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return (await response.json()).csrfToken;
}

/** Screenshots of the page at 1280 and 390 px into SCREENSHOTS_DIR, for a look (not compared). */
async function shoot(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

const weekSeconds = async (request: APIRequestContext) =>
  (await (await request.get('/api/v1/me/practice')).json()).weekSeconds as number;

async function newPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

/** Page loads (a fresh context compiles and loads the app again) are slow on a busy machine. */
const slow = expect.configure({ timeout: 30_000 });

test.describe('practice', () => {
  test.setTimeout(180_000);

  test('minutes practised while playing are recorded and shown on the practice page', async ({ page }) => {
    await logInApi(page.request, 'vip@demo.test');
    const videoId = await findPlayable(page.request, 'library');
    const { title } = await (await page.request.get(`/api/v1/videos/${videoId}`)).json();
    const before = await weekSeconds(page.request);

    await page.goto(`/PlayerPage?v=${videoId}`);
    await slow(page.getByTestId('player-video')).toBeVisible();
    await startPlaying(page);
    // Seconds really played, not the position: the player resumes where an earlier test left this member.
    const playedSeconds = () =>
      page.getByTestId('player-video').evaluate((v: HTMLVideoElement) => {
        let total = 0;
        for (let i = 0; i < v.played.length; i++) total += v.played.end(i) - v.played.start(i);
        return total;
      });
    // Media seconds: at the member's saved speed (up to 2x) 8 of them take at least 4 real seconds.
    await expect.poll(playedSeconds, { timeout: 40_000 }).toBeGreaterThan(8);
    // Leaving the player (pagehide) sends the batch not yet reported, with keepalive.
    await page.goto('/practice');
    await slow(page.getByRole('heading', { name: 'Practice', level: 1 })).toBeVisible();
    await expect
      .poll(() => weekSeconds(page.request), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(before + 3);

    await page.reload();
    const practisedMost = page.getByRole('listitem').filter({ hasText: title });
    await slow(practisedMost).toBeVisible();
    await expect(
      page
        .getByRole('table')
        .getByText(/: (Under 1 min|\d+ min|\d+ h)/)
        .first(),
    ).toBeAttached();
    expect(await pageViolations(page)).toEqual([]);
    await shoot(page, 'practice-member');
  });

  test('an owner assigns a studio playlist; the dancer and the owner both see the progress', async ({
    page,
    browser,
    baseURL,
  }) => {
    const ownerCsrf = await logInApi(page.request, 'studio@demo.test');
    const videoId = await findPlayable(page.request, 'library');
    const name = `Practice week ${Date.now()}`;
    const created = await page.request.post('/api/v1/playlists', {
      data: { type: 'SPL', name, videoIds: [videoId] },
      headers: { 'x-csrf-token': ownerCsrf },
    });
    expect(created.status()).toBe(201);
    const playlistId = (await created.json()).id as string;
    const dancers = (await (await page.request.get('/api/v1/studio/sub-users')).json()).subUsers as {
      email: string;
      firstName: string;
      lastName: string;
    }[];
    const dancer = dancers.find((d) => d.email === 'subuser@demo.test')!;
    const dancerName = `${dancer.firstName} ${dancer.lastName}`;
    try {
      // The owner assigns it on the practice page, by keyboard-reachable controls.
      await page.goto('/practice');
      await slow(page.getByRole('heading', { name: 'Studio assignments' })).toBeVisible();
      const form = page.getByRole('form', { name: 'Assign a playlist' });
      await form.getByLabel('Studio playlist').click();
      await page.getByRole('option', { name }).click();
      await form.getByLabel(dancerName).check();
      await form.getByLabel('Due date (optional)').fill('2030-01-31');
      await form.getByRole('button', { name: 'Assign' }).click();
      await expect(page.getByText('Playlist assigned.')).toBeVisible();
      const card = page.getByTestId('studio-assignment').filter({ hasText: name });
      await slow(card.getByRole('row', { name: new RegExp(dancerName) })).toContainText('0 of 1');

      // The dancer finishes the video and practises; their page shows their own progress.
      const dancerPage = await newPage(browser, baseURL);
      const dancerCsrf = await logInApi(dancerPage.request, 'subuser@demo.test');
      const headers = { 'x-csrf-token': dancerCsrf };
      const finished = await dancerPage.request.put(`/api/v1/me/progress/${videoId}`, {
        data: { positionSeconds: 60, durationSeconds: 60 },
        headers,
      });
      expect(finished.status()).toBe(200);
      const practised = await dancerPage.request.post('/api/v1/me/practice/reports', {
        data: { videoId, seconds: 90, timeZone: 'UTC' },
        headers,
      });
      expect((await practised.json()).creditedSeconds).toBeGreaterThan(0);
      await dancerPage.goto('/practice');
      const mine = dancerPage.getByTestId('my-assignment').filter({ hasText: name });
      await slow(mine).toContainText('1 of 1 videos completed');
      await expect(mine).toContainText('Due');
      expect(await pageViolations(dancerPage)).toEqual([]);
      await shoot(dancerPage, 'practice-dancer');
      await dancerPage.context().close();

      // The owner sees it too, and reminds (nobody left to remind: the dancer has finished).
      await page.reload();
      await slow(card.getByRole('row', { name: new RegExp(dancerName) })).toContainText('1 of 1');
      expect(await pageViolations(page)).toEqual([]);
      await shoot(page, 'practice-owner');
      await card.getByRole('button', { name: 'Send reminder' }).click();
      await expect(page.getByText(/Everyone assigned has finished|Reminder sent to/)).toBeVisible();
    } finally {
      await page.request.delete(`/api/v1/playlists/${playlistId}`, {
        headers: { 'x-csrf-token': ownerCsrf },
      });
    }
  });
});
