import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible, logInAsAdmin, schemeViolations } from './helpers';

/**
 * The axe sweep of the admin console (issue 22 item 15): every page of src/app/routes.tsx (the edit pages
 * with an id included), in light and in dark mode, has no violation of the WCAG 2.2 A and AA rules axe checks. Nothing is skipped. One page,
 * logged in once per part of the list, loads each console page once and scans it in both schemes.
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

/** The console's pages in four parts, one test each: a part's pages, each scanned in both schemes. */
const PARTS = 4;
const partOf = (pages: string[], part: number) => {
  const size = Math.ceil(pages.length / PARTS);
  return pages.slice(part * size, (part + 1) * size);
};

/**
 * Each page loaded once and scanned in light and then in dark mode (the console follows the system's colour
 * scheme, switched in place as the member app's sweep does): half the page loads of one context per scheme.
 * The first part also scans the login page before logging in; the last one adds the edit pages.
 */
async function sweep(page: Page, part: number) {
  const report: Record<string, string[]> = {};
  const scan = async (path: string) => {
    const found = [...(await schemeViolations(page, 'light')), ...(await schemeViolations(page, 'dark'))];
    if (found.length > 0) report[path] = found;
  };
  if (part === 0) {
    await page.goto('/login');
    await scan('/login');
  }
  await logInAsAdmin(page);
  const pages = partOf(CONSOLE_PAGES, part);
  if (part === PARTS - 1) pages.push(...(await editPages(page.request)));
  for (const path of pages) {
    // Back to the system's scheme, so each page starts as a visitor's would.
    await page.emulateMedia({ colorScheme: null });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main')).toHaveCount(1);
    await scan(path);
  }
  await page.emulateMedia({ colorScheme: null });
  expect(report).toEqual({});
}

test.describe('accessibility (axe, WCAG 2.2 AA): every console page', () => {
  test.setTimeout(300_000);

  for (let part = 0; part < PARTS; part += 1) {
    test(`part ${part + 1} of ${PARTS}, in light and dark mode`, async ({ page }) => {
      await sweep(page, part);
    });
  }

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
