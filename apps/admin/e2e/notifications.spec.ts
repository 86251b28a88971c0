import {
  type Browser,
  expect as baseExpect,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { expectAccessible } from './helpers';

const PASSWORD = 'Dance123!';
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 0);
const MEMBER_URL = `http://localhost:${PORT_BASE ? PORT_BASE + 1 : 5273}`;
const API_URL = `http://localhost:${PORT_BASE || 3100}`;
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

async function logInAdmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill('admin@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/AdminDashboard\/AllVideos$/);
}

/**
 * A fresh member signed up through the API (empty inbox), logged in in a browser context of its own (cookies are
 * per host: its own context keeps the member's and the admin's sessions apart).
 */
async function newMemberInBrowser(browser: Browser, prefix: string, firstName: string, lastName: string) {
  const email = `${prefix}.${Math.random().toString(36).slice(2, 8)}@e2e.test`;
  const api = await playwrightRequest.newContext({ baseURL: API_URL });
  const signUp = await api.post('/api/v1/auth/signup', {
    data: {
      firstName,
      lastName,
      email,
      password: PASSWORD,
      reEnteredPassword: PASSWORD,
      role: 'dancer-parent',
      acceptTerms: true,
    },
  });
  expect(signUp.status()).toBe(201);
  await api.dispose();

  const memberContext = await browser.newContext({ baseURL: MEMBER_URL });
  const member = await memberContext.newPage();
  await member.goto('/login');
  await member.getByLabel('Email').fill(email);
  await member.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await member.getByRole('button', { name: 'LOG IN' }).click();
  await expect(member.getByRole('button', { name: 'Notifications', exact: true })).toBeEnabled();
  return { email, memberContext, member };
}

test('an admin sends a notification and a member sees it arrive in the inbox live', async ({
  page,
  browser,
}) => {
  const { memberContext, member } = await newMemberInBrowser(browser, 'inbox', 'Ina', 'Box');

  await logInAdmin(page);
  await page.getByRole('link', { name: 'Notifications' }).click();
  await expect(page).toHaveURL(/\/AdminDashboard\/notification$/);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  // The weekly schedules of the demo data.
  await expect(page.getByRole('table', { name: 'Weekly schedules' })).toContainText('New classes are out');

  const title = `Salsa Basics is out ${Math.random().toString(36).slice(2, 6)}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Message').fill('Learn your first salsa steps today.');
  await page.getByLabel('Opens').fill('/classes');
  await expect(page.getByLabel('Preview')).toContainText(title);
  await expect(page.getByText(/\d+ members/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByText('Notification sent successfully.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Sent notifications' })).toContainText(title);

  // The member's bell counts it without a reload (the live channel), and the inbox lists it.
  await expect(member.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await member.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await expect(member.getByRole('button', { name: `Unread: ${title}` })).toBeVisible();
  await expectAccessible(member, '.mantine-Popover-dropdown');
  await member.getByRole('button', { name: 'Mark all read' }).click();
  await expect(member.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(member.getByRole('button', { name: title })).toBeVisible();
  await member.keyboard.press('Escape');

  // Preferences per kind and channel on the account page.
  await member.goto('/account');
  const preferences = member.getByRole('table', { name: 'Notification preferences' });
  await preferences.getByRole('checkbox', { name: 'New releases: Push' }).click();
  await expect(member.getByText('Notification preferences saved')).toBeVisible();
  await member.reload();
  await expect(preferences.getByRole('checkbox', { name: 'New releases: Push' })).not.toBeChecked();
  await expectAccessible(member, '[data-testid="notifications-card"]');

  // Group notifications show their recipients per status before sending.
  await page.locator('label').filter({ hasText: 'Subscription group' }).click();
  await page.getByRole('combobox', { name: 'Subscription status' }).click();
  await expect(page.getByRole('option', { name: /^Active \(\d+ members?\)$/ })).toBeVisible();
  await page.keyboard.press('Escape');

  await expectAccessible(page, 'main');
  await memberContext.close();
});

test('a member who chose release news by email unsubscribes with one click from the mail', async ({
  page,
  browser,
}) => {
  const { email, memberContext, member } = await newMemberInBrowser(browser, 'mail', 'Mae', 'Lee');

  // The Email column: release news is opt-in, account mail is always on.
  await member.goto('/account');
  const preferences = member.getByRole('table', { name: 'Notification preferences' });
  await expect(preferences.getByRole('checkbox', { name: 'Account and billing: Email' })).toBeChecked();
  await expect(preferences.getByRole('checkbox', { name: 'Account and billing: Email' })).toBeDisabled();
  const releaseMail = preferences.getByRole('checkbox', { name: 'New releases: Email' });
  await expect(releaseMail).not.toBeChecked();
  await releaseMail.click();
  await expect(member.getByText('Notification preferences saved')).toBeVisible();
  await expect(releaseMail).toBeChecked();

  await logInAdmin(page);
  await page.goto('/AdminDashboard/notification');
  const title = `Bachata Moves is out ${Math.random().toString(36).slice(2, 6)}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Message').fill('Your next bachata class is ready.');
  await page.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByText('Notification sent successfully.')).toBeVisible();

  // The mail reaches the dev outbox (delivery is a job) with its unsubscribe link.
  const api = await playwrightRequest.newContext({ baseURL: API_URL });
  let link = '';
  await expect(async () => {
    const response = await api.get(`/api/v1/dev/mail?to=${encodeURIComponent(email)}`);
    const { mails } = (await response.json()) as { mails: { subject: string; links: string[] }[] };
    link = mails.find((m) => m.subject === title)?.links.find((l) => l.includes('/unsubscribe?token=')) ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 30_000 });
  await api.dispose();

  // Following it (in any browser, signed in or not) turns exactly that kind of mail off and says so.
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(link);
  await expect(guestPage.getByTestId('unsubscribe-message')).toHaveText(
    'You will no longer get emails about “New releases”.',
  );
  await expectAccessible(guestPage, '[data-testid="unsubscribe-card"]');
  await guest.close();

  await member.reload();
  await expect(preferences.getByRole('checkbox', { name: 'New releases: Email' })).not.toBeChecked();
  await expect(preferences.getByRole('checkbox', { name: 'New releases: In the app' })).toBeChecked();
  await memberContext.close();
});

test('an admin schedules, pauses and deletes a weekly notification', async ({ page }) => {
  await logInAdmin(page);
  await page.goto('/AdminDashboard/notification');
  await page.getByRole('button', { name: 'Add schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add weekly schedule' });
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await expect(dialog.getByText('Please pick at least one day')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Wednesday' }).check();
  await dialog.getByRole('checkbox', { name: 'Friday' }).check();
  await dialog.getByLabel('Time (New York)').click();
  await page.getByRole('option', { name: '6:35 PM' }).click();
  const title = `Midweek stretch ${Math.random().toString(36).slice(2, 6)}`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Message').fill('Ten minutes of stretching.');
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Notification scheduled successfully.')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Wed, Fri at 6:35 PM');
  await row.getByRole('button', { name: 'Pause' }).click();
  await expect(row.getByRole('button', { name: 'Resume' })).toBeVisible();
  await row.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete schedule?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Schedule deleted successfully.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
});
