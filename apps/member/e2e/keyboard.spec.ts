import { expect, type Locator, type Page, test } from '@playwright/test';
import { createIndividual, DEMO_PASSWORD, newMember } from './helpers';

/**
 * Keyboard-only flows (issue 22 item 15): sign-up, login, creating a playlist and reaching checkout with Tab,
 * Shift+Tab, Enter, Space and typing only, no clicks. Every control reached shows a visible focus indicator.
 */

/** Whether the focused element draws a focus indicator (an outline or a ring) of its own. */
async function hasVisibleFocus(target: Locator) {
  return target.evaluate((el) => {
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    return outline || style.boxShadow !== 'none';
  });
}

/** Presses Tab until `target` has the focus (at most `max` times), then checks the focus is visible. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) break;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
  const focusable = target;
  // Inputs show their focus on the input itself; Mantine draws it as an outline or a border colour.
  const tag = await focusable.evaluate((el) => el.tagName);
  if (tag !== 'INPUT' && tag !== 'TEXTAREA') expect(await hasVisibleFocus(focusable)).toBe(true);
}

test.describe('keyboard only', () => {
  test.setTimeout(90_000);

  test('sign up', async ({ page }) => {
    const member = newMember('keyboard-signup');
    await page.goto('/SignUp');
    await tabTo(page, page.getByLabel('First name'));
    await page.keyboard.type(member.firstName);
    await tabTo(page, page.getByLabel('Last name'));
    await page.keyboard.type(member.lastName);
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(member.email);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(member.password);
    await tabTo(page, page.getByLabel('Re-enter password'));
    await page.keyboard.type(member.password);
    // A radio group is one Tab stop: the arrows move within it, Space picks.
    const role = page.getByLabel('Dancer/Parent');
    for (let i = 0; i < 40 && !(await role.evaluate((el) => el === document.activeElement)); i += 1) {
      const inGroup = await page.evaluate(
        () => (document.activeElement as HTMLInputElement | null)?.type === 'radio',
      );
      await page.keyboard.press(inGroup ? 'ArrowDown' : 'Tab');
    }
    await expect(role).toBeFocused();
    await page.keyboard.press('Space');
    await expect(role).toBeChecked();
    const terms = page.getByRole('checkbox');
    await tabTo(page, terms);
    await page.keyboard.press('Space');
    await expect(terms).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: 'SIGN UP', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/plans$/, { timeout: 15_000 });
  });

  test('log in', async ({ page }) => {
    await page.goto('/login');
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type('vip@demo.test');
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(DEMO_PASSWORD);
    await tabTo(page, page.getByRole('button', { name: 'LOG IN' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: /^Open profile menu/ })).toBeVisible({ timeout: 15_000 });
  });

  test('create a playlist', async ({ page }) => {
    await createIndividual(page.request, newMember('keyboard-playlist'));
    await page.goto('/AllVideos');
    const add = page.getByRole('button', { name: /^Add .* to playlist$/ }).first();
    await expect(add).toBeVisible({ timeout: 15_000 });
    await tabTo(page, add, 200);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add to playlist' });
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByLabel('New playlist'));
    await page.keyboard.type('Keyboard list');
    await tabTo(page, dialog.getByRole('button', { name: 'Save', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Created and added playlist successfully')).toBeVisible();
  });

  test('reach checkout', async ({ page }) => {
    await createIndividual(page.request, newMember('keyboard-checkout'));
    await page.goto('/plans');
    const start = page.getByTestId('plan-card-VIP').getByRole('button', { name: /START FREE TRIAL/ });
    await expect(start).toBeVisible({ timeout: 20_000 });
    await tabTo(page, start, 200);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/api\/v1\/billing\/sandbox\/checkout\/sbx_/, { timeout: 15_000 });
    const pay = page.getByRole('button', { name: 'Start free trial' });
    await tabTo(page, pay);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/account\?checkout=succeeded/, { timeout: 15_000 });
  });
});
