import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, findPlayable, startPlaying, videoState } from './helpers';

// A guest's home and library pages, and everyone's player page, come rendered by the server, and the app hydrates
// them (decisions 0071 and 0072).

/** Whether React has taken over the server's markup (its fiber is on the header's element). */
const isHydrated = (page: Page) =>
  page.evaluate(() =>
    Object.keys(document.querySelector('header') ?? {}).some((key) => key.startsWith('__react')),
  );

/** Collects the page's errors: a hydration that fails is reported as one. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test.describe('first screen without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('home shows the welcome, the banner and the first row from the HTML alone', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { name: 'Join The Community and Access Exclusive Content' }),
    ).toBeVisible();
    await expect(page.getByRole('figure').getByRole('img')).toBeVisible();
    const recent = page.getByRole('list', { name: 'Recent Releases' });
    await expect(recent.getByRole('listitem').first()).toBeVisible();
    // The cards are plain links: they work before the app has started.
    await expect(recent.getByRole('link').first()).toHaveAttribute('href', /^\/PlayerPage\?v=/);
  });

  test("a library page shows its sections' first cards", async ({ page }) => {
    await page.goto('/AllVideos');
    await expect(page.getByRole('heading', { name: 'Lessons', level: 2 })).toBeVisible();
    const lessons = page.getByRole('list', { name: 'Lessons videos' });
    await expect(lessons.getByRole('link').first()).toHaveAttribute('href', /^\/PlayerPage\?v=/);
  });
});

test.describe('first screen hydrated', () => {
  for (const path of ['/', '/AllVideos']) {
    test(`${path}: the app takes over the server's markup without rendering it again`, async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      // Marked before the app starts (it starts after the page's load): the same element must still be there.
      await page.evaluate(() => {
        const heading = document.querySelector('main h2');
        if (!heading) throw new Error('no server-rendered heading');
        (window as unknown as { marked: Element }).marked = heading;
      });
      await expect.poll(() => isHydrated(page)).toBe(true);
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => (window as unknown as { marked: Element }).marked.isConnected)).toBe(
        true,
      );
      expect(errors).toEqual([]);
    });
  }

  test('a search typed and sent before the app has started is done once it has', async ({ page }) => {
    // The app's entry is held back until the search has been typed and sent on the server's markup.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/');
    const box = page.getByRole('searchbox', { name: 'Search videos' });
    await box.fill('pirouette');
    await box.press('Enter');
    // Held: the page did not reload with an empty query.
    await expect(page).toHaveURL(/\/$/);
    await expect(box).toHaveValue('pirouette');
    release();
    await expect(page).toHaveURL(/\/result\?search_query=pirouette$/);
    await expect(page.getByRole('heading', { name: 'Results for “pirouette”' })).toBeVisible();
  });

  test('the library works once hydrated: its filter drawer opens', async ({ page }) => {
    await page.goto('/AllVideos');
    await expect.poll(() => isHydrated(page)).toBe(true);
    await page
      .getByRole('button', { name: /Filters/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test("a member's player page opened by its address comes rendered, poster first, and plays once hydrated", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    const login = await page.request.post('/api/v1/auth/login', {
      data: { email: 'vip@demo.test', password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const videoId = await findPlayable(page.request, 'library');
    const address = `/PlayerPage?v=${videoId}`;
    const html = await page.request.get(address, { headers: { accept: 'text/html' } });
    // The member's own page (decision 0072): rendered with their session, stored by no cache.
    expect(html.headers()['cache-control']).toBe('private, no-store');
    expect(await html.text()).toContain('data-testid="first-screen-poster"');

    await page.goto(address, { waitUntil: 'domcontentloaded' });
    const poster = page.getByTestId('first-screen-poster');
    await expect(poster).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { marked: Element | null }).marked = document.querySelector(
        '[data-testid="player-frame"]',
      );
    });
    await startPlaying(page);
    await expect.poll(async () => (await videoState(page)).time, { timeout: 20_000 }).toBeGreaterThan(0.5);
    // Hydrated, not rendered again: the server's frame is the one playing.
    expect(
      await page.evaluate(() => (window as unknown as { marked: Element | null }).marked?.isConnected),
    ).toBe(true);
    expect(errors).toEqual([]);
  });

  test("a signed-in visit to home is rendered by the client: a member's home is never rendered by the server", async ({
    page,
  }) => {
    const guest = await (await page.request.get('/', { headers: { accept: 'text/html' } })).text();
    expect(guest).toContain('id="first-screen-state"');
    const login = await page.request.post('/api/v1/auth/login', {
      data: { email: 'dancer@demo.test', password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const member = await (await page.request.get('/', { headers: { accept: 'text/html' } })).text();
    expect(member).not.toContain('id="first-screen-state"');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /^Welcome, Dana/ })).toBeVisible();
  });
});
