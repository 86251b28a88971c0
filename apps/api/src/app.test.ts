import { API_PREFIX, authEndpoints } from '@dance/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, PASSWORD, type TestApp } from '../test/helpers';
import { ConfigError, loadConfig } from './config/env';
import { sessions, users } from './db/schema';
import { seedDemoAccounts } from './demo/accounts';
import demo from './demo/demo-accounts.json' with { type: 'json' };

const REQUEST_ID = /^[0-9a-f]{12}-[0-9a-z]+$/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitMax: 50 });
});
afterAll(() => t.close());

describe('operations', () => {
  it('answers /health and /ready', async () => {
    expect((await t.app.inject('/health')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('answers probes without browser headers or rate limits; readiness carries its request id', async () => {
    expect((await t.app.inject('/ready')).headers['x-request-id']).toMatch(REQUEST_ID);
    for (const url of ['/health', '/ready']) {
      const res = await t.app.inject(url);
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
    // Far past this app's rate limit (50 a minute): probes are never limited.
    for (let i = 0; i < 60; i++) expect((await t.app.inject('/health')).statusCode).toBe(200);
  });

  it('answers 503 on /ready when the database is unreachable', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const res = await broken.app.inject('/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('NOT_READY');
    await broken.app.close();
  });

  it('sends security headers and a request id', async () => {
    const res = await t.app.inject('/api/v1/auth/session');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-request-id']).toMatch(REQUEST_ID);
  });

  it('keeps a safe caller x-request-id and replaces an unsafe one', async () => {
    const kept = await t.app.inject({
      url: '/api/v1/nowhere',
      headers: { 'x-request-id': 'edge-1a2b:3.c_d' },
    });
    expect(kept.headers['x-request-id']).toBe('edge-1a2b:3.c_d');
    expect(kept.json().requestId).toBe('edge-1a2b:3.c_d');
    for (const unsafe of ['<img src=x onerror=alert(1)>', 'x'.repeat(5000), 'a b', 'id%0d%0aSet-Cookie:x']) {
      const res = await t.app.inject({ url: '/api/v1/nowhere', headers: { 'x-request-id': unsafe } });
      expect(res.headers['x-request-id']).toMatch(REQUEST_ID);
      expect(res.json().requestId).toBe(res.headers['x-request-id']);
    }
  });

  it('answers 503 with Retry-After while the event loop is overloaded', async () => {
    const busy = await createTestApp({ maxEventLoopDelayMs: 20 });
    const stallThenRequest = async () => {
      const until = Date.now() + 300;
      while (Date.now() < until) {
        // Block the event loop, as an overloaded process would.
      }
      // A 1 ms timer runs after the overdue sampling timer (timers run by due time), which records the stall.
      await new Promise((r) => setTimeout(r, 1));
      return busy.app.inject('/api/v1/auth/session');
    };
    // The sampler averages over its window; on a crowded machine one stall may land across two windows.
    let res = await stallThenRequest();
    for (let i = 0; i < 3 && res.statusCode !== 503; i++) res = await stallThenRequest();
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('OVERLOADED');
    expect(res.headers['retry-after']).toBe('10');
    // Liveness still answers (restarting an overloaded process makes things worse); readiness does not.
    const [live, ready] = await Promise.all([busy.app.inject('/health'), busy.app.inject('/ready')]);
    expect(live.statusCode).toBe(200);
    expect(ready.statusCode).toBe(503);
    await busy.close();
  });

  it('allows CORS with credentials for the two app origins only', async () => {
    const ok = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/auth/login',
      headers: { origin: 'http://localhost:5174', 'access-control-request-method': 'POST' },
    });
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:5174');
    expect(ok.headers['access-control-allow-credentials']).toBe('true');
    const evil = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/auth/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers unknown routes with the problem body', async () => {
    const res = await t.app.inject('/api/v1/nowhere');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(res.json().requestId).toBeTruthy();
    // 404s come from the web API's context: its security headers apply to them too.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBe(res.json().requestId);
  });

  it('rate limits with the problem code', async () => {
    let last = 0;
    for (let i = 0; i < 55; i++)
      last = (await t.app.inject({ method: 'GET', url: '/api/v1/auth/session', remoteAddress: '10.9.9.9' }))
        .statusCode;
    expect(last).toBe(429);
  });
});

describe('OpenAPI', () => {
  it('documents every auth endpoint with its errors', async () => {
    const doc = (await t.app.inject('/openapi.json')).json();
    for (const endpoint of Object.values(authEndpoints)) {
      const path = `${API_PREFIX}${endpoint.path}`;
      const operation = doc.paths[path]?.[endpoint.method.toLowerCase()];
      expect(operation, path).toBeDefined();
      expect(Object.keys(operation.responses).length).toBeGreaterThan(1);
    }
    expect((await t.app.inject('/docs')).statusCode).toBeLessThan(400);
  });
});

describe('configuration', () => {
  it('fails at start with a message naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(loadConfig({}).databaseUrl).toBeNull();
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('with TRUST_PROXY=1 takes the address the proxy saw, not what the client wrote into X-Forwarded-For', async () => {
    const proxied = await createTestApp({ trustProxy: 1 });
    const user = await createUser(proxied.app);
    const res = await proxied.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: PASSWORD },
      remoteAddress: '10.0.0.2', // the proxy
      headers: { 'x-forwarded-for': '1.2.3.4, 198.51.100.9' }, // a client-chosen entry, then what the proxy saw
    });
    expect(res.statusCode).toBe(200);
    // The address the session (and the login throttle) recorded.
    const [session] = await proxied.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session?.ip).toBe('198.51.100.9');
    await proxied.close();
  });
});

describe('demo seed', () => {
  it('creates one account per kind once, with the invitation mail in the outbox', async () => {
    const s = await createTestApp();
    expect(await seedDemoAccounts(s.app.db, { memberAppUrl: 'http://localhost:5173' })).toBe(true);
    expect(await seedDemoAccounts(s.app.db, { memberAppUrl: 'http://localhost:5173' })).toBe(false);
    expect((await s.app.db.select({ n: count() }).from(users))[0]!.n).toBe(demo.accounts.length + 1);
    for (const account of demo.accounts) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: account.email, password: demo.password },
      });
      expect(res.statusCode, account.email).toBe(200);
    }
    const mails = (await s.app.inject(`/api/v1/dev/mail?to=${demo.invited.email}`)).json().mails;
    expect(mails[0].links[0]).toMatch(/\/set-password\/[0-9a-f-]{36}\?token=/);
    await s.close();
  });
});
