import { expect, test } from '@playwright/test';
import { createIndividual, logIn, newMember } from './helpers';

interface OutboxMail {
  subject: string;
  links: string[];
}

test('forgot password: mail, reset link, new password, login', async ({ page, request }) => {
  const member = newMember('reset');
  await createIndividual(request, member);

  await page.goto('/forgot');
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: 'SEND RESET LINK' }).click();
  await expect(page.getByText(/^Password Reset Email Sent!/)).toBeVisible();

  let resetLink = '';
  await expect(async () => {
    const response = await request.get(`/api/v1/dev/mail?to=${encodeURIComponent(member.email)}`);
    expect(response.ok()).toBe(true);
    const { mails } = (await response.json()) as { mails: OutboxMail[] };
    resetLink = mails.flatMap((mail) => mail.links).find((link) => link.includes('/reset_password/')) ?? '';
    expect(resetLink).not.toBe('');
  }).toPass({ timeout: 10_000 });

  await page.goto(resetLink);
  await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
  await expect(page.getByText('Please Enter your password', { exact: true })).toBeVisible();
  const newPassword = 'Brand-New-9';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Password Reset Successful')).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The link is single-use.
  await page.goto(resetLink);
  await page.getByLabel('New password', { exact: true }).fill('Another-Pass-1');
  await page.getByLabel('Confirm new password').fill('Another-Pass-1');
  await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
  await expect(page.getByRole('alert')).toBeVisible();

  await logIn(page, member.email, member.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await logIn(page, member.email, newPassword);
  await expect(
    page.getByRole('heading', { name: `Welcome, ${member.firstName} ${member.lastName}.` }),
  ).toBeVisible();
});
