import { expect, test } from '@playwright/test';

test.describe('guest redirects', () => {
  for (const path of ['/saved', '/classes']) {
    test(`${path} sends a guest to /SignUp`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/SignUp$/);
      await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    });
  }

  test('/account sends a guest to /login', async ({ page }) => {
    await page.goto('/account');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'This page has left the stage' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
