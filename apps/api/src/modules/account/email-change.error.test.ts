import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  logInAs,
  PASSWORD,
  type Session,
  type TestApp,
} from '../../../test/helpers';
import { confirmLinkTo, mailsTo } from '../../../test/mail-helpers';
import { authTokens, users } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const emailOf = async (id: string) =>
  (await t.app.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;

// Each request from its own address, so the route's rate limit (10 a minute per address) stays out of the way.
const someAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

const requestChange = (session: Session, email: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/account/email',
    headers: session.headers,
    payload: { email, currentPassword: PASSWORD },
    remoteAddress: someAddress(),
  });

const confirm = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/account/email/confirm',
    headers,
    payload: payload as object,
    remoteAddress: someAddress(),
  });

const uniqueEmail = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;

async function pendingChange(tag: string) {
  const user = await createUser(t.app);
  const session = await logInAs(t.app, user.email);
  const newEmail = uniqueEmail(tag);
  expect((await requestChange(session, newEmail)).statusCode).toBe(202);
  return { user, session, newEmail, link: (await confirmLinkTo(t.app, newEmail))! };
}

describe('change of email: bad links and bad input change nothing', () => {
  it('uses a link once', async () => {
    const { user, newEmail, link } = await pendingChange('once');
    expect((await confirm(link)).statusCode).toBe(200);
    const again = await confirm(link);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'TOKEN_INVALID',
      message:
        'This email confirmation link is invalid or has expired. Please ask for a new one on your account page.',
    });
    expect(await emailOf(user.id)).toBe(newEmail);
  });

  it('refuses an expired link (24 hours)', async () => {
    const { user, link } = await pendingChange('expired');
    const [row] = await t.app.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, user.id), eq(authTokens.purpose, 'email-change')));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(23.9 * 3_600_000);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(24 * 3_600_000 + 1000);
    await t.app.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.id, row!.id));
    const res = await confirm(link);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('TOKEN_INVALID');
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it("refuses a wrong token, another account's id, a reset token, and malformed bodies", async () => {
    const { user, link } = await pendingChange('wrong');
    const other = await createUser(t.app);
    const resetToken = 'x'.repeat(43);
    for (const payload of [
      { userId: user.id, token: `${link.token.slice(0, -2)}AA` },
      { userId: other.id, token: link.token },
      { userId: user.id, token: resetToken },
    ]) {
      const res = await confirm(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('TOKEN_INVALID');
    }
    for (const payload of [
      {},
      { userId: 'not-a-uuid', token: link.token },
      { userId: user.id, token: 'short' },
      { userId: user.id, token: link.token, email: 'evil@example.com' },
    ]) {
      const res = await confirm(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await emailOf(user.id)).toBe(user.email);
    // The good link still works after all that.
    expect((await confirm(link)).statusCode).toBe(200);
  });

  it('a newer request revokes the older link', async () => {
    const { user, session, link: first } = await pendingChange('first');
    const second = uniqueEmail('second');
    await requestChange(session, second);
    expect((await confirm(first)).json().code).toBe('TOKEN_INVALID');
    expect(await emailOf(user.id)).toBe(user.email);
    expect((await confirm((await confirmLinkTo(t.app, second))!)).statusCode).toBe(200);
    expect(await emailOf(user.id)).toBe(second);
  });

  it('answers 409 EMAIL_TAKEN when the address was taken after the request, and changes nothing', async () => {
    const { user, newEmail, link } = await pendingChange('race');
    await createUser(t.app, { email: newEmail });
    const res = await confirm(link);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'An account with this email already exists. Please log in instead.',
    });
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it('two accounts confirming one address at the same moment: one wins, the other gets 409 (never 500)', async () => {
    const target = uniqueEmail('both');
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await requestChange(await logInAs(t.app, a.email), target);
    const linkA = (await confirmLinkTo(t.app, target))!;
    await requestChange(await logInAs(t.app, b.email), target);
    const linkB = (await confirmLinkTo(t.app, target))!;
    expect(linkA.userId).toBe(a.id);
    expect(linkB.userId).toBe(b.id);
    const answers = await Promise.all([confirm(linkA), confirm(linkB)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().code).toBe('EMAIL_TAKEN');
    const owners = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, target));
    expect(owners).toHaveLength(1);
  });

  it('refuses the same email as today, and a wrong password, without any mail', async () => {
    const user = await createUser(t.app);
    const session = await logInAs(t.app, user.email);
    const same = await requestChange(session, user.email.toUpperCase());
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { email: 'This is already your email.' },
    });
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/account/email',
      headers: session.headers,
      payload: { email: uniqueEmail('wrongpw'), currentPassword: 'not-my-password' },
      remoteAddress: someAddress(),
    });
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    expect(await mailsTo(t.app, user.email)).toHaveLength(0);
    const pending = await t.app.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(pending).toHaveLength(0);
  });

  it("needs the CSRF token when the confirming request carries the account's own cookie session", async () => {
    const { user, session, link } = await pendingChange('csrf');
    const res = await confirm(link, { cookie: session.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF_FAILED');
    expect(await emailOf(user.id)).toBe(user.email);
  });
});
