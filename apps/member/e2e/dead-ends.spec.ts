import { expect, test } from '@playwright/test';

test.describe('no silent dead ends', () => {
  test('a guest who presses Save is invited to sign up', async ({ page }) => {
    await page.goto('/AllVideos');
    await page.waitForLoadState('networkidle');
    const save = page.getByRole('button', { name: /^Save / }).first();
    await save.click();
    const dialog = page.getByRole('dialog', { name: 'Sign up to save videos' });
    await expect(dialog).toBeVisible();
    // "Not now" closes it and focus returns to the Save button.
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await expect(dialog).toBeHidden();
    await expect(save).toBeFocused();
    await save.click();
    await page
      .getByRole('dialog', { name: 'Sign up to save videos' })
      .getByRole('button', { name: 'Sign up' })
      .click();
    await expect(page).toHaveURL(/\/SignUp$/);
  });

  test('searching with fewer than 3 characters says so', async ({ page }) => {
    await page.goto('/');
    const field = page.getByRole('searchbox', { name: 'Search videos' }).first();
    await field.fill('ab');
    await field.press('Enter');
    await expect(page.getByTestId('search-hint').first()).toHaveText('Please enter at least 3 characters');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page).not.toHaveURL(/\/result/);
    // A third character clears it; the search runs.
    await field.fill('abc');
    await expect(page.getByTestId('search-hint').first()).toHaveText('');
    await field.press('Enter');
    await expect(page).toHaveURL(/\/result\?search_query=abc/);
  });
});
