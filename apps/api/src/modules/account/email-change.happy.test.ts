import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, PASSWORD, type TestApp } from '../../../test/helpers';
import { confirmLinkTo, mailsTo } from '../../../test/mail-helpers';
import { users } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const emailOf = async (id: string) =>
  (await t.app.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;

const sessionWorks = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/auth/session', headers: { cookie } })).statusCode ===
  200;

const requestChange = (headers: Record<string, string>, email: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/account/email',
    headers,
    payload: { email, currentPassword: PASSWORD },
  });

describe('change of email with confirmation (issue 13 finding 9)', () => {
  it('mails a notice to the old address and a link to the new one, and changes nothing yet', async () => {
    const user = await createUser(t.app, { email: 'nora.old@example.com', firstName: 'Nora' });
    const session = await logInAs(t.app, user.email);
    const res = await requestChange(session.headers, 'Nora.New@Example.org');
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toContain('nora.new@example.org');
    expect(res.json().account).toMatchObject({ email: user.email, pendingEmail: 'nora.new@example.org' });

    const [notice] = await mailsTo(t.app, user.email);
    expect(notice!.subject).toBe('Your Dance Training email is about to change');
    expect(notice!.textBody).toContain('n***@example.org');
    expect(notice!.textBody).not.toContain('nora.new@example.org');
    expect(notice!.textBody).toContain('If it was not you, change your password');
    expect(notice!.textBody).not.toContain('/confirm-email/');

    const [confirm] = await mailsTo(t.app, 'nora.new@example.org');
    expect(confirm!.subject).toBe('Confirm your new Dance Training email');
    expect(confirm!.textBody).toMatch(
      new RegExp(`http://localhost:5173/confirm-email/${user.id}/[A-Za-z0-9_-]{43}`),
    );

    // Unchanged until the link is followed: the old email still logs in, the new one does not.
    expect(await emailOf(user.id)).toBe(user.email);
    await logInAs(t.app, user.email);
    const withNew = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'nora.new@example.org', password: PASSWORD },
    });
    expect(withNew.statusCode).toBe(401);
    const details = await t.app.inject({ method: 'GET', url: '/api/v1/account', headers: session.headers });
    expect(details.json()).toMatchObject({ email: user.email, pendingEmail: 'nora.new@example.org' });
  });

  it('applies the change with the link: keeps the confirming session, ends the others, logs in with the new email', async () => {
    const user = await createUser(t.app);
    const here = await logInAs(t.app, user.email);
    const elsewhere = await logInAs(t.app, user.email);
    const bearer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/tokens',
      payload: { email: user.email, password: PASSWORD },
    });
    const bearerHeaders = { authorization: `Bearer ${bearer.json().token}` };
    const newEmail = `moved-${user.id.slice(0, 8)}@example.com`;
    expect((await requestChange(here.headers, newEmail)).statusCode).toBe(202);
    const link = (await confirmLinkTo(t.app, newEmail))!;

    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/email/confirm',
      headers: here.headers,
      payload: link,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      message: 'Your email was changed. Use your new email to log in from now on.',
      email: newEmail,
      sessionKept: true,
    });
    expect(await emailOf(user.id)).toBe(newEmail);
    expect(await sessionWorks(here.cookie)).toBe(true);
    expect(await sessionWorks(elsewhere.cookie)).toBe(false);
    const bearerSession = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: bearerHeaders,
    });
    expect(bearerSession.statusCode).toBe(401);

    const session = await t.app.inject({ method: 'GET', url: '/api/v1/auth/session', headers: here.headers });
    expect(session.json().user.email).toBe(newEmail);
    const details = await t.app.inject({ method: 'GET', url: '/api/v1/account', headers: here.headers });
    expect(details.json()).toMatchObject({ email: newEmail, pendingEmail: null });
    await logInAs(t.app, newEmail);
    const withOld = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(withOld.statusCode).toBe(401);
  });

  it('applies the change from a browser without a session and ends every session of the account', async () => {
    const user = await createUser(t.app);
    const session = await logInAs(t.app, user.email);
    const newEmail = `fresh-${user.id.slice(0, 8)}@example.com`;
    await requestChange(session.headers, newEmail);
    const link = (await confirmLinkTo(t.app, newEmail))!;
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/email/confirm',
      payload: link,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().sessionKept).toBe(false);
    expect(await emailOf(user.id)).toBe(newEmail);
    expect(await sessionWorks(session.cookie)).toBe(false);
  });
});
