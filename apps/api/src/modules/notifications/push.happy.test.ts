import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
// @ts-expect-error http_ece ships no types: decrypt(buffer, { version, privateKey, authSecret }).
import ece from 'http_ece';
import type { JobWithMetadata } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import type { MailSender } from '../../adapters/mail';
import type { PushSender } from '../../adapters/push';
import {
  notificationDeliveries,
  notificationPreferences,
  notifications,
  pushSubscriptions,
} from '../../db/schema';
import { pruneDeliveriesJob } from './jobs';
import { deliverBatch } from './service';

/**
 * The push path end to end without the internet: a local HTTP server plays the push service. It receives the
 * real request web-push builds (aes128gcm body, VAPID authorization), decrypts it with the subscription's
 * private key and auth secret as a browser would, and checks the VAPID token's signature against the key the
 * API publishes.
 */

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let t: TestApp;
let admin: Session;
let member: Session;
let server: Server;
let origin = '';
const received: Received[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await logInAs(t.app, (await createUser(t.app, { role: 'admin' })).email);
  member = await logInAs(t.app, (await createUser(t.app)).email);
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = req.url?.startsWith('/gone') ? 410 : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    ecdh,
    authSecret,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
  };
}

async function waitFor<T>(check: () => Promise<T | undefined> | T | undefined, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const api = (method: 'GET' | 'POST', url: string, session: Session, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: session.headers, payload: payload as object });

describe('Web Push', () => {
  it('delivers an encrypted, VAPID-signed message the subscription can decrypt', async () => {
    const browser = browserKeys();
    const endpoint = `${origin}/push/device-1`;
    const subscribed = await api('POST', '/push/subscriptions', member, { endpoint, keys: browser.keys });
    expect(subscribed.statusCode).toBe(201);

    const sent = await api('POST', '/admin/notifications', admin, {
      title: 'New class: Jazz Turns',
      body: 'Out now in the Classes page',
      image: '/files/notification/jazz.png',
      url: '/classes',
    });
    expect(sent.statusCode).toBe(202);
    const notificationId = sent.json().id as string;

    const request = await waitFor(() => received.find((r) => r.path === '/push/device-1'));
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);

    const plain = ece.decrypt(request.body, {
      version: 'aes128gcm',
      privateKey: browser.ecdh,
      authSecret: browser.keys.auth,
    }) as Buffer;
    expect(JSON.parse(plain.toString('utf8'))).toEqual({
      title: 'New class: Jazz Turns',
      body: 'Out now in the Classes page',
      image: '/files/notification/jazz.png',
      url: '/classes',
      notificationId,
    });

    // VAPID (RFC 8292): "vapid t=<JWT>, k=<public key>"; the JWT is ES256-signed for this push service's origin.
    const publicKey = (await t.app.inject({ method: 'GET', url: '/api/v1/push/public-key' })).json()
      .publicKey;
    const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(request.headers.authorization));
    expect(match?.[2]).toBe(publicKey);
    const [header, claims, signature] = match![1]!.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
    const payload = JSON.parse(Buffer.from(claims, 'base64url').toString());
    expect(payload.aud).toBe(origin);
    expect(payload.exp * 1000).toBeGreaterThan(Date.now());
    const point = Buffer.from(publicKey, 'base64url');
    const key = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33, 65).toString('base64url'),
      },
      format: 'jwk',
    });
    const isValid = verify(
      'sha256',
      Buffer.from(`${header}.${claims}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    expect(isValid).toBe(true);

    const counted = await waitFor(async () => {
      const [row] = await t.app.db.select().from(notifications).where(eq(notifications.id, notificationId));
      return row?.state === 'done' ? row : undefined;
    });
    // Two members and the admin... only members (role user) are the audience: the member here.
    expect(counted).toMatchObject({ recipients: 1, delivered: 1, failed: 0 });
  });

  it('removes a subscription the push service says is gone (410)', async () => {
    const browser = browserKeys();
    const endpoint = `${origin}/gone/device-2`;
    await api('POST', '/push/subscriptions', member, { endpoint, keys: browser.keys });
    const before = await t.app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    expect(before).toHaveLength(1);
    await api('POST', '/admin/notifications', admin, { title: 'Hello', body: 'Again' });
    await waitFor(async () => {
      const rows = await t.app.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, endpoint));
      return rows.length === 0 ? true : undefined;
    });
    expect(received.some((r) => r.path === '/gone/device-2')).toBe(true);
  });

  it('a delivery batch run again (a retry, an expired job started twice) mails and pushes nobody twice', async () => {
    const dancer = await createUser(t.app);
    await t.app.db.insert(notificationPreferences).values([
      { userId: dancer.id, kind: 'release', channel: 'mail', enabled: true },
      { userId: dancer.id, kind: 'release', channel: 'push', enabled: true },
    ]);
    await t.app.db.insert(pushSubscriptions).values({
      userId: dancer.id,
      endpoint: `${origin}/retry/device-3`,
      ...browserKeys().keys,
    });
    const [notification] = await t.app.db
      .insert(notifications)
      .values({
        kind: 'release',
        title: 'New lesson',
        body: 'Once only',
        audience: { type: 'users' },
        userIds: [dancer.id],
        source: 'admin',
        state: 'sending',
        pushBatches: 1,
      })
      .returning();
    const pushed: string[] = [];
    const mailed: string[] = [];
    const push: PushSender = {
      publicKey: t.app.push.publicKey,
      send: async (target) => {
        pushed.push(target.endpoint);
        return { status: 'delivered' };
      },
    };
    const mail: MailSender = { kind: 'outbox', send: async (message) => void mailed.push(message.to) };
    const deps = { db: t.app.db, jobs: t.app.jobs, config: t.app.config, push, mail };

    // The first run fails after sending (the counters' write, say); pg-boss runs the batch again.
    await deliverBatch(deps, notification!.id, [dancer.id]);
    await deliverBatch(deps, notification!.id, [dancer.id]);
    expect(pushed).toEqual([`${origin}/retry/device-3`]);
    expect(mailed).toEqual([dancer.email]);

    // A day later the hourly prune removes the claims.
    const claimsOf = () =>
      t.app.db
        .select()
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.notificationId, notification!.id));
    expect(await claimsOf()).toHaveLength(2);
    await pruneDeliveriesJob.handler(t.app, {} as JobWithMetadata<object>);
    expect(await claimsOf()).toHaveLength(2);
    await t.app.db
      .update(notificationDeliveries)
      .set({ claimedAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(notificationDeliveries.notificationId, notification!.id));
    await pruneDeliveriesJob.handler(t.app, {} as JobWithMetadata<object>);
    expect(await claimsOf()).toEqual([]);
  });
});
