import { asc, count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstructor, createVideo } from '../../../test/catalogue-factories';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { auditLog, instructors } from '../../db/schema';

let t: TestApp;
let admin: Session;
let busyId = '';
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.app, { role: 'admin' });
  admin = await logInAs(t.app, user.email);
  const busy = await createInstructor(t.app, 'Busy Teacher');
  busyId = busy.id;
  await createVideo(t.app, { instructorId: busy.id });
});
afterAll(() => t.close());

const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: admin.headers,
    ...(payload ? { payload } : {}),
  });

async function snapshot() {
  return {
    rows: await t.app.db.select().from(instructors).orderBy(asc(instructors.name)),
    audits: (await t.app.db.select({ n: count() }).from(auditLog))[0]!.n,
  };
}

describe('instructor errors change nothing', () => {
  it.each([
    [{ name: '  ' }, 'name', 'Name is required'],
    [{ bio: 'no name' }, 'name', 'Name is required'],
    [
      { name: 'A', socials: [{ url: 'https://www.facebook.com/a' }] },
      'socials.0.platform',
      'Please select a platform',
    ],
    [
      { name: 'A', socials: [{ platform: 'myspace', url: 'https://a.b' }] },
      'socials.0.platform',
      'Please select a platform',
    ],
    [{ name: 'A', socials: [{ platform: 'twitter', url: ' ' }] }, 'socials.0.url', 'URL is required'],
    [
      { name: 'A', socials: [{ platform: 'facebook', url: 'facebook.com/a' }] },
      'socials.0.url',
      'Enter a valid URL (e.g., https://www.facebook.com/username)',
    ],
    [
      { name: 'A', socials: [{ platform: 'linkedin', url: 'https://localhost' }] },
      'socials.0.url',
      'Enter a valid URL (e.g., https://www.linkedin.com/in/username)',
    ],
    [{ name: 'A', imageUrl: 'javascript:alert(1)' }, 'imageUrl', 'Upload an image'],
    [{ name: 'A', extra: true }, 'body', ''],
  ])('refuses to create %j', async (payload, field, message) => {
    const before = await snapshot();
    const res = await call('POST', '/instructors', payload);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().fields[field]).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a bad edit and answers 404 for a missing instructor', async () => {
    const before = await snapshot();
    expect((await call('PATCH', `/instructors/${busyId}`, { name: '' })).statusCode).toBe(400);
    expect((await call('PATCH', `/instructors/${MISSING}`, { name: 'X' })).statusCode).toBe(404);
    expect((await call('DELETE', `/instructors/${MISSING}`)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses to delete an instructor who still has videos (409)', async () => {
    const before = await snapshot();
    const res = await call('DELETE', `/instructors/${busyId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Busy Teacher teaches 1 video. Choose another instructor for them first.',
    );
    expect(await snapshot()).toEqual(before);
  });
});
