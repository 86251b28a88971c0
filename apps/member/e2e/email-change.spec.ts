import { expect, type Page, test } from '@playwright/test';
import { createIndividual, expectAccessible, logIn, newMember, uniqueEmail } from './helpers';

interface OutboxMail {
  subject: string;
  text: string;
  links: string[];
}

/** Issue 13 finding 9: the email changes only through the link mailed to the new address. */
test('change of email: notice to the old address, link to the new one, log in with the new email', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000); // two logins, mails and four pages on a shared 2-core machine
  const member = newMember('email-old');
  const newEmail = uniqueEmail('email-new');
  await createIndividual(request, member);
  await logIn(page, member.email, member.password);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();

  await page.goto('/account');
  const email = page.getByLabel('Email', { exact: true });
  await expect(email).toHaveValue(member.email);
  await email.fill(newEmail);
  await page.getByLabel('Password to confirm').fill(member.password);
  await page.getByRole('button', { name: 'Change email' }).click();
  const pending = page.getByTestId('pending-email');
  await expect(pending).toContainText(`We sent a confirmation link to ${newEmail}`);
  await expect(email).toHaveValue(member.email);
  await shoot(page, 'account-pending');
  await expectAccessible(page, '[data-testid="pending-email"]');

  const mailsTo = async (address: string) => {
    const response = await request.get(`/api/v1/dev/mail?to=${encodeURIComponent(address)}`);
    expect(response.ok()).toBe(true);
    return ((await response.json()) as { mails: OutboxMail[] }).mails;
  };
  let link = '';
  await expect(async () => {
    link = (await mailsTo(newEmail)).flatMap((m) => m.links).find((l) => l.includes('/confirm-email/')) ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 10_000 });
  const notice = (await mailsTo(member.email)).find((m) => m.subject.includes('about to change'));
  expect(notice?.links.some((l) => l.includes('/confirm-email/'))).toBe(false);

  // Still the old email until the link is followed.
  await page.reload();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(member.email);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email changed' })).toBeVisible();
  await expect(page.getByTestId('confirmed-email')).toHaveText(newEmail);
  await shoot(page, 'confirm-email');
  await expectAccessible(page, '[data-testid="confirm-email-card"]');
  await page.getByTestId('confirm-email-next').click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(newEmail);
  await expect(page.getByTestId('pending-email')).toHaveCount(0);

  // The link is single-use.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email not changed' })).toBeVisible();
  await shoot(page, 'confirm-email-used');
  await expectAccessible(page, '[data-testid="confirm-email-card"]');

  await page.context().clearCookies();
  await logIn(page, member.email, member.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await logIn(page, newEmail, member.password);
  await expect(
    page.getByRole('heading', { name: `Welcome, ${member.firstName} ${member.lastName}.` }),
  ).toBeVisible();
});

/** Screenshots at 1280 and 390 px when E2E_SCREENSHOTS names a folder (for looking at the pages). */
async function shoot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  const size = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}
