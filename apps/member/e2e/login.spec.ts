import { expect, test } from '@playwright/test';
import { createIndividual, DEMO_PASSWORD, logIn, newMember } from './helpers';

test.describe('login and logout', () => {
  test('asks for the email and password, and shows the server message on a wrong password', async ({
    page,
    request,
  }) => {
    const member = newMember('wrongpw');
    await createIndividual(request, member);
    await page.goto('/Login');
    await expect(page.getByRole('heading', { name: 'LogIn' })).toBeVisible();
    await page.getByRole('button', { name: 'LOG IN' }).click();
    await expect(page.getByText('Please fill in your email', { exact: true })).toBeVisible();
    await expect(page.getByText('Please Enter your password', { exact: true })).toBeVisible();
    await page.getByLabel('Email').fill(member.email);
    await expect(page.getByText('Please fill in your email', { exact: true })).toBeHidden();
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'LOG IN' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/Login$/);
  });

  test('logs a member in and out', async ({ page }) => {
    await logIn(page, 'dancer@demo.test', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: /^Welcome, .+\.$/ })).toBeVisible();
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await expect(
      page.getByRole('heading', { name: 'Join The Community and Access Exclusive Content' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'SIGN UP' }).first()).toBeVisible();
  });

  test('sends an admin to the admin console', async ({ page }) => {
    // The admin console is another app (another origin): watch the navigation leave for it.
    const toAdminConsole = page.waitForRequest(
      (request) => request.isNavigationRequest() && /\/AdminDashboard\/AllVideos$/.test(request.url()),
    );
    await logIn(page, 'admin@demo.test', DEMO_PASSWORD);
    await toAdminConsole;
  });
});
