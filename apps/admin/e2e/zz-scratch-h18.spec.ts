import { expect, test } from '@playwright/test';

test('screens', async ({ page }) => {
  test.setTimeout(180_000);
  const res = await page.request.post('/api/v1/auth/login', { data: { email: 'admin@demo.test', password: 'Dance123!' } });
  expect(res.ok()).toBe(true);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, url, wait] of [
      ['overview', '/AdminDashboard/Overview', 'Watch minutes per day'],
      ['reactions', '/AdminDashboard/Reaction', 'Reactions'],
      ['sitemap', '/sitemap', 'Sitemap'],
    ] as const) {
      await page.goto(url);
      await page.getByRole('heading', { name: wait }).first().waitFor();
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/h18/${name}-${width}.png`, fullPage: name !== 'sitemap' });
    }
    await page.goto('/AdminDashboard/Reaction/reaction-stats');
    await page.getByRole('combobox', { name: 'Group by' }).click();
    await page.getByRole('option', { name: 'Category' }).click();
    await page.getByRole('table', { name: 'Totals by category' }).waitFor();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/h18/stats-${width}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'dark'));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/AdminDashboard/Overview');
  await page.getByRole('heading', { name: 'Watch minutes per day' }).waitFor();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/h18/overview-dark.png', fullPage: true });
});
