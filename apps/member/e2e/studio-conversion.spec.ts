import { expect, test } from '@playwright/test';
import { createIndividual, createStudioOwner, DEMO_PASSWORD, fillSignUpForm, newMember } from './helpers';

test.describe('studio sign-up and account conversion', () => {
  test('converts an individual account to a studio owner after confirming', async ({ page, request }) => {
    const member = newMember('to-studio');
    await createIndividual(request, member);
    await page.goto('/StudioSignUp');
    await fillSignUpForm(page, member);
    await page.getByRole('button', { name: 'CREATE STUDIO ACCOUNT' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Convert to a studio owner account?')).toBeVisible();
    await expect(dialog.getByText(/deletes the previous subscription and data/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(/\/studioPlans$/);
    await expect(page.getByText('Your studio account has been created.', { exact: false })).toBeVisible();
  });

  test('answers a stranger (wrong password) neutrally, and the account stays', async ({ page, request }) => {
    const member = newMember('not-yours');
    await createIndividual(request, member);
    await page.goto('/StudioSignUp');
    await fillSignUpForm(page, { ...member, password: 'Not-the-owner-1' });
    await page.getByRole('button', { name: 'CREATE STUDIO ACCOUNT' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('An account may already exist for this email.');
    await expect(alert.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(alert.getByRole('link', { name: 'Reset your password' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    if (process.env.E2E_SCREENSHOTS) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({
          path: `${process.env.E2E_SCREENSHOTS}/account-may-exist-${width}.png`,
          fullPage: true,
        });
      }
    }
    const login = await request.post('/api/v1/auth/login', {
      data: { email: member.email, password: member.password },
    });
    expect(login.status()).toBe(200);
    expect((await login.json()).user.userType).not.toBe('studio-owner');
  });

  test('keeps the individual account when the member says No', async ({ page, request }) => {
    const member = newMember('keep-individual');
    await createIndividual(request, member);
    await page.goto('/StudioSignUp');
    await fillSignUpForm(page, member);
    await page.getByRole('button', { name: 'CREATE STUDIO ACCOUNT' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'No' }).click();
    await expect(page).toHaveURL(/\/StudioSignUp$/);
  });

  test('refuses to convert an admin, in an alert', async ({ page }) => {
    await page.goto('/StudioSignUp');
    await fillSignUpForm(page, {
      firstName: 'Ada',
      lastName: 'Admin',
      email: 'admin@demo.test',
      password: DEMO_PASSWORD,
    });
    await page.getByRole('button', { name: 'CREATE STUDIO ACCOUNT' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText("Sorry, admin accounts can't be converted to studio owners")).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/StudioSignUp$/);
  });

  test("shows the sub-user message to a studio's member", async ({ page }) => {
    await page.goto('/StudioSignUp');
    await fillSignUpForm(page, {
      firstName: 'Sub',
      lastName: 'User',
      email: 'subuser@demo.test',
      password: DEMO_PASSWORD,
    });
    await page.getByRole('button', { name: 'CREATE STUDIO ACCOUNT' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Your account already exists as subuser, pleae use different email or contact your studio owner for more details',
    );
  });

  test('asks a studio owner before converting them with the individual sign-up', async ({
    page,
    request,
  }) => {
    const owner = newMember('owner-to-individual');
    await createStudioOwner(request, owner);
    await page.goto('/SignUp');
    await fillSignUpForm(page, owner, 'Dance Instructor');
    await page.getByRole('button', { name: 'SIGN UP', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Convert to an individual account?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(/\/plans$/);
  });
});
