import { expect, type Page, test } from '@playwright/test';
import { logInAsAdmin, schemeViolations } from './helpers';

/**
 * The axe sweep of the console's later states (issue 22 item 15): an empty search, a list call that fails,
 * a confirm dialog, the moderation images, the user menu and the navigation drawer on a phone, in light and
 * dark mode. accessibility.spec.ts covers every page in its first state. Every finding is collected before
 * the test fails, so one run names them all.
 */
async function scan(page: Page, state: string, report: Record<string, string[]>) {
  const found = [...(await schemeViolations(page, 'light')), ...(await schemeViolations(page, 'dark'))];
  await page.emulateMedia({ colorScheme: null });
  if (found.length > 0) report[state] = found;
}

/** Answers 500 to every call of one API list (path under /api/v1, query ignored). */
async function failList(page: Page, path: string) {
  await page.route(
    (url) => url.pathname === `/api/v1${path}`,
    (route) => route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'Injected failure' } }),
  );
}

test('accessibility of the console in its later states (axe, WCAG 2.2 AA, light and dark)', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await logInAsAdmin(page);
  const report: Record<string, string[]> = {};

  await page.goto('/AdminDashboard/AllVideos?search=zzqxnothingmatches');
  await expect(page.getByText(/no videos/i).first()).toBeVisible({ timeout: 15_000 });
  await scan(page, 'videos: no results', report);

  await page.goto('/AdminDashboard/banners');
  const remove = page.getByRole('button', { name: 'Delete' }).first();
  await remove.click();
  await expect(page.getByRole('dialog', { name: 'Delete banner?' })).toBeVisible();
  await scan(page, 'banners: delete confirm', report);
  await page.keyboard.press('Escape');
  await expect(remove).toBeFocused();

  await page
    .getByRole('button', { name: /account menu|admin@demo/i })
    .first()
    .click();
  await expect(page.getByRole('menu')).toBeVisible();
  await scan(page, 'user menu', report);
  await page.keyboard.press('Escape');

  await page.goto('/AdminDashboard/moderation');
  await page.getByRole('tab', { name: 'Images' }).click();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await scan(page, 'moderation: status list open', report);
  await page.getByRole('option', { name: 'Pending' }).click();
  await expect(page.getByRole('table', { name: 'Images' }).getByRole('img').first()).toBeVisible();
  await scan(page, 'moderation: pending images', report);

  await failList(page, '/admin/videos');
  await page.goto('/AdminDashboard/AllVideos');
  await expect(page.getByText('The videos could not be loaded')).toBeVisible({ timeout: 30_000 });
  await scan(page, 'videos: list failed', report);

  await failList(page, '/admin/banners');
  await page.goto('/AdminDashboard/banners');
  // (The console retries a failed list three times before it says so.)
  await expect(page.getByRole('alert').first()).toBeVisible({ timeout: 30_000 });
  await scan(page, 'banners: list failed', report);
  await page.unrouteAll();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/AdminDashboard/Overview');
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
  await scan(page, 'navigation drawer at 390 px', report);

  expect(report).toEqual({});
});
