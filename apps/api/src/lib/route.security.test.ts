import { API_PREFIX, defineEndpoint, MESSAGES, PLAYER_MESSAGES, ZOk } from '@dance/domain';
import Fastify, { type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../test/helpers';
import { type RegisteredRoute, routeRecorder } from '../../test/routes';
import type { ResolvedSession } from '../modules/auth/sessions';
import { route } from './route';

// Finding 12b: the contract's `auth` is checked before the body, query and params are parsed or validated.

let t: TestApp;
let member: Session;
const recorder = routeRecorder();
const guarded = () => recorder.routes.filter((r) => r.endpoint && r.endpoint.auth !== 'public');
const fill = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, 'not-a-uuid');
const isMutation = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);

beforeAll(async () => {
  t = await createTestApp({}, { onRoute: recorder.onRoute });
  const user = await createUser(t.app, { userType: 'individual-user' });
  member = await logInAs(t.app, user.email);
});
afterAll(() => t.close());

/** Input that fails validation everywhere: bad params, a wrong-typed body, a query of the wrong shape. */
function badRequest(r: RegisteredRoute, headers: Record<string, string>) {
  return t.app.inject({
    method: r.method as 'GET',
    url: `${fill(r.url)}?limit=-1&page=x&type=nope&q=${'x'.repeat(5000)}`,
    headers: { 'content-type': 'application/json', ...headers },
    ...(isMutation(r.method) ? { payload: '{"name": 5, "videoIds": "x"' } : {}),
  });
}

describe('401 before 400', () => {
  it('finds the session and admin routes of the contracts', () => {
    expect(guarded().length).toBeGreaterThan(60);
  });

  it('answers 401 to a guest on every session or admin route, whatever the input', async () => {
    for (const r of guarded()) {
      const response = await badRequest(r, {});
      expect(response.statusCode, `${r.method} ${r.url}: ${response.body}`).toBe(401);
    }
  });

  it('answers a guest the 401 before validating a body (POST /playlists)', async () => {
    const response = await t.app.inject({ method: 'POST', url: `${API_PREFIX}/playlists`, payload: {} });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: MESSAGES.pleaseLoginAgain });
  });

  it("keeps the player's own 401 text for a guest on a bad video id", async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API_PREFIX}/videos/not-a-uuid` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: PLAYER_MESSAGES.notLoggedIn });
    const expired = await t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/videos/not-a-uuid/playback`,
      headers: { cookie: 'sid=expired-or-made-up' },
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'SESSION_EXPIRED' });
  });

  it('answers 403 CSRF_FAILED to a cookie mutation without its token before validating it', async () => {
    const mutations = guarded().filter((r) => isMutation(r.method) && r.endpoint?.auth === 'session');
    expect(mutations.length).toBeGreaterThan(10);
    for (const r of mutations) {
      const response = await badRequest(r, { cookie: member.cookie });
      expect(response.statusCode, `${r.method} ${r.url}: ${response.body}`).toBe(403);
      expect(response.json().code).toBe('CSRF_FAILED');
    }
  });

  it('answers 403 ROLE_MISMATCH to a member on every admin route before validating it', async () => {
    for (const r of guarded().filter((x) => x.endpoint?.auth === 'admin')) {
      const response = await badRequest(r, member.headers);
      expect(response.statusCode, `${r.method} ${r.url}: ${response.body}`).toBe(403);
      expect(response.json().code).toBe('ROLE_MISMATCH');
    }
  });

  it('still validates for a member who passes the check (400, not 401)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/playlists`,
      headers: member.headers,
      payload: {},
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('route() registration', () => {
  const contract = (auth: unknown) =>
    ({
      ...defineEndpoint({
        method: 'GET',
        path: '/probe',
        summary: 'probe',
        tags: ['test'],
        auth: 'public',
        response: ZOk,
        errors: [],
      }),
      auth,
    }) as ReturnType<typeof defineEndpoint>;

  it('refuses a contract whose auth is missing or unknown', async () => {
    const app = Fastify();
    expect(() => route(app, contract(undefined), async () => ({ ok: true as const }))).toThrow(/auth/);
    expect(() => route(app, contract('guest'), async () => ({ ok: true as const }))).toThrow(/auth/);
    expect(() => route(app, contract('session'), async () => ({ ok: true as const }))).not.toThrow();
    await app.close();
  });

  it('refuses a contract under /admin that does not declare admin auth', async () => {
    const app = Fastify();
    const at = (path: string, auth: string) =>
      ({ ...contract(auth), path }) as ReturnType<typeof defineEndpoint>;
    expect(() => route(app, at('/admin/x', 'session'), async () => ({ ok: true as const }))).toThrow(/admin/);
    expect(() => route(app, at('/admin/x', 'public'), async () => ({ ok: true as const }))).toThrow(/admin/);
    expect(() => route(app, at('/admin/x', 'admin'), async () => ({ ok: true as const }))).not.toThrow();
    await app.close();
  });
});

describe('the caller handed to the handler', () => {
  it('is null for a guest and the session for a member on a public route; the session on a session route', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const member = { user: { email: 'member@example.com' }, session: { csrfToken: 'x' } };
    app.decorateRequest('caller', null);
    app.decorateRequest('sessionVia', null);
    app.decorateRequest('getSession', function getSession(this: FastifyRequest) {
      return Promise.resolve(this.headers.authorization ? (member as unknown as ResolvedSession) : null);
    });
    const seen: Array<string | null> = [];
    for (const auth of ['public', 'session'] as const)
      route(
        app,
        defineEndpoint({
          method: 'GET',
          path: `/probe-${auth}`,
          summary: 'probe',
          tags: ['test'],
          auth,
          response: ZOk,
          errors: [],
        }),
        async (request) => {
          seen.push(request.caller?.user.email ?? null);
          return { ok: true as const };
        },
      );
    const bearer = { authorization: 'Bearer token' };
    await app.inject({ method: 'GET', url: `${API_PREFIX}/probe-public` });
    await app.inject({ method: 'GET', url: `${API_PREFIX}/probe-public`, headers: bearer });
    await app.inject({ method: 'GET', url: `${API_PREFIX}/probe-session`, headers: bearer });
    expect(seen).toEqual([null, member.user.email, member.user.email]);
    await app.close();
  });
});
