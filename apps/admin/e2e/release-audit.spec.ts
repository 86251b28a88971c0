import { readFile } from 'node:fs/promises';
import { AUDIT_MESSAGES } from '@dance/domain';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { expectAccessible } from './helpers';

const PASSWORD = 'Dance123!';
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

async function openReleaseAudit(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill('admin@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/AdminDashboard\/AllVideos$/);
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Release audit', exact: true })
    .click();
  await expect(page).toHaveURL(/\/AdminDashboard\/release-audit$/);
  await expect(page.getByRole('heading', { name: 'Release audit', level: 1 })).toBeVisible();
}

const totalOf = async (page: Page, label: string) =>
  Number(
    (
      (await page
        .getByRole('region', { name: 'Totals' })
        .locator('div', { has: page.getByText(label, { exact: true }) })
        .last()
        .locator('p')
        .last()
        .textContent()) ?? ''
    ).replace(/,/g, ''),
  );

const gridRows = (page: Page) => page.getByRole('table', { name: 'Audit events' }).locator('tbody tr');

test('the release audit: quick ranges, filters, chart, grid, custom range and the CSV export', async ({
  page,
}) => {
  await openReleaseAudit(page);
  // The default range is the last 24 hours; the demo's week of history starts before it.
  await expect(page.getByRole('radio', { name: '24 h' })).toBeChecked();

  await page.getByText('7 d', { exact: true }).click();
  await expect(page.getByRole('radio', { name: '7 d' })).toBeChecked();
  await expect(page.getByTestId('audit-chart')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Events per hour' })).toBeVisible();
  // Whatever the hour: the last 7 x 24 h hold the six seeded nights before today (the seventh is always just
  // outside), each with at least two class videos, and the four retries: at least 16 events.
  await expect.poll(() => totalOf(page, 'Total')).toBeGreaterThanOrEqual(16);
  const total = await totalOf(page, 'Total');
  expect(await totalOf(page, 'Errors')).toBe(1);
  expect(await totalOf(page, 'Retries')).toBe(4);

  // Grid: 25 rows by default, newest first, statuses coloured as the spec says.
  await expect(gridRows(page)).toHaveCount(25);
  await expect(page.getByText(`1–25 of ${total} events`)).toBeVisible();
  const badges = page.getByRole('table', { name: 'Audit events' }).locator('[data-tone]');
  await expect(badges.filter({ hasText: /^ok$/ }).first()).toHaveAttribute('data-tone', 'success');
  for (const [status, tone] of [
    ['error', 'error'],
    ['retry', 'warning'],
  ] as const) {
    const badge = badges.filter({ hasText: new RegExp(`^${status}$`) });
    if ((await badge.count()) > 0) await expect(badge.first()).toHaveAttribute('data-tone', tone);
  }
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await expect(gridRows(page)).toHaveCount(10);

  // Minutes over a week would be too many points: only hour and day are offered.
  await expect(page.getByRole('radio', { name: 'Minute' })).toBeDisabled();
  await page.getByText('Day', { exact: true }).click();
  await page.getByText('p95 duration', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'p95 duration (ms) per day' })).toBeVisible();
  await expect(page.getByTestId('audit-chart').locator('.recharts-line-curve')).toBeVisible();
  // Per hour, the p95 exists only at the midnight runs: each shows as a dot.
  await page.getByText('Hour', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'p95 duration (ms) per hour' })).toBeVisible();
  await expect(page.getByTestId('audit-chart').locator('.recharts-line-dot').first()).toBeVisible();
  await page.getByText('Day', { exact: true }).click();

  // Field type filter: only banners in totals and grid.
  await page.getByRole('combobox', { name: 'Field type' }).click();
  await page.getByRole('option', { name: 'banner', exact: true }).click();
  await expect.poll(() => totalOf(page, 'Total')).toBeLessThan(total);
  const bannerTotal = await totalOf(page, 'Total');
  await expect(gridRows(page)).toHaveCount(Math.min(10, bannerTotal));
  for (const cell of await gridRows(page).locator('td:nth-child(4)').allInnerTexts())
    expect(cell).toBe('banner');

  // The export streams the selected range and filter.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^release-audit-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await download.path())!, 'utf8')).trim().split('\n');
  expect(csv[0]).toBe(
    'id,createdAt,event,status,fieldType,workerId,jobId,itemId,durationMs,attempts,message,error,context,scheduleTimeUTC',
  );
  expect(csv).toHaveLength(bannerTotal + 1);
  expect(csv.slice(1).every((line) => line.includes(',banner,'))).toBe(true);

  // A custom range that ends before it starts is refused with the spec's message.
  await page.getByText('Custom', { exact: true }).click();
  await page.getByRole('textbox', { name: 'From' }).fill('2026-06-10T12:00');
  await page.getByRole('textbox', { name: 'To' }).fill('2026-06-01T12:00');
  await expect(page.getByText(AUDIT_MESSAGES.invalidRange)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
  // A valid range without events says so.
  await page.getByRole('textbox', { name: 'To' }).fill('2026-06-11T12:00');
  await expect(page.getByText(AUDIT_MESSAGES.invalidRange)).toHaveCount(0);
  await expect(page.getByText(AUDIT_MESSAGES.noData).first()).toBeVisible();
});

test('the release audit passes axe in light and dark and works by keyboard', async ({ page }) => {
  await openReleaseAudit(page);
  await page.getByText('7 d', { exact: true }).click();
  await expect(page.getByTestId('audit-chart')).toBeVisible();
  await expect(gridRows(page).first()).toBeVisible();
  await expectAccessible(page, 'main');
  // The range control is reached and changed with the keyboard.
  await page.getByRole('radio', { name: '7 d' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '30 d' })).toBeChecked();
  await expect(page.getByRole('radio', { name: '30 d' })).toBeFocused();
});
