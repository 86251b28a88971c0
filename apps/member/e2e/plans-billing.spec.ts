import { expect, type Page, test } from '@playwright/test';
import { fillSignUpForm, findPlayable, logIn, newMember, startPlaying, videoState } from './helpers';

/**
 * Plans, sandbox checkout and portal, studio seats (issue 6) on the embedded defaults.
 * Playing a video arrives with the player issue: these tests assert the subscription state and the
 * UPGRADE/plan labels the player's gate reads instead.
 */

const planCard = (page: Page, planId: string) => page.getByTestId(`plan-card-${planId}`);
/** Page loads after a hosted page compile lazily in the dev server: allow for a cold start. */
const LOAD = { timeout: 20_000 };

test.describe.configure({ timeout: 90_000 });

async function readSubscription(page: Page) {
  const response = await page.request.get('/api/v1/account/subscription');
  expect(response.status()).toBe(200);
  return response.json();
}

test('a visitor picks Plus, signs up and goes through the sandbox checkout automatically', async ({
  page,
}) => {
  const member = newMember('plans');
  await page.goto('/Plans');
  await expect(page.getByText('up to 45% OFF')).toBeVisible(LOAD);
  // The second card is the most popular (Plus); buttons appear after 1.5 s.
  await expect(planCard(page, 'VIP').getByText('Most popular')).toBeVisible();
  await planCard(page, 'VIP')
    .getByRole('button', { name: /START FREE TRIAL/ })
    .click();
  await expect(page).toHaveURL(/\/SignUp$/);

  await fillSignUpForm(page, member, 'Dancer/Parent');
  await page.getByRole('button', { name: 'SIGN UP', exact: true }).click();

  // /plans?autoSubscribe=true starts checkout on its own, into the sandbox's hosted page.
  await expect(page).toHaveURL(/\/api\/v1\/billing\/sandbox\/checkout\/sbx_/, { timeout: 15_000 });
  await expect(page.getByText('SANDBOX · TEST MODE')).toBeVisible();
  await expect(page.getByText('Plus', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Start free trial' }).click();

  await expect(page).toHaveURL(/\/account\?checkout=succeeded/);
  await expect(page.getByTestId('subscription-status')).toHaveText('Trial', LOAD);
  await expect(page.getByTestId('subscription-plan')).toHaveText('Plus');
  await expect(page.getByTestId('subscription-period')).toHaveText('Monthly');
  expect(await readSubscription(page)).toMatchObject({ isActive: true, userType: 'vip' });
  // A Plus member has a userType: no UPGRADE link.
  await expect(page.getByRole('link', { name: 'UPGRADE' })).toHaveCount(0);

  await page.goto('/plans');
  await expect(planCard(page, 'VIP').getByRole('button', { name: /Current/ })).toBeDisabled(LOAD);
  await expect(planCard(page, 'INDIVIDUAL').getByRole('button', { name: /Downgrade/ })).toBeVisible();
  await expect(planCard(page, 'STUDIO-5').getByRole('button', { name: /Upgrade/ })).toBeVisible();

  // The trial unlocks the library: a video plays and its frames advance.
  const videoId = await findPlayable(page.request, 'library');
  await page.goto(`/PlayerPage?v=${videoId}&type=PV`);
  await startPlaying(page);
  const before = (await videoState(page)).time;
  await expect
    .poll(async () => (await videoState(page)).time, { timeout: 20_000 })
    .toBeGreaterThan(before + 0.5);
});

test('a studio owner buys 10 seats and invites a sub-user who sets a password and logs in', async ({
  page,
}) => {
  const owner = newMember('studio');
  const signUp = await page.request.post('/api/v1/auth/studio-signup', {
    data: { ...owner, reEnteredPassword: owner.password, acceptTerms: true },
  });
  expect(signUp.status()).toBe(201);

  await page.goto('/studioPlans');
  await expect(page.getByRole('link', { name: 'Looking for an Individual Account?' })).toHaveAttribute(
    'href',
    '/Plans',
  );
  await expect(page.getByText('Free 60 min video-call session').first()).toBeVisible();
  await planCard(page, 'STUDIO-10')
    .getByRole('button', { name: /GET STARTED/ })
    .click();
  await expect(page).toHaveURL(/\/billing\/sandbox\/checkout\//);
  await page.getByRole('button', { name: 'Pay $749.00 and subscribe' }).click();

  await expect(page).toHaveURL(/\/account/);
  await expect(page.getByTestId('seats-total')).toHaveText('Seats: 10', LOAD);
  await expect(page.getByTestId('seats-left')).toHaveText('Seats left: 9');
  await expect(page.getByTestId('empty-seat')).toHaveCount(9);
  await expect(page.getByText('EMPTY SEAT').first()).toBeVisible();

  const seat = newMember('seat');
  const form = page.getByRole('form', { name: 'Add a sub-user' });
  await form.getByLabel('First name').fill('Sia');
  await form.getByLabel('Last name').fill('Seat');
  await form.getByLabel('Email').fill(seat.email);
  await form.getByRole('button', { name: 'Add user' }).click();
  await expect(page.getByText('User added successfully')).toBeVisible();
  await expect(page.getByTestId('seats-left')).toHaveText('Seats left: 8');
  await expect(page.getByRole('cell', { name: seat.email })).toBeVisible();

  const mail = await page.request.get(`/api/v1/dev/mail?to=${encodeURIComponent(seat.email)}`);
  const { mails } = (await mail.json()) as { mails: { links: string[] }[] };
  const link = new URL(mails[0]!.links.find((l) => l.includes('/set-password/'))!);

  await page.context().clearCookies();
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New password', { exact: true }).fill(seat.password);
  await page.getByLabel('Confirm new password').fill(seat.password);
  await page.getByRole('button', { name: 'SET PASSWORD' }).click();
  await expect(page.getByText('Password set Successful')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();

  await logIn(page, seat.email, seat.password);
  await expect(page).toHaveURL(/\/$/);
  expect(await readSubscription(page)).toMatchObject({
    isActive: true,
    accessVia: 'studio',
    userType: 'subuser',
  });
  // The seat gives access through the studio's plan: the sub-user watches.
  await page.goto(`/PlayerPage?v=${await findPlayable(page.request, 'library')}&type=PV`);
  await startPlaying(page);
  await expect.poll(async () => (await videoState(page)).time, { timeout: 20_000 }).toBeGreaterThan(0.5);
});

test('the portal cancels a plan, which lapses at the end of the term', async ({ page }) => {
  const member = newMember('portal');
  const signUp = await page.request.post('/api/v1/auth/signup', {
    data: { ...member, reEnteredPassword: member.password, role: 'other', acceptTerms: true },
  });
  const { csrfToken } = await signUp.json();
  const checkout = await page.request.post('/api/v1/billing/checkout-sessions', {
    data: { planId: 'INDIVIDUAL', period: 'monthly' },
    headers: { 'x-csrf-token': csrfToken },
  });
  expect(checkout.status()).toBe(201);
  await page.goto((await checkout.json()).url);
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page.getByTestId('subscription-status')).toHaveText('Trial', LOAD);
  // Back from checkout, the account says what was bought.
  await expect(page.getByTestId('checkout-confirmation')).toHaveText(
    /^Thank you! You are subscribed to Standard \(monthly\), free until /,
  );

  await page.getByRole('button', { name: 'MANAGE SUBSCRIPTION' }).click();
  await expect(page).toHaveURL(/\/billing\/sandbox\/portal\//);
  // Cancelling asks first and says until when access lasts.
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByTestId('confirm-cancel')).toContainText('You keep access until');
  await expect(page.getByTestId('portal-status')).toHaveText('Trial');
  await page.getByRole('button', { name: 'Yes, cancel subscription' }).click();
  await expect(page.getByRole('status')).toContainText(
    'Your subscription is cancelled. You keep access until',
  );
  await expect(page.getByTestId('portal-status')).toHaveText('Non Renewing');
  await page.getByRole('button', { name: '+7 days' }).click();
  await expect(page.getByTestId('portal-status')).toHaveText('Cancelled');
  await page.getByRole('link', { name: 'Back to Dance Training' }).click();

  await expect(page.getByTestId('subscription-status')).toHaveText('Cancelled', LOAD);
  expect(await readSubscription(page)).toMatchObject({ isActive: false, userType: null });
  // Lapsed: a subscription id and no userType, so UPGRADE shows and leads to /plans.
  await expect(page.getByRole('link', { name: 'UPGRADE' })).toHaveAttribute('href', '/plans');
  await page.goto('/plans');
  await expect(planCard(page, 'INDIVIDUAL').getByRole('button', { name: /MANAGE SUBSCRIPTION/ })).toBeVisible(
    LOAD,
  );
  // At the end of the term the player sends the member to the plans page.
  const list = await (await page.request.get('/api/v1/videos?kind=library&pageSize=1')).json();
  await page.goto(`/PlayerPage?v=${list.items[0].id}&type=PV`);
  await expect(page).toHaveURL(/\/plans/, LOAD);
  // ...and the plans page says why.
  await expect(page.getByTestId('plan-required')).toHaveText(
    'You need a plan to watch this video. Choose one below to start watching.',
  );
});
