import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCheckout, portalAction, readState, subscribe } from '../../../test/billing-helpers';
import {
  createTestApp,
  createUser,
  logInAs,
  PASSWORD,
  type Session,
  type TestApp,
} from '../../../test/helpers';
import { confirmLinkTo } from '../../../test/mail-helpers';
import { trialUsages, users } from '../../db/schema';

/** Issue 13 finding 5: a free trial per plan family per member, not per email. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const someAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
const uniqueEmail = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;

/** Changes the email the way a member does: the request, then the link mailed to the new address (if any). */
async function changeEmail(session: Session, email: string): Promise<Session> {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/account/email',
    headers: session.headers,
    payload: { email, currentPassword: PASSWORD },
    remoteAddress: someAddress(),
  });
  expect(res.statusCode).toBeLessThan(300);
  const link = await confirmLinkTo(t.app, email);
  if (link) {
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/email/confirm',
      headers: session.headers,
      payload: link,
    });
    expect(confirmed.statusCode).toBe(200);
  }
  return logInAs(t.app, email);
}

const offersTrial = async (session: Session) => {
  const url = await openCheckout(t.app, session, 'INDIVIDUAL', 'yearly');
  return (await t.app.inject({ method: 'GET', url })).body.includes('Start free trial');
};

/** A member who took the Standard trial and let the subscription lapse (no active plan any more). */
async function lapsedTrialMember() {
  const user = await createUser(t.app, { email: uniqueEmail('trial') });
  const session = await logInAs(t.app, user.email);
  await subscribe(t.app, session, 'INDIVIDUAL', 'monthly');
  await portalAction(t.app, session, { action: 'cancel' });
  await portalAction(t.app, session, { action: 'advance', days: '4' });
  expect((await readState(t.app, session)).subscription!.status).toBe('cancelled');
  return { user, session };
}

describe('free trials are keyed by the account, not by its current email', () => {
  it('refuses a second trial after converting to a studio owner and back, then changing the email', async () => {
    const { user } = await lapsedTrialMember();
    const signUp = async (path: string, body: Record<string, unknown>) => {
      const asked = await t.app.inject({
        method: 'POST',
        url: `/api/v1${path}`,
        payload: body,
        remoteAddress: someAddress(),
      });
      expect(asked.statusCode).toBe(409); // the proven owner's conversion dialog
      const converted = await t.app.inject({
        method: 'POST',
        url: `/api/v1${path}`,
        payload: { ...body, convertExisting: true },
        remoteAddress: someAddress(),
      });
      expect(converted.statusCode).toBe(201);
    };
    const person = {
      firstName: 'Tia',
      lastName: 'Trial',
      email: user.email,
      password: PASSWORD,
      reEnteredPassword: PASSWORD,
      acceptTerms: true,
    };
    await signUp('/auth/studio-signup', person);
    await signUp('/auth/signup', { ...person, role: 'dancer-parent' });
    const moved = await changeEmail(await logInAs(t.app, user.email), uniqueEmail('converted'));
    expect((await readState(t.app, moved)).trialUsedFamilies).toContain('standard');
    expect(await offersTrial(moved)).toBe(false);
  });

  it('a fresh account still gets its trial', async () => {
    const user = await createUser(t.app, { email: uniqueEmail('fresh') });
    const session = await logInAs(t.app, user.email);
    expect((await readState(t.app, session)).trialUsedFamilies).toEqual([]);
    expect(await offersTrial(session)).toBe(true);
  });

  it('refuses a second trial after the email changed', async () => {
    const { session } = await lapsedTrialMember();
    const moved = await changeEmail(session, uniqueEmail('moved'));
    expect((await readState(t.app, moved)).trialUsedFamilies).toEqual(['standard']);
    expect(await offersTrial(moved)).toBe(false);
  });

  it('refuses a trial to a new account on the changed-to email, or the original one, after the account was deleted', async () => {
    const { user, session } = await lapsedTrialMember();
    const second = uniqueEmail('second');
    await changeEmail(session, second);
    await t.app.db.delete(users).where(eq(users.id, user.id));
    // The trial record outlives the account.
    expect(await t.app.db.select().from(trialUsages).where(eq(trialUsages.userId, user.id))).toHaveLength(1);

    for (const email of [second, user.email]) {
      const again = await createUser(t.app, { email });
      const s2 = await logInAs(t.app, email);
      expect((await readState(t.app, s2)).trialUsedFamilies).toEqual(['standard']);
      expect(await offersTrial(s2)).toBe(false);
      await t.app.db.delete(users).where(eq(users.id, again.id));
    }
  });

  it("counts a trial recorded for the account's billing customer", async () => {
    const user = await createUser(t.app, { email: uniqueEmail('customer') });
    const session = await logInAs(t.app, user.email);
    await openCheckout(t.app, session, 'VIP', 'monthly'); // creates the billing customer (id = the user id)
    await t.app.db.insert(trialUsages).values({
      email: 'someone.else@example.com',
      emails: ['someone.else@example.com'],
      family: 'standard',
      userId: null,
      customerId: user.id,
      providerSubscriptionId: 'sub_legacy',
    });
    expect((await readState(t.app, session)).trialUsedFamilies).toEqual(['standard']);
    expect(await offersTrial(session)).toBe(false);
  });
});
