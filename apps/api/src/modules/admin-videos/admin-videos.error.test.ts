import { addDays, todayInNewYork } from '@dance/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createTag, createVideo } from '../../../test/catalogue-factories';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { auditLog, videos } from '../../db/schema';

let t: TestApp;
let admin: Session;
let videoId = '';
let categoryId = '';
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.app, { role: 'admin' });
  admin = await logInAs(t.app, user.email);
  categoryId = (await createCategory(t.app, 'Lessons')).id;
  await createTag(t.app, 'Ballet', 1);
  videoId = (await createVideo(t.app, { title: 'Keep Me', releasedDaysAgo: 30 })).id;
});
afterAll(() => t.close());

const validBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Changed',
  description: '',
  shortDescription: '',
  categoryId,
  instructorId: null,
  levels: ['Beginner'],
  tagIds: [],
  productIds: [],
  keywords: [],
  releaseDate: addDays(todayInNewYork(), 1),
  ...overrides,
});

async function snapshot() {
  const [row] = await t.app.db.select().from(videos).where(eq(videos.id, videoId));
  const [audits] = await t.app.db.select({ n: count() }).from(auditLog);
  return { row, audits: audits!.n };
}

describe('GET /admin/videos errors', () => {
  it.each([
    ['search=ab', 'Search needs at least 3 characters'],
    ['search=%20a%20', 'Search needs at least 3 characters'],
    ['sort=newest', 'Unknown sort'],
    ['sort=shuffle', 'Unknown sort'],
    ['page=0', 'page must be a whole number from 1'],
    ['pageSize=101', 'pageSize is at most 100'],
    ['colour=red', ''],
  ])('answers 400 for %s', async (qs, message) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/videos?${qs}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    if (message) expect(res.json().message).toContain(message);
  });
});

describe('PUT /admin/videos/:id errors change nothing', () => {
  it.each([
    ['a blank title', { title: '   ' }, 'title', 'Title is required'],
    [
      'a level outside the three',
      { levels: ['Expert'] },
      'levels.0',
      'Levels are Beginner, Intermediate or Advanced',
    ],
    [
      'a release date before today',
      { releaseDate: addDays(todayInNewYork(), -1) },
      'releaseDate',
      'The release date cannot be before today.',
    ],
    ['no release date', { releaseDate: '' }, 'releaseDate', 'Please pick a release date'],
    ['an impossible date', { releaseDate: '2031-02-30' }, 'releaseDate', 'Please pick a release date'],
    ['an unknown category', { categoryId: MISSING }, 'categoryId', 'Unknown category'],
    ['an unknown instructor', { instructorId: MISSING }, 'instructorId', 'Unknown instructor'],
    ['an unknown tag', { tagIds: [MISSING] }, 'tagIds', 'Unknown tag'],
    ['an unknown product', { productIds: [MISSING] }, 'productIds', 'Unknown product'],
    ['a read-only field (duration)', { durationSeconds: 5 }, 'body', ''],
    ['a read-only field (video link)', { videoUrl: 'x' }, 'body', ''],
  ])('refuses %s', async (_name, overrides, field, message) => {
    const before = await snapshot();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/videos/${videoId}`,
      headers: admin.headers,
      payload: validBody(overrides),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    if (message) expect(res.json().fields[field]).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for a video that does not exist, 400 for an id that is not one', async () => {
    const missing = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/videos/${MISSING}`,
      headers: admin.headers,
      payload: validBody(),
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/videos/nope',
      headers: admin.headers,
      payload: validBody(),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('DELETE /admin/videos/:id errors', () => {
  it('answers 404 for a missing video and deletes nothing', async () => {
    const before = await snapshot();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/videos/${MISSING}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});
