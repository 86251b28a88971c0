import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, PASSWORD, type TestApp } from '../../../test/helpers';
import { confirmLinkTo, mailsTo } from '../../../test/mail-helpers';
import { users } from '../../db/schema';
import { issueLinkToken } from '../auth/service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('change of email: what an attacker with a session and the password gets', () => {
  it('learns nothing about whether the new address belongs to someone: same answer, no link to that address', async () => {
    const victim = await createUser(t.app, { email: 'victim.taken@example.com' });
    const attacker = await createUser(t.app);
    const session = await logInAs(t.app, attacker.email);
    const ask = (email: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/account/email',
        headers: session.headers,
        payload: { email, currentPassword: PASSWORD },
      });
    const taken = await ask(victim.email);
    const free = await ask('nobody.here@example.com');
    expect(taken.statusCode).toBe(202);
    expect(free.statusCode).toBe(202);
    const shape = (body: { message: string; account: Record<string, unknown> }, email: string) => ({
      message: body.message.replace(email, '<email>'),
      account: { ...body.account, pendingEmail: body.account.pendingEmail === email ? '<email>' : 'other' },
    });
    expect(shape(taken.json(), victim.email)).toEqual(shape(free.json(), 'nobody.here@example.com'));

    // The owner of the taken address is told, without a link; nothing can change either account.
    expect(await confirmLinkTo(t.app, victim.email)).toBeNull();
    const [told] = await mailsTo(t.app, victim.email);
    expect(told!.textBody).toContain('already belongs to a Dance Training account');
    expect((await t.app.db.select().from(users).where(eq(users.id, victim.id)))[0]!.email).toBe(victim.email);
  });

  it('a reset link mailed to the old address stops working once the new email is confirmed', async () => {
    const user = await createUser(t.app);
    const session = await logInAs(t.app, user.email);
    const resetToken = await issueLinkToken(t.app.db, user.id, 'password-reset', 60_000);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/account/email',
      headers: session.headers,
      payload: { email: 'after.reset@example.com', currentPassword: PASSWORD },
    });
    const link = (await confirmLinkTo(t.app, 'after.reset@example.com'))!;
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/account/email/confirm', payload: link }))
        .statusCode,
    ).toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/reset',
      payload: { userId: user.id, token: resetToken, password: 'taken-over-9' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().code).toBe('TOKEN_INVALID');
  });

  it("the link confirmed from another account's session ends every session of the changed account", async () => {
    const user = await createUser(t.app);
    const own = await logInAs(t.app, user.email);
    const stranger = await createUser(t.app);
    const strangerSession = await logInAs(t.app, stranger.email);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/account/email',
      headers: own.headers,
      payload: { email: 'cross.session@example.com', currentPassword: PASSWORD },
    });
    const link = (await confirmLinkTo(t.app, 'cross.session@example.com'))!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/email/confirm',
      headers: strangerSession.headers,
      payload: link,
    });
    expect(res.json().sessionKept).toBe(false);
    const ownAfter = await t.app.inject({ method: 'GET', url: '/api/v1/auth/session', headers: own.headers });
    expect(ownAfter.statusCode).toBe(401);
    const strangerAfter = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: strangerSession.headers,
    });
    expect(strangerAfter.json().user.email).toBe(stranger.email);
  });
});
