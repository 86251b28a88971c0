import { expect, test } from '@playwright/test';
import { expectAccessible, fillSignUpForm, newMember } from './helpers';

test.describe('individual sign-up', () => {
  test('shows every validation message of the spec', async ({ page }) => {
    await page.goto('/SignUp');
    await page.getByRole('button', { name: 'SIGN UP', exact: true }).click();
    for (const message of [
      'Please fill in your first name',
      'Please fill in your last name',
      'Please fill in your email',
      'Please Enter your password',
      'Please re-enter your password',
      'Please select role',
      'Please accept the Terms & Conditions',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByLabel('Password', { exact: true }).fill('Secret123!');
    await page.getByLabel('Re-enter password').fill('Secret124!');
    await page.getByRole('button', { name: 'SIGN UP', exact: true }).click();
    await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible();
  });

  test('creates the account, goes to /plans and greets the member at home', async ({ page }) => {
    const member = newMember('signup');
    await page.goto('/signup');
    await fillSignUpForm(page, member, 'Dancer/Parent');
    await page.getByRole('button', { name: 'SIGN UP', exact: true }).click();
    await expect(page).toHaveURL(/\/plans$/);
    await page.getByRole('link', { name: 'Dance Training home' }).click();
    await expect(
      page.getByRole('heading', { name: `Welcome, ${member.firstName} ${member.lastName}.` }),
    ).toBeVisible();
  });

  test('answers a used email neutrally, with links to log in and to reset the password', async ({ page }) => {
    await page.goto('/SignUp');
    await fillSignUpForm(
      page,
      { firstName: 'Dana', lastName: 'Again', email: 'dancer@demo.test', password: 'Secret123!' },
      'Other',
    );
    await page.getByRole('button', { name: 'SIGN UP', exact: true }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(
      'An account may already exist for this email. Log in, or reset your password if you forgot it.',
    );
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectAccessible(page, '[role="alert"]');
    await alert.getByRole('link', { name: 'Reset your password' }).click();
    await expect(page).toHaveURL(/\/forgot$/);
  });
});
