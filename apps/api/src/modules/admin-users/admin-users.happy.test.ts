import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { auditLog, users } from '../../db/schema';

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.app, { role: 'admin', firstName: 'Ava', lastName: 'Admin' });
  admin = await logInAs(t.app, user.email);
  for (let i = 0; i < 24; i += 1) {
    await createUser(t.app, {
      firstName: i === 7 ? 'Zelda' : 'Member',
      lastName: `Number${String(i).padStart(2, '0')}`,
      email: `member${i}@studio.example`,
      createdAt: new Date(Date.UTC(2025, 0, i + 1)),
    });
  }
});
afterAll(() => t.close());

const list = (qs = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/admin/users${qs}`, headers: admin.headers });

describe('GET /admin/users', () => {
  it('pages users 20 at a time, newest first', async () => {
    const first = (await list()).json();
    expect(first.total).toBe(25);
    expect(first.items).toHaveLength(20);
    expect(first.items[0].firstName).toBe('Ava');
    expect(first.items[1].lastName).toBe('Number23');
    expect((await list('?page=2')).json().items).toHaveLength(5);
  });

  it('searches first name, last name, full name and email', async () => {
    expect((await list('?search=zel')).json().items.map((u: { email: string }) => u.email)).toEqual([
      'member7@studio.example',
    ]);
    expect((await list('?search=Zelda%20Number07')).json().total).toBe(1);
    expect((await list('?search=STUDIO.example')).json().total).toBe(24);
    expect((await list('?search=number1')).json().total).toBe(10);
    expect((await list('?search=100%25')).json().total).toBe(0);
  });
});

describe('PUT and DELETE /admin/users/:id', () => {
  it('edits names and email with "User updated successfully", recorded in the audit log', async () => {
    const target = await createUser(t.app, { firstName: 'Old', lastName: 'Name' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${target.id}`,
      headers: admin.headers,
      payload: { firstName: ' New ', lastName: 'Person', email: 'New.Person@Example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'User updated successfully',
      user: { firstName: 'New', lastName: 'Person', email: 'new.person@example.com' },
    });
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, target.id));
    expect(audit!.changes).toMatchObject({ email: { from: target.email, to: 'new.person@example.com' } });
    // The new email logs in.
    expect((await logInAs(t.app, 'new.person@example.com')).cookie).toMatch(/^sid=/);
  });

  it('deletes a user with "User Deleted Successfully"; a studio owner takes their sub-users along', async () => {
    const owner = await createUser(t.app, { userType: 'studio-owner' });
    const sub = await createUser(t.app, { userType: 'subuser', studioOwnerId: owner.id });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/users/${owner.id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: owner.id, message: 'User Deleted Successfully' });
    expect(await t.app.db.select().from(users).where(eq(users.id, owner.id))).toHaveLength(0);
    expect(await t.app.db.select().from(users).where(eq(users.id, sub.id))).toHaveLength(0);
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, owner.id));
    expect(audit).toMatchObject({ action: 'delete', entity: 'user' });
  });
});
