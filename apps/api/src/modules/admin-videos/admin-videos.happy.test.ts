import { addDays, todayInNewYork } from '@dance/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCategory,
  createInstructor,
  createProduct,
  createTag,
  createVideo,
} from '../../../test/catalogue-factories';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { auditLog, savedVideos, videos } from '../../db/schema';

let t: TestApp;
let admin: Session;
let adminId = '';
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.app, { role: 'admin' });
  adminId = user.id;
  admin = await logInAs(t.app, user.email);
  const lessons = await createCategory(t.app, 'Lessons');
  const ballet = await createTag(t.app, 'Ballet', 1);
  const jazz = await createTag(t.app, 'Jazz', 2);
  const maya = await createInstructor(t.app, 'Maya Laurent');
  const band = await createProduct(t.app, 'Resistance Band');
  Object.assign(ids, { lessons: lessons.id, ballet: ballet.id, jazz: jazz.id, maya: maya.id, band: band.id });
  // 45 videos, plus one in the future: the admin sees them all.
  for (let i = 0; i < 45; i += 1) {
    await createVideo(t.app, {
      title: `Drill ${String(i).padStart(2, '0')}`,
      durationSeconds: 60 + i * 10,
      releasedDaysAgo: 100 - i,
      categoryId: lessons.id,
    });
  }
  const pirouette = await createVideo(t.app, {
    title: 'Pirouette Foundations',
    description: '<p>Spot, <strong>turn</strong>, land.</p>',
    releasedDaysAgo: -5,
    tagIds: [jazz.id, ballet.id],
    tagNames: ['Jazz', 'Ballet'],
    instructorId: maya.id,
    instructorName: 'Maya Laurent',
    keywords: ['spotting'],
  });
  ids.pirouette = pirouette.id;
});
afterAll(() => t.close());

const list = (qs = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/admin/videos${qs}`, headers: admin.headers });

describe('GET /admin/videos', () => {
  it('pages every video 20 at a time, newest release first, unreleased included', async () => {
    const first = (await list()).json();
    expect(first.total).toBe(46);
    expect(first.pageSize).toBe(20);
    expect(first.items).toHaveLength(20);
    expect(first.items[0].title).toBe('Pirouette Foundations');
    expect(first.items[0].isComingSoon).toBe(true);
    expect(first.items[0].tags.map((tag: { name: string }) => tag.name)).toEqual(['Ballet', 'Jazz']);
    expect(first.items[0].instructor).toEqual({ id: ids.maya, name: 'Maya Laurent' });
    const third = (await list('?page=3')).json();
    expect(third.items).toHaveLength(6);
  });

  it.each([
    ['oldest', 'Drill 00'],
    ['title_asc', 'Drill 00'],
    ['title_desc', 'Pirouette Foundations'],
    ['long_duration', 'Drill 44'],
    ['short_duration', 'Drill 00'],
    ['latest', 'Pirouette Foundations'],
  ])('sorts by %s', async (sort, firstTitle) => {
    expect((await list(`?sort=${sort}`)).json().items[0].title).toBe(firstTitle);
  });

  it('searches titles, instructors, tags and keywords; an empty term lists everything', async () => {
    for (const term of ['pirouette', 'MAYA', 'spotting', 'jazz']) {
      const body = (await list(`?search=${term}`)).json();
      expect(
        body.items.map((v: { title: string }) => v.title),
        term,
      ).toEqual(['Pirouette Foundations']);
    }
    expect((await list('?search=drill&sort=title_asc')).json().total).toBe(45);
    expect((await list('?search=')).json().total).toBe(46);
  });
});

describe('PUT /admin/videos/:id', () => {
  it('saves the edit modal, keeps the search text and the tag/product ids in step, and records it', async () => {
    const releaseDate = addDays(todayInNewYork(), 3);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/videos/${ids.pirouette}`,
      headers: admin.headers,
      payload: {
        title: '  Pirouettes, Revisited ',
        description: '<p>New <em>text</em><script>alert(1)</script></p>',
        shortDescription: 'Turn better',
        categoryId: ids.lessons,
        instructorId: null,
        levels: ['Advanced', 'Beginner', 'Advanced'],
        tagIds: [ids.ballet, ids.ballet],
        productIds: [ids.band],
        keywords: ['  spin ', 'Spin', '', 'balance'],
        releaseDate,
      },
    });
    expect(res.statusCode).toBe(200);
    const video = res.json();
    expect(video).toMatchObject({
      title: 'Pirouettes, Revisited',
      description: '<p>New <em>text</em></p>',
      category: { id: ids.lessons, name: 'Lessons' },
      instructor: null,
      levels: ['Beginner', 'Advanced'],
      keywords: ['spin', 'balance'],
      products: [{ id: ids.band, title: 'Resistance Band', subname: 'Demo' }],
      releaseDate,
    });
    const [row] = await t.app.db.select().from(videos).where(eq(videos.id, ids.pirouette!));
    expect(row!.tagIds).toEqual([ids.ballet]);
    expect(row!.productIds).toEqual([ids.band]);
    expect(row!.searchText).toContain('pirouettes, revisited');
    expect(row!.searchText).toContain('ballet');
    expect(row!.searchText).not.toContain('maya');
    expect(row!.searchText).not.toContain('jazz');
    expect(row!.releaseAt.toISOString()).toMatch(/T0[45]:00:00.000Z$/);
    // The video link, trailer link and duration are not part of the edit.
    expect(row!.durationSeconds).toBe(120);
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, ids.pirouette!));
    expect(audit).toMatchObject({ actorId: adminId, action: 'update', entity: 'video' });
    expect(Object.keys(audit!.changes)).toEqual(expect.arrayContaining(['title', 'tagIds', 'keywords']));
    expect((await list('?search=maya')).json().total).toBe(0);
    expect((await list('?search=revisited')).json().total).toBe(1);
  });

  it('keeps an unchanged release date in the past', async () => {
    const past = await createVideo(t.app, { title: 'Old One', releasedDaysAgo: 400 });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/videos/${past.id}`,
      headers: admin.headers,
      payload: {
        title: 'Old One, renamed',
        description: '',
        shortDescription: '',
        categoryId: null,
        instructorId: null,
        levels: [],
        tagIds: [],
        productIds: [],
        keywords: [],
        releaseDate: past.releaseDate,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().releaseDate).toBe(past.releaseDate);
  });
});

describe('DELETE /admin/videos/:id', () => {
  it('deletes the video and its saves, and records who did it', async () => {
    const doomed = await createVideo(t.app, { title: 'Doomed' });
    const member = await createUser(t.app);
    await t.app.db.insert(savedVideos).values({ userId: member.id, videoId: doomed.id });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/videos/${doomed.id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(doomed.id);
    expect(await t.app.db.select().from(videos).where(eq(videos.id, doomed.id))).toHaveLength(0);
    expect(await t.app.db.select().from(savedVideos).where(eq(savedVideos.videoId, doomed.id))).toHaveLength(
      0,
    );
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, doomed.id));
    expect(audit).toMatchObject({
      action: 'delete',
      entity: 'video',
      changes: expect.objectContaining({ title: 'Doomed' }),
    });
  });
});
