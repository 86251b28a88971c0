import { randomUUID } from 'node:crypto';
import { API_PREFIX } from '@dance/domain';
import { count } from 'drizzle-orm';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../test/helpers';
import { auditLog } from '../db/schema';

interface AdminRoute {
  method: HTTPMethods;
  url: string;
}

/**
 * Every route registered under /api/v1/admin, read from the router itself (printRoutes), so a route added
 * later by any module is covered without touching this file.
 */
function collectAdminRoutes(app: FastifyInstance): AdminRoute[] {
  const stack: string[] = [];
  const found: AdminRoute[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const url = stack.join('');
    if (!match[3] || !url.startsWith(`${API_PREFIX}/admin`)) continue;
    for (const method of match[3].split(',').map((m) => m.trim())) {
      if (method !== 'HEAD' && method !== 'OPTIONS') found.push({ method: method as HTTPMethods, url });
    }
  }
  return found;
}

const fillParams = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, () => randomUUID());
const isMutation = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);

let t: TestApp;
let member: Session;
let routes: AdminRoute[];

beforeAll(async () => {
  t = await createTestApp();
  routes = collectAdminRoutes(t.app);
  const user = await createUser(t.app, { userType: 'individual-user' });
  member = await logInAs(t.app, user.email);
});
afterAll(() => t.close());

function send(route: AdminRoute, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: route.method,
    url: fillParams(route.url),
    headers,
    ...(isMutation(route.method) ? { payload: {} } : {}),
  });
}

describe('every /api/v1/admin route', () => {
  it('is found by walking the router (the admin sections of this issue at least)', () => {
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'GET /api/v1/admin/videos',
      'PUT /api/v1/admin/videos/:videoId',
      'DELETE /api/v1/admin/videos/:videoId',
      'POST /api/v1/admin/categories',
      'PATCH /api/v1/admin/tags/:id',
      'PATCH /api/v1/admin/instructors/:id',
      'DELETE /api/v1/admin/users/:userId',
    ]) {
      expect(keys).toContain(expected);
    }
  });

  it('answers 401 without a session, before validating anything', async () => {
    for (const route of routes) {
      const res = await send(route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().code, `${route.method} ${route.url}`).toBe('UNAUTHENTICATED');
    }
  });

  it("answers 403 to a member's session with the spec's text, and changes nothing", async () => {
    for (const route of routes) {
      const res = await send(route, member.headers);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().message, `${route.method} ${route.url}`).toBe('user role does not match');
    }
    expect((await t.app.db.select({ n: count() }).from(auditLog))[0]!.n).toBe(0);
  });

  it('answers 403 to a member bearer token too', async () => {
    const user = await createUser(t.app, { userType: 'vip' });
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/tokens',
      payload: { email: user.email, password: 'Correct-horse-7' },
    });
    expect(token.statusCode).toBeLessThan(300);
    const bearer = { authorization: `Bearer ${token.json().token as string}` };
    for (const route of routes) {
      expect((await send(route, bearer)).statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('refuses a cookie mutation without the CSRF token, even for an admin', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const session = await logInAs(t.app, admin.email);
    for (const route of routes.filter((r) => isMutation(r.method))) {
      const res = await send(route, { cookie: session.cookie });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().code).toBe('CSRF_FAILED');
    }
  });
});
