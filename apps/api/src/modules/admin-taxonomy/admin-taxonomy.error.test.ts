import { asc, count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createTag } from '../../../test/catalogue-factories';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { auditLog, categories, tags } from '../../db/schema';

let t: TestApp;
let admin: Session;
const MISSING = '00000000-0000-4000-8000-000000000000';
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.app, { role: 'admin' });
  admin = await logInAs(t.app, user.email);
  await createCategory(t.app, 'Lessons');
  ids.ballet = (await createTag(t.app, 'Ballet', 1)).id;
  ids.jazz = (await createTag(t.app, 'Jazz', 2)).id;
});
afterAll(() => t.close());

const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: admin.headers,
    ...(payload !== undefined ? { payload } : {}),
  });

async function snapshot() {
  return {
    categories: await t.app.db.select().from(categories).orderBy(asc(categories.name)),
    tags: await t.app.db.select().from(tags).orderBy(asc(tags.priority)),
    audits: (await t.app.db.select({ n: count() }).from(auditLog))[0]!.n,
  };
}

describe('category errors change nothing', () => {
  it.each([
    [{ name: '1st position' }, 400, 'The first character is not a letter.'],
    [{ name: ' _ballet' }, 400, 'The first character is not a letter.'],
    [{ name: '   ' }, 400, 'Please enter a category name'],
    [{}, 400, 'Please enter a category name'],
    [{ name: 'x'.repeat(61) }, 400, 'At most 60 characters'],
    [{ name: 'lessons' }, 409, 'A category with this name already exists'],
    [{ name: 'Ok', extra: 1 }, 400, ''],
  ])('refuses %j', async (payload, status, message) => {
    const before = await snapshot();
    const res = await call('POST', '/categories', payload);
    expect(res.statusCode).toBe(status);
    if (message) expect(res.json().message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 removing a category that does not exist', async () => {
    const before = await snapshot();
    expect((await call('DELETE', `/categories/${MISSING}`)).statusCode).toBe(404);
    expect((await call('DELETE', '/categories/not-an-id')).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('tag errors change nothing', () => {
  it('answers 409 "Tag already exists" for a duplicate, whatever its case', async () => {
    const before = await snapshot();
    const res = await call('POST', '/tags', { name: '  BALLET ' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Tag already exists');
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    [{ priority: 0 }, 'Priority must be a whole number from 1'],
    [{ priority: 3 }, 'Priority must be from 1 to 2'],
    [{ priority: 1.5 }, 'Priority must be a whole number from 1'],
    [{ color: 'red' }, 'Pick a colour such as #1c7ed6'],
    [{}, 'Send a colour or a priority'],
    [{ name: 'Renamed' }, ''],
  ])('refuses the update %j', async (payload, message) => {
    const before = await snapshot();
    const res = await call('PATCH', `/tags/${ids.jazz}`, payload);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 "Tag not found" for a missing tag on update and delete', async () => {
    const before = await snapshot();
    for (const res of [
      await call('PATCH', `/tags/${MISSING}`, { priority: 1 }),
      await call('DELETE', `/tags/${MISSING}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Tag not found');
    }
    expect(await snapshot()).toEqual(before);
  });
});
