import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, logInAsAdmin } from './helpers';

/** No WCAG 2.2 AA violation inside the page's main area, light and dark, once the scheme's transitions settled. */
const expectMainAccessible = (page: Page) => expectAccessible(page, 'main');

const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 0);
const MEMBER_URL = `http://localhost:${PORT_BASE ? PORT_BASE + 1 : 5273}`;

test.beforeEach(() => test.slow());

test('reactions: sorts by a column both ways, searches, and keeps the page size for the session', async ({
  page,
}) => {
  await logInAsAdmin(page);
  await page.goto('/AdminDashboard/Reaction');
  const table = page.getByRole('table', { name: 'Reactions' });
  await expect(table).toBeVisible();
  // Most liked first by default.
  await expect(table.getByRole('columnheader', { name: /likes/i }).first()).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const likes = async () =>
    (await table.locator('tbody tr td:nth-child(4)').allInnerTexts()).map((t) => Number(t.replace(/,/g, '')));
  const first = await likes();
  expect(first).toEqual([...first].sort((a, b) => b - a));
  expect(first.length).toBe(20);

  // A repeated click on a column turns its direction.
  await page.getByRole('button', { name: 'Sort by title' }).click();
  const titleHeader = table.getByRole('columnheader', { name: /title/i });
  await expect(titleHeader).toHaveAttribute('aria-sort', 'ascending');
  await page.getByRole('button', { name: 'Sort by title' }).click();
  await expect(titleHeader).toHaveAttribute('aria-sort', 'descending');

  // Page size 10, kept in session storage across a reload.
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await expect(table.locator('tbody tr')).toHaveCount(10);
  expect(await page.evaluate(() => sessionStorage.getItem('reactionTableLimit'))).toBe('10');
  await page.reload();
  await expect(page.getByRole('table', { name: 'Reactions' }).locator('tbody tr')).toHaveCount(10);
  await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('10');
  await expect(page.getByRole('navigation', { name: 'Pages' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Search videos' }).fill('zzzz-nothing-like-this');
  await expect(page.getByText('No reactions found.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page.getByRole('table', { name: 'Reactions' })).toBeVisible();
  await expectMainAccessible(page);
});

test('reaction statistics: asks for a grouping, then charts and tables the totals by category', async ({
  page,
}) => {
  await logInAsAdmin(page);
  await page.goto('/AdminDashboard/Reaction/reaction-stats');
  await expect(page.getByText('Please select a grouping option.')).toBeVisible();
  await expectMainAccessible(page);
  await page.getByRole('combobox', { name: 'Group by' }).click();
  await page.getByRole('option', { name: 'Category' }).click();
  const totals = page.getByRole('table', { name: 'Totals by category' });
  await expect(totals).toBeVisible();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  const rows = totals.locator('tbody tr');
  expect(await rows.count()).toBeGreaterThan(0);
  await page.getByRole('combobox', { name: 'Group by' }).click();
  await page.getByRole('option', { name: 'Instructor' }).click();
  await expect(page.getByRole('table', { name: 'Totals by instructor' })).toBeVisible();
  await expectMainAccessible(page);
});

test('overview: the first tab, with a chart, a table and a CSV for each figure', async ({ page }) => {
  await logInAsAdmin(page);
  await page.goto('/AdminDashboard/AllVideos');
  await page.getByRole('link', { name: 'Overview' }).first().click();
  await expect(page).toHaveURL(/\/AdminDashboard\/Overview$/);
  await page.goto('/AdminDashboard');
  await expect(page).toHaveURL(/\/AdminDashboard\/Overview$/);
  const watch = page.getByRole('region', { name: 'Watch minutes per day', exact: true });
  await expect(watch).toBeVisible();
  await expect(watch.getByRole('table')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Members by plan and status', exact: true }).getByRole('table'),
  ).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Members by plan and status as CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^members-by-plan_\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d\.csv$/);
  await page.getByText('7 days', { exact: true }).click();
  await expect(watch.getByRole('table').locator('tbody tr')).toHaveCount(7);
  await expectMainAccessible(page);
});

test('sitemap: the admin screen shows the XML the member host serves', async ({ page }) => {
  await logInAsAdmin(page);
  await page.goto('/sitemap');
  const xml = page.getByLabel('Sitemap XML');
  await expect(xml).toContainText('<changefreq>weekly</changefreq>');
  await expect(xml).toContainText('<priority>0.8</priority>');
  await expect(xml).toContainText(`${MEMBER_URL}/PlayerPage?v=`);
  await expect(xml).not.toContainText('personal-playlist-view');
  await expectMainAccessible(page);

  const served = await page.request.get(`${MEMBER_URL}/sitemap.xml`);
  expect(served.ok()).toBe(true);
  expect(await served.text()).toContain('<urlset');
  const robots = await page.request.get(`${MEMBER_URL}/robots.txt`);
  expect(await robots.text()).toContain(`Sitemap: ${MEMBER_URL}/sitemap.xml`);
});
