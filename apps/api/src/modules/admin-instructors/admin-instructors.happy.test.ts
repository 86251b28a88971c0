import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstructor, createVideo } from '../../../test/catalogue-factories';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { auditLog, instructors, videos } from '../../db/schema';

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.app, { role: 'admin' });
  admin = await logInAs(t.app, user.email);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: admin.headers,
    ...(payload ? { payload } : {}),
  });

describe('instructors', () => {
  it('adds an instructor with bio, image and socials, lists, edits and deletes them', async () => {
    const created = await call('POST', '/instructors', {
      name: ' Lena Ortiz ',
      bio: 'Flamenco and jazz.',
      imageUrl: '/files/instructor/2026-01/lena.png',
      socials: [
        { platform: 'instagram', url: 'https://www.instagram.com/lena' },
        { platform: 'other', url: 'http://lena.example/classes' },
      ],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Lena Ortiz', videoCount: 0 });
    const id = created.json().id as string;

    const listed = (await call('GET', '/instructors')).json().items;
    expect(listed.find((i: { id: string }) => i.id === id).socials).toHaveLength(2);

    const edited = await call('PATCH', `/instructors/${id}`, {
      name: 'Lena Ortiz-Reyes',
      socials: [{ platform: 'facebook', url: 'https://www.facebook.com/lena' }],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Lena Ortiz-Reyes',
      bio: 'Flamenco and jazz.',
      imageUrl: '/files/instructor/2026-01/lena.png',
      socials: [{ platform: 'facebook', url: 'https://www.facebook.com/lena' }],
    });

    const removed = await call('DELETE', `/instructors/${id}`);
    expect(removed.statusCode).toBe(200);
    expect(await t.app.db.select().from(instructors).where(eq(instructors.id, id))).toHaveLength(0);
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it("renaming an instructor refreshes their videos' search text", async () => {
    const maya = await createInstructor(t.app, 'Maya Laurent');
    const video = await createVideo(t.app, {
      instructorId: maya.id,
      instructorName: 'Maya Laurent',
      title: 'Turns',
    });
    await call('PATCH', `/instructors/${maya.id}`, { name: 'Maya Dubois' });
    const [row] = await t.app.db.select().from(videos).where(eq(videos.id, video.id));
    expect(row!.searchText).toContain('maya dubois');
    expect(row!.searchText).not.toContain('laurent');
    const listed = (await call('GET', '/instructors')).json().items;
    expect(listed.find((i: { id: string }) => i.id === maya.id).videoCount).toBe(1);
  });
});
