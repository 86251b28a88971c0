import { expect, type Page, test } from '@playwright/test';
import { createIndividual, DEMO_PASSWORD, findPlayable, newMember, pageViolations } from './helpers';

/**
 * The axe sweep of the states a page reaches after its first paint (issue 22 item 15): empty lists, a list
 * call that fails, and dialogs, drawers and menus open, in light and dark mode. accessibility.spec.ts covers
 * every page in its first state; this covers what users see next. Each test collects every finding before
 * failing, so one run names them all.
 */
class Sweep {
  readonly report: Record<string, string[]> = {};
  constructor(private readonly page: Page) {}

  async scan(state: string) {
    const found = await pageViolations(this.page);
    if (found.length > 0) this.report[state] = found;
  }

  check() {
    expect(this.report).toEqual({});
  }
}

/** Answers 500 to every call of one API list (path under /api/v1, query ignored). */
async function failList(page: Page, path: string) {
  await page.route(
    (url) => url.pathname === `/api/v1${path}`,
    (route) => route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'Injected failure' } }),
  );
}

test.describe('accessibility of the later states (axe, WCAG 2.2 AA, light and dark)', () => {
  // (Each scan runs axe twice; a loaded machine needs the margin.)
  test.setTimeout(240_000);

  test('empty lists', async ({ page }) => {
    await createIndividual(page.request, newMember('a11y-empty'));
    const sweep = new Sweep(page);

    await page.goto('/personal-playlist');
    // Often a lane's first test: its servers and the page's chunks are still cold.
    await expect(page.getByText(/playlist/i).nth(1)).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await sweep.scan('no personal playlists');

    await page.goto('/saved');
    await page.waitForLoadState('networkidle');
    await sweep.scan('nothing saved');

    await page.goto('/History');
    await page.waitForLoadState('networkidle');
    await sweep.scan('empty history');

    await page.goto('/result?search_query=zzqxnothingmatches');
    await page.waitForLoadState('networkidle');
    await sweep.scan('search without results');

    await page.goto('/result?search_query=ba');
    await page.waitForLoadState('networkidle');
    await sweep.scan('search too short');
    sweep.check();
  });

  test('failed calls and links with a wrong token', async ({ page }) => {
    await createIndividual(page.request, newMember('a11y-failed'));
    const sweep = new Sweep(page);

    await failList(page, '/videos');
    await page.goto('/AllVideos');
    await expect(page.getByText('Videos could not be loaded').first()).toBeVisible({ timeout: 15_000 });
    await sweep.scan('video list failed');

    await failList(page, '/playlists');
    await failList(page, '/notifications');
    await page.goto('/personal-playlist');
    await page.waitForLoadState('networkidle');
    await sweep.scan('playlists failed');

    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByText('Could not load your notifications.')).toBeVisible({ timeout: 15_000 });
    await sweep.scan('notifications failed');

    // Links from emails whose token is wrong: their error states.
    await page.unrouteAll();
    for (const path of [
      '/reset_password/x/y',
      '/set-password/x',
      '/confirm-email/x/y',
      '/unsubscribe?token=x',
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await sweep.scan(path);
    }
    sweep.check();
  });

  test('dialogs, drawers and menus open', async ({ page }) => {
    await createIndividual(page.request, newMember('a11y-dialogs'));
    const videos = await (await page.request.get('/api/v1/videos?kind=library&pageSize=10')).json();
    const video = videos.items.find((v: { isComingSoon: boolean }) => !v.isComingSoon);
    const { csrfToken } = await (await page.request.get('/api/v1/auth/session')).json();
    const created = await page.request.post('/api/v1/playlists', {
      data: { name: 'Sweep list', type: 'PPL', videoIds: [video.id] },
      headers: { 'x-csrf-token': csrfToken },
    });
    expect(created.status(), await created.text()).toBe(201);
    const sweep = new Sweep(page);

    await page.goto('/AllVideos');
    const filters = page.getByRole('button', { name: 'Filters' }).first();
    await filters.click();
    await expect(page.getByRole('dialog', { name: /^Filter / })).toBeVisible();
    await sweep.scan('filter drawer');
    await page.keyboard.press('Escape');
    await expect(filters).toBeFocused();

    const add = page.getByRole('button', { name: /^Add .* to playlist$/ }).first();
    await add.click();
    await expect(page.getByRole('dialog', { name: 'Add to playlist' })).toBeVisible();
    await sweep.scan('add-to-playlist dialog');
    await page.keyboard.press('Escape');
    await expect(add).toBeFocused();

    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByText('No notifications yet.')).toBeVisible();
    await sweep.scan('notifications inbox');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /^Open profile menu/ }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await sweep.scan('profile menu');
    await page.keyboard.press('Escape');

    await page.goto('/personal-playlist');
    const remove = page.getByRole('button', { name: 'Delete', exact: true });
    await remove.click();
    await expect(page.getByRole('dialog', { name: 'Delete playlist?' })).toBeVisible();
    await sweep.scan('delete playlist confirm');
    await page.keyboard.press('Escape');
    await expect(remove).toBeFocused();

    await page.getByRole('button', { name: 'Create playlist' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await sweep.scan('create playlist dialog');
    sweep.check();
  });

  test("the player's menus open", async ({ page }) => {
    const login = await page.request.post('/api/v1/auth/login', {
      data: { email: 'vip@demo.test', password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const videoId = await findPlayable(page.request, 'library');
    await page.goto(`/PlayerPage?v=${videoId}`);
    const sweep = new Sweep(page);
    for (const name of [/^Speed /, 'Subtitles', /^Quality/]) {
      const target = page.getByRole('button', { name });
      await target.click();
      await expect(page.getByRole('menu')).toBeVisible();
      await sweep.scan(`player menu ${name}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toHaveCount(0);
    }
    const chapter = page.getByRole('combobox', { name: 'Loop a chapter' });
    if (await chapter.count()) {
      await chapter.click();
      await expect(page.getByRole('listbox')).toBeVisible();
      await sweep.scan('loop a chapter list');
      await page.keyboard.press('Escape');
    }
    sweep.check();
  });

  test('on a phone: the filter drawer and the menu drawer', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const sweep = new Sweep(page);
    await page.goto('/AllVideos');
    await page.getByRole('button', { name: 'Filters' }).first().click();
    await expect(page.getByRole('dialog', { name: /^Filter / })).toBeVisible();
    await sweep.scan('filter drawer at 390 px');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await sweep.scan('menu drawer at 390 px');
    sweep.check();
  });
});
