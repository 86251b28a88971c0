import { addDays, todayInNewYork } from '@dance/domain';
import { count } from 'drizzle-orm';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory } from '../../../test/catalogue-factories';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { auditLog, instructors, tags, videos } from '../../db/schema';

let t: TestApp;
let admin: Session;
let categoryId = '';
beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.app, { role: 'admin' });
  admin = await logInAs(t.app, user.email);
  categoryId = (await createCategory(t.app)).id;
});
afterAll(() => t.close());

const valid = () => ({
  kind: 'library',
  title: 'Valid',
  categoryId,
  videoUrl: '/media/900001',
  releaseDate: todayInNewYork(),
});
const post = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/admin/videos', headers: admin.headers, payload: body });

async function counts() {
  const [v] = await t.app.db.select({ n: count() }).from(videos);
  const [a] = await t.app.db.select({ n: count() }).from(auditLog);
  const [tg] = await t.app.db.select({ n: count() }).from(tags);
  const [i] = await t.app.db.select({ n: count() }).from(instructors);
  return { videos: v!.n, audits: a!.n, tags: tg!.n, instructors: i!.n };
}

describe('fetch by id', () => {
  it('answers 404 with a clear message for an id the media library does not have', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/vimeo/videos/123456',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No video with id 123456 in the media library.');
  });

  it('answers 400 for an id that is not a Vimeo id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/vimeo/videos/abc',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Enter a Vimeo video id (digits, e.g. 76979871)');
  });
});

describe('adding a video with bad input changes nothing', () => {
  it.each([
    ['no release date', { releaseDate: undefined }, 'releaseDate', 'Please pick a release date'],
    ['a malformed date', { releaseDate: '2026-02-30' }, 'releaseDate', 'Please pick a release date'],
    [
      'a past date',
      { releaseDate: addDays(todayInNewYork(), -1) },
      'releaseDate',
      'Release date cannot be before today.',
    ],
    ['no title', { title: '  ' }, 'title', 'Please enter a title'],
    ['no video link', { videoUrl: '' }, 'videoUrl', 'Please add a video link'],
    ['a script link', { videoUrl: 'javascript:alert(1)' }, 'videoUrl', 'Please add a video link'],
    ['a library video without category', { categoryId: undefined }, 'categoryId', 'Please select a category'],
    [
      'an unknown category',
      { categoryId: '00000000-0000-4000-8000-000000000000' },
      'categoryId',
      'Unknown category',
    ],
    ['an unknown tag', { tagIds: ['00000000-0000-4000-8000-000000000000'] }, 'tagIds', 'Unknown tag'],
    [
      'an unknown product',
      { productIds: ['00000000-0000-4000-8000-000000000000'] },
      'productIds',
      'Unknown product',
    ],
    [
      'an unknown instructor',
      { instructorId: '00000000-0000-4000-8000-000000000000' },
      'instructorId',
      'Unknown instructor',
    ],
    [
      'an unknown level',
      { levels: ['Expert'] },
      'levels.0',
      'Levels are Beginner, Intermediate and Advanced',
    ],
    ['a negative duration', { durationSeconds: -5 }, 'durationSeconds', ''],
    ['an unknown kind', { kind: 'trailer' }, 'kind', 'Please select a video type!'],
    ['an unknown field', { isFeatured: true }, '', ''],
  ])('%s', async (_, patch, field, message) => {
    const before = await counts();
    const res = await post({ ...valid(), ...patch, newInstructorName: 'Should Not Exist' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    if (field && message) expect(res.json().fields[field]).toBe(message);
    expect(await counts()).toEqual(before);
  });
});

describe('with Vimeo configured', () => {
  const server = setupServer(
    http.get('https://api.vimeo.com/videos/:id', ({ params }) =>
      params.id === '1'
        ? HttpResponse.json({ error: 'Too many API requests.' }, { status: 429 })
        : HttpResponse.json({ error: 'The requested video could not be found' }, { status: 404 }),
    ),
  );
  let vimeoApp: TestApp;
  let session: Session;
  beforeAll(async () => {
    server.listen({ onUnhandledFrame: 'error' });
    vimeoApp = await createTestApp({ vimeoToken: 'token' });
    const user = await createUser(vimeoApp.app, { role: 'admin' });
    session = await logInAs(vimeoApp.app, user.email);
  });
  afterAll(async () => {
    server.close();
    await vimeoApp.close();
  });

  it('answers 404 for an unknown video and 502 when Vimeo fails', async () => {
    const missing = await vimeoApp.app.inject({
      method: 'GET',
      url: '/api/v1/admin/vimeo/videos/2',
      headers: session.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No Vimeo video with id 2 was found (or the token cannot see it).');
    const limited = await vimeoApp.app.inject({
      method: 'GET',
      url: '/api/v1/admin/vimeo/videos/1',
      headers: session.headers,
    });
    expect(limited.statusCode).toBe(502);
    expect(limited.json()).toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: 'Vimeo rate limit reached. Please try again in a minute.',
    });
  });
});
