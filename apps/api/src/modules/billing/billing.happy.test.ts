import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openCheckout,
  portalAction,
  readState,
  submitSandboxForm,
  subscribe,
} from '../../../test/billing-helpers';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { subscriptions, users } from '../../db/schema';
import { hasActiveAccess } from '../subscriptions/access';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newMember() {
  const user = await createUser(t.app);
  const session = await logInAs(t.app, user.email);
  return { user, session };
}

const sessionUser = async (session: Session) =>
  (
    await t.app.inject({ method: 'GET', url: '/api/v1/auth/session', headers: { cookie: session.cookie } })
  ).json().user;

const accessOf = async (userId: string) => {
  const [row] = await t.app.db.select().from(users).where(eq(users.id, userId));
  return hasActiveAccess(t.app.db, row!);
};

describe('sandbox checkout', () => {
  it('starts a Plus trial: in_trial, userType vip, trial used, access granted', async () => {
    const { user, session } = await newMember();
    expect(await readState(t.app, session)).toMatchObject({
      isActive: false,
      accessVia: 'none',
      subscription: null,
      canManage: false,
    });
    const url = await openCheckout(t.app, session, 'VIP', 'monthly');
    expect(url).toMatch(/^\/api\/v1\/billing\/sandbox\/checkout\/sbx_/);

    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('SANDBOX');
    expect(page.body).toContain('Start free trial');
    expect(page.body).toContain('3 days');
    expect(page.body).toContain(user.email);

    const paid = await submitSandboxForm(t.app, url, { cardNumber: '4242 4242 4242 4242' });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(
      /^http:\/\/localhost:5173\/account\?checkout=succeeded&id=sbx_.+&state=succeeded$/,
    );

    const state = await readState(t.app, session);
    expect(state).toMatchObject({
      isActive: true,
      accessVia: 'own',
      userType: 'vip',
      isTrialAvailed: true,
      trialUsedFamilies: ['plus'],
      canManage: true,
    });
    expect(state.subscription).toMatchObject({
      provider: 'sandbox',
      status: 'in_trial',
      statusLabel: 'Trial',
      planId: 'VIP',
      planTitle: 'Plus',
      period: 'monthly',
      periodLabel: 'Monthly',
    });
    const trialDays = (Date.parse(state.subscription!.trialEnd!) - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(2.9);
    expect(trialDays).toBeLessThanOrEqual(3);
    expect(state.subscriptionId).toBe(state.subscription!.id);
    expect(await sessionUser(session)).toMatchObject({
      userType: 'vip',
      subscriptionId: state.subscription!.id,
      isTrialAvailed: true,
    });
    expect(await accessOf(user.id)).toBe(true);
  });

  it('gives 7 trial days on yearly Standard and none on studio plans', async () => {
    const a = await newMember();
    const yearly = await openCheckout(t.app, a.session, 'INDIVIDUAL', 'yearly');
    expect((await t.app.inject({ method: 'GET', url: yearly })).body).toContain('7 days');
    const b = await newMember();
    const studio = await openCheckout(t.app, b.session, 'STUDIO-5', 'yearly');
    const page = (await t.app.inject({ method: 'GET', url: studio })).body;
    expect(page).not.toContain('Free trial');
    expect(page).toContain('Pay $499.00 and subscribe');
    await submitSandboxForm(t.app, studio, { cardNumber: '4242424242424242' });
    const state = await readState(t.app, b.session);
    expect(state.subscription).toMatchObject({
      status: 'active',
      statusLabel: 'Active',
      periodLabel: 'Annual',
    });
    expect(state.userType).toBe('studio-owner');
    // Studio owners are billing customers of their own.
    const [row] = await t.app.db.select().from(subscriptions).where(eq(subscriptions.userId, b.user.id));
    expect(row!.providerCustomerId).toBe(`studio-${b.user.id}`);
  });

  it('upgrades and downgrades through the checkout of a change, without a new trial', async () => {
    const { session } = await newMember();
    await subscribe(t.app, session, 'INDIVIDUAL', 'monthly');
    expect((await readState(t.app, session)).userType).toBe('individual-user');

    const upgradeUrl = await openCheckout(t.app, session, 'VIP', 'monthly');
    const page = (await t.app.inject({ method: 'GET', url: upgradeUrl })).body;
    expect(page).toContain('Confirm plan change');
    expect(page).toContain('Changing from');
    await submitSandboxForm(t.app, upgradeUrl, { cardNumber: '4242424242424242' });
    let state = await readState(t.app, session);
    expect(state.subscription).toMatchObject({ planId: 'VIP', status: 'active' });
    expect(state.userType).toBe('vip');
    expect(state.trialUsedFamilies).toEqual(['standard']);

    await subscribe(t.app, session, 'STUDIO-10', 'yearly');
    state = await readState(t.app, session);
    expect(state.userType).toBe('studio-owner');
    expect(state.subscription).toMatchObject({ planId: 'STUDIO-10', seats: 10 });

    await subscribe(t.app, session, 'INDIVIDUAL', 'monthly');
    state = await readState(t.app, session);
    expect(state.subscription).toMatchObject({ planId: 'INDIVIDUAL', status: 'active' });
    expect(state.userType).toBe('individual-user');
    // Still one subscription, changed in place.
    const ids = new Set([state.subscription!.id]);
    expect(ids.size).toBe(1);
  });

  it('uses a checkout page once: a second submit changes nothing', async () => {
    const { user, session } = await newMember();
    const url = await openCheckout(t.app, session, 'VIP', 'yearly');
    await submitSandboxForm(t.app, url, { cardNumber: '4242424242424242' });
    const again = await submitSandboxForm(t.app, url, { cardNumber: '4242424242424242' });
    expect(again.statusCode).toBe(303);
    const rows = await t.app.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('declines the declined test card and creates nothing', async () => {
    const { user, session } = await newMember();
    const url = await openCheckout(t.app, session, 'VIP', 'monthly');
    const res = await submitSandboxForm(t.app, url, { cardNumber: '4000 0000 0000 0002' });
    expect(res.statusCode).toBe(402);
    expect(res.body).toContain('Your card was declined.');
    const rows = await t.app.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(rows).toHaveLength(0);
    expect((await readState(t.app, session)).isActive).toBe(false);
  });
});

describe('sandbox portal and clock', () => {
  it('ends a trial into active when time moves past it', async () => {
    const { session } = await newMember();
    await subscribe(t.app, session, 'VIP', 'monthly');
    await portalAction(t.app, session, { action: 'advance', days: '3' });
    const state = await readState(t.app, session);
    expect(state.subscription).toMatchObject({ status: 'active', statusLabel: 'Active' });
    expect(state.isActive).toBe(true);
  });

  it('renews an active term when time passes its end', async () => {
    const { session } = await newMember();
    await subscribe(t.app, session, 'STUDIO-5', 'monthly');
    const before = (await readState(t.app, session)).subscription!;
    await portalAction(t.app, session, { action: 'advance', days: '30' });
    const after = (await readState(t.app, session)).subscription!;
    expect(after.status).toBe('active');
    expect(Date.parse(after.nextBillingAt!)).toBeGreaterThan(Date.parse(before.nextBillingAt!));
  });

  it('asks before cancelling and says until when access lasts', async () => {
    const { session } = await newMember();
    await subscribe(t.app, session, 'INDIVIDUAL', 'monthly');
    const trialEnd = (await readState(t.app, session)).subscription!.trialEnd!;
    const until = new Date(trialEnd).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    const asked = await portalAction(t.app, session, { action: 'cancel-ask' });
    expect(asked.headers.location).toMatch(/\?confirm=cancel$/);
    // Asking changes nothing.
    expect((await readState(t.app, session)).subscription).toMatchObject({ status: 'in_trial' });
    const confirmation = await t.app.inject({ method: 'GET', url: String(asked.headers.location) });
    expect(confirmation.body).toContain('Cancel your subscription?');
    expect(confirmation.body).toContain(`You keep access until <strong>${until}</strong>`);
    expect(confirmation.body).toContain('Yes, cancel subscription');

    const done = await portalAction(t.app, session, { action: 'cancel' });
    const notice = new URL(String(done.headers.location), 'http://x').searchParams.get('notice');
    expect(notice).toBe(`Your subscription is cancelled. You keep access until ${until}.`);
    expect((await readState(t.app, session)).subscription).toMatchObject({ status: 'non_renewing' });
  });

  it('cancels at term end (non_renewing, still active), then lapses; reactivation restores access', async () => {
    const { user, session } = await newMember();
    await subscribe(t.app, session, 'INDIVIDUAL', 'monthly');
    await portalAction(t.app, session, { action: 'advance', days: '3' });

    const portalUrl = await (await import('../../../test/billing-helpers')).openPortal(t.app, session);
    const page = await t.app.inject({ method: 'GET', url: portalUrl });
    expect(page.body).toContain('SANDBOX');
    expect(page.body).toContain('Cancel subscription');

    await portalAction(t.app, session, { action: 'cancel' });
    let state = await readState(t.app, session);
    expect(state.subscription).toMatchObject({ status: 'non_renewing', statusLabel: 'Non Renewing' });
    expect(state.isActive).toBe(true);
    expect(await accessOf(user.id)).toBe(true);

    await portalAction(t.app, session, { action: 'advance', days: '30' });
    state = await readState(t.app, session);
    expect(state.subscription).toMatchObject({ status: 'cancelled', statusLabel: 'Cancelled' });
    expect(state.isActive).toBe(false);
    // Lapsed: no userType, the subscription id stays (so the UPGRADE link shows).
    expect(state.userType).toBeNull();
    expect(state.subscriptionId).toBe(state.subscription!.id);
    expect(await accessOf(user.id)).toBe(false);

    await portalAction(t.app, session, { action: 'reactivate' });
    state = await readState(t.app, session);
    expect(state.subscription).toMatchObject({ status: 'active' });
    expect(state.userType).toBe('individual-user');
    expect(await accessOf(user.id)).toBe(true);
  });

  it('removes a scheduled cancellation', async () => {
    const { session } = await newMember();
    await subscribe(t.app, session, 'VIP', 'yearly');
    await portalAction(t.app, session, { action: 'cancel' });
    await portalAction(t.app, session, { action: 'reactivate' });
    expect((await readState(t.app, session)).subscription).toMatchObject({ status: 'in_trial' });
  });

  it('pauses (no access) and resumes', async () => {
    const { user, session } = await newMember();
    await subscribe(t.app, session, 'STUDIO-5', 'monthly');
    await portalAction(t.app, session, { action: 'pause' });
    let state = await readState(t.app, session);
    expect(state.subscription).toMatchObject({ status: 'paused', statusLabel: 'Paused' });
    expect(state.isActive).toBe(false);
    expect(await accessOf(user.id)).toBe(false);
    await portalAction(t.app, session, { action: 'resume' });
    state = await readState(t.app, session);
    expect(state.subscription!.status).toBe('active');
  });

  it('changes plan from the portal', async () => {
    const { session } = await newMember();
    await subscribe(t.app, session, 'INDIVIDUAL', 'monthly');
    await portalAction(t.app, session, { action: 'change', plan: 'VIP:yearly' });
    const state = await readState(t.app, session);
    expect(state.subscription).toMatchObject({ planId: 'VIP', period: 'yearly', status: 'active' });
    expect(state.userType).toBe('vip');
  });
});

describe('one free trial per person, whatever the plan (decision 0035)', () => {
  it('offers no second trial, on Standard nor on Plus, after the Standard trial', async () => {
    const { session } = await newMember();
    await subscribe(t.app, session, 'INDIVIDUAL', 'monthly');
    await portalAction(t.app, session, { action: 'cancel' });
    await portalAction(t.app, session, { action: 'advance', days: '4' });
    expect((await readState(t.app, session)).subscription!.status).toBe('cancelled');

    const again = await openCheckout(t.app, session, 'INDIVIDUAL', 'yearly');
    const page = (await t.app.inject({ method: 'GET', url: again })).body;
    expect(page).not.toContain('Start free trial');
    expect(page).toContain('Pay $149.99 and subscribe');

    const plus = await openCheckout(t.app, session, 'VIP', 'monthly');
    const plusPage = (await t.app.inject({ method: 'GET', url: plus })).body;
    expect(plusPage).not.toContain('Start free trial');
    expect(plusPage).toContain('Pay $34.99 and subscribe');
    expect((await readState(t.app, session)).isTrialAvailed).toBe(true);
  });

  it('offers the trial to a member who never had one, and none to one flagged isTrialAvailed', async () => {
    const fresh = await newMember();
    const url = await openCheckout(t.app, fresh.session, 'VIP', 'monthly');
    expect((await t.app.inject({ method: 'GET', url })).body).toContain('Start free trial');
    // A flag carried from the spec's data (no trial record of ours): still no second trial.
    const flagged = await newMember();
    await t.app.db.update(users).set({ isTrialAvailed: true }).where(eq(users.id, flagged.user.id));
    const again = await openCheckout(t.app, flagged.session, 'INDIVIDUAL', 'monthly');
    expect((await t.app.inject({ method: 'GET', url: again })).body).not.toContain('Start free trial');
  });

  it('keeps the used trial when the account is re-created with the same email', async () => {
    const { user, session } = await newMember();
    await subscribe(t.app, session, 'VIP', 'monthly');
    await t.app.db.delete(users).where(eq(users.id, user.id));
    const again = await createUser(t.app, { email: user.email });
    const s2 = await logInAs(t.app, again.email);
    expect((await readState(t.app, s2)).trialUsedFamilies).toEqual(['plus']);
    const url = await openCheckout(t.app, s2, 'VIP', 'monthly');
    expect((await t.app.inject({ method: 'GET', url })).body).not.toContain('Start free trial');
  });
});
