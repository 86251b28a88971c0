import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { mailsTo } from '../../../test/mail-helpers';
import { notifications } from '../../db/schema';
import { createUnsubscribeToken, unsubscribeParts, unsubscribeSecret } from '../../lib/unsubscribe';
import { notify } from './service';

let t: TestApp;
let optedIn: { id: string; email: string };
let byDefault: { id: string; email: string };
let session: Session;

beforeAll(async () => {
  t = await createTestApp();
  optedIn = await createUser(t.app);
  byDefault = await createUser(t.app);
  session = await logInAs(t.app, optedIn.email);
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/notifications/preferences',
    headers: session.headers,
    payload: { preferences: [{ kind: 'release', channel: 'mail', enabled: true }] },
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(() => t.close());

async function waitDone(id: string) {
  const until = Date.now() + 20_000;
  for (;;) {
    const [row] = await t.app.db.select().from(notifications).where(eq(notifications.id, id));
    if (row?.state === 'done') return row;
    if (Date.now() > until) throw new Error(`notification ${id} stuck in ${row?.state}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const preferencesOf = async (s: Session) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/notifications/preferences', headers: s.headers })).json()
    .preferences as { kind: string; channel: string; enabled: boolean }[];

/** One click, as a mail client does it (RFC 8058): a form POST, no cookie, no CSRF token. */
const oneClick = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });

const tokenIn = (text: string) => {
  const match = /\/unsubscribe\?token=([^\s"'<>]+)/.exec(text);
  return match ? decodeURIComponent(match[1]!) : null;
};

describe('mail as a notification channel', () => {
  it('mails release news only to members who chose it, with a one-click unsubscribe link', async () => {
    const sent = await notify(t.app, {
      audience: { userIds: [optedIn.id, byDefault.id] },
      kind: 'release',
      title: 'New this week',
      body: 'Three new classes are out.',
      url: '/classes',
    });
    const done = await waitDone(sent.id);
    expect(done.delivered).toBeGreaterThanOrEqual(1);
    const [mail] = await mailsTo(t.app, optedIn.email);
    expect(mail?.subject).toBe('New this week');
    expect(mail?.textBody).toContain('Three new classes are out.');
    expect(tokenIn(mail!.textBody)).not.toBeNull();
    // Release mail is opt-in: the member who did not choose it gets none (but still the inbox row).
    expect(await mailsTo(t.app, byDefault.email)).toHaveLength(0);
  });

  it('mails account notices to everyone, without an unsubscribe link, and the choice cannot be turned off', async () => {
    const sent = await notify(t.app, {
      audience: { userIds: [byDefault.id] },
      kind: 'account',
      title: 'Your receipt',
      body: 'Thank you for your payment.',
    });
    await waitDone(sent.id);
    const [mail] = await mailsTo(t.app, byDefault.email);
    expect(mail?.subject).toBe('Your receipt');
    expect(tokenIn(mail!.textBody)).toBeNull();
    const other = await logInAs(t.app, byDefault.email);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/notifications/preferences',
      headers: other.headers,
      payload: { preferences: [{ kind: 'account', channel: 'mail', enabled: false }] },
    });
    expect(
      (await preferencesOf(other)).find((p) => p.kind === 'account' && p.channel === 'mail')?.enabled,
    ).toBe(true);
  });

  it('saves a pair sent twice in one request once (the last wins), never a 5xx', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/notifications/preferences',
      headers: session.headers,
      payload: {
        preferences: [
          { kind: 'studio-playlist', channel: 'mail', enabled: false },
          { kind: 'studio-playlist', channel: 'mail', enabled: true },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(
      (res.json().preferences as { kind: string; channel: string; enabled: boolean }[]).find(
        (p) => p.kind === 'studio-playlist' && p.channel === 'mail',
      )?.enabled,
    ).toBe(true);
  });

  it('carries the RFC 8058 headers pointing at the one-click endpoint', () => {
    const parts = unsubscribeParts(t.app.config, optedIn.id, 'release');
    expect(parts.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(parts.headers['List-Unsubscribe']).toMatch(
      /^<https?:\/\/.+\/api\/v1\/notifications\/unsubscribe\?token=.+>$/,
    );
    expect(parts.pageUrl).toContain('/unsubscribe?token=');
  });
});

describe('one-click unsubscribe', () => {
  it('refuses forged, tampered, expired and malformed tokens and changes nothing', async () => {
    const before = await preferencesOf(session);
    const secret = unsubscribeSecret(t.app.config);
    const good = createUnsubscribeToken(secret, optedIn.id, 'release');
    const [userId, , expires, mac] = good.split('.');
    const longAgo = new Date(Date.now() - 400 * 24 * 60 * 60 * 1000);
    const bad = [
      'forged',
      `${userId}.reply.${expires}.${mac}`, // another kind under the same signature
      `${userId}.release.${Number(expires) + 1}.${mac}`, // a later expiry
      `${good.slice(0, -2)}${good.endsWith('AA') ? 'BB' : 'AA'}`, // a changed signature
      createUnsubscribeToken('another-secret-another-secret-another', optedIn.id, 'release'),
      createUnsubscribeToken(secret, optedIn.id, 'release', longAgo), // expired
      createUnsubscribeToken(secret, optedIn.id, 'account'), // transactional mail is never turned off
    ];
    for (const token of bad) {
      const res = await oneClick(token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json().code).toBe('TOKEN_INVALID');
    }
    expect(await preferencesOf(session)).toEqual(before);
  });

  it('turns off exactly that kind of mail for that member, without a login, and says so', async () => {
    const before = await preferencesOf(session);
    const [mail] = await mailsTo(t.app, optedIn.email);
    const res = await oneClick(tokenIn(mail!.textBody)!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      kind: 'release',
      message: 'You will no longer get emails about “New releases”.',
    });
    const after = await preferencesOf(session);
    expect(after.find((p) => p.kind === 'release' && p.channel === 'mail')?.enabled).toBe(false);
    // Everything else is as it was.
    expect(after.filter((p) => !(p.kind === 'release' && p.channel === 'mail'))).toEqual(
      before.filter((p) => !(p.kind === 'release' && p.channel === 'mail')),
    );
    // A second click is harmless.
    expect((await oneClick(tokenIn(mail!.textBody)!)).statusCode).toBe(200);
  });

  it('turns the reply mail off through the comment-notifications flag it shares', async () => {
    const token = createUnsubscribeToken(unsubscribeSecret(t.app.config), optedIn.id, 'reply');
    expect((await oneClick(token)).statusCode).toBe(200);
    const account = await t.app.inject({ method: 'GET', url: '/api/v1/account', headers: session.headers });
    const prefs = await preferencesOf(session);
    expect(prefs.find((p) => p.kind === 'reply' && p.channel === 'mail')?.enabled).toBe(false);
    expect(account.json().commentNotifications).toBe(false);
  });
});
