import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, logInAsAdmin, schemeViolations } from './helpers';

/**
 * The axe sweep of the admin console (issue 22 item 15): every page of src/app/routes.tsx (the edit pages
 * with an id included), in light and in dark mode, has no violation of the WCAG 2.2 A and AA rules axe checks. Nothing is skipped. One browser
 * context per colour scheme, logged in once and reused for every page.
 */
const CONSOLE_PAGES = [
  '/AdminDashboard/Overview',
  '/AdminDashboard/AllVideos',
  '/AdminDashboard/AddCategory',
  '/AdminDashboard/TagManagement',
  '/AdminDashboard/Instructors',
  '/AdminDashboard/AllUsers',
  '/AdminDashboard/add-video',
  '/AdminDashboard/Check',
  '/AdminDashboard/AddVideos(vimeo)',
  '/AdminDashboard/AddClassVideos',
  '/AdminDashboard/AddVideos',
  '/AdminDashboard/banners',
  '/AdminDashboard/add-banner',
  '/AdminDashboard/popup',
  '/AdminDashboard/add-popup',
  '/AdminDashboard/featured-playlist',
  '/AdminDashboard/featured-playlist-form',
  '/AdminDashboard/moderation',
  '/AdminDashboard/notification',
  '/AdminDashboard/release-audit',
  '/AdminDashboard/products',
  '/AdminDashboard/TRC-approval',
  '/AdminDashboard/TRC-content',
  '/AdminDashboard/TRC-add',
  '/AdminDashboard/Reaction',
  '/AdminDashboard/Reaction/reaction-stats',
  '/sitemap',
  '/no-such-page',
];

/** The edit pages with an id (banner, popup, TRC content), each for the first item the demo seeds. */
async function editPages(request: APIRequestContext): Promise<string[]> {
  const firstId = async (path: string) => {
    const response = await request.get(`/api/v1${path}`);
    expect(response.status()).toBe(200);
    const { items } = (await response.json()) as { items: { id: string }[] };
    expect(items.length).toBeGreaterThan(0);
    return items[0]!.id;
  };
  return [
    `/AdminDashboard/edit-banner/${await firstId('/admin/banners')}`,
    `/AdminDashboard/edit-popup/${await firstId('/admin/popups')}`,
    `/AdminDashboard/TRC-edit/${await firstId('/admin/trc/content')}`,
  ];
}

async function sweep(browser: Browser, colorScheme: 'light' | 'dark', baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, colorScheme });
  const page = await context.newPage();
  const report: Record<string, string[]> = {};
  await page.goto('/login');
  const onLogin = await schemeViolations(page, colorScheme);
  if (onLogin.length > 0) report['/login'] = onLogin;
  const login = await page.request.post('/api/v1/auth/login', {
    data: { email: 'admin@demo.test', password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  for (const path of [...CONSOLE_PAGES, ...(await editPages(page.request))]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main')).toHaveCount(1);
    const found = await schemeViolations(page, colorScheme);
    if (found.length > 0) report[path] = found;
  }
  await context.close();
  expect(report).toEqual({});
}

test.describe('accessibility (axe, WCAG 2.2 AA): every console page', () => {
  test.setTimeout(300_000);

  test('in light mode', async ({ browser, baseURL }) => {
    await sweep(browser, 'light', baseURL);
  });

  test('in dark mode', async ({ browser, baseURL }) => {
    await sweep(browser, 'dark', baseURL);
  });

  // A dialog, not a page: the video form opened from All videos, with its count-grid editor (issue 20)
  // loaded, in light and in dark mode.
  test('the video form with its count-grid editor, light and dark', async ({ page }) => {
    test.setTimeout(300_000);
    await logInAsAdmin(page);
    await page.goto('/AdminDashboard/AllVideos');
    const edit = page.getByRole('article').first().getByRole('button', { name: 'Edit' });
    await expect(edit).toBeVisible({ timeout: 150_000 });
    await edit.click();
    const dialog = page.getByRole('dialog', { name: 'Edit video' });
    await expect(dialog.getByRole('heading', { name: 'Counts' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save counts' })).toBeVisible();
    await expectAccessible(page, '[role="dialog"]');
  });
});
