import { asc, count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { auditLog, users } from '../../db/schema';

let t: TestApp;
let admin: Session;
let adminId = '';
let targetId = '';
let otherEmail = '';
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.app, { role: 'admin' });
  adminId = user.id;
  admin = await logInAs(t.app, user.email);
  targetId = (await createUser(t.app)).id;
  otherEmail = (await createUser(t.app)).email;
});
afterAll(() => t.close());

async function snapshot() {
  return {
    rows: await t.app.db.select().from(users).orderBy(asc(users.email)),
    audits: (await t.app.db.select({ n: count() }).from(auditLog))[0]!.n,
  };
}

const put = (id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/admin/users/${id}`, headers: admin.headers, payload });

describe('user edit errors change nothing', () => {
  it.each([
    [{ firstName: '', lastName: 'L', email: 'a@b.co' }, 'firstName', 'Please fill in your first name'],
    [{ firstName: 'F', lastName: ' ', email: 'a@b.co' }, 'lastName', 'Please fill in your last name'],
    [{ firstName: 'F', lastName: 'L', email: '' }, 'email', 'Please fill in your email'],
    [{ firstName: 'F', lastName: 'L', email: 'nope' }, 'email', 'Please enter a valid email address'],
    [{ firstName: 'F', lastName: 'L' }, 'email', 'Please fill in your email'],
    [{ firstName: 'F', lastName: 'L', email: 'a@b.co', role: 'admin' }, 'body', ''],
  ])('refuses %j', async (payload, field, message) => {
    const before = await snapshot();
    const res = await put(targetId, payload);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().fields[field]).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses another account's email (409) and answers 404 for a missing user", async () => {
    const before = await snapshot();
    const taken = await put(targetId, { firstName: 'F', lastName: 'L', email: otherEmail.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Another account already uses this email.');
    expect((await put(MISSING, { firstName: 'F', lastName: 'L', email: 'x@y.co' })).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe('user delete errors change nothing', () => {
  it('an admin cannot delete themselves; a missing user is 404', async () => {
    const before = await snapshot();
    const self = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/users/${adminId}`,
      headers: admin.headers,
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot delete your own account.');
    const missing = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/users/${MISSING}`,
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});
