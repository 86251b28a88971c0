import { addDays, releaseInstant, todayInNewYork } from '@dance/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createCategory,
  createInstructor,
  createProduct,
  createTag,
} from '../../../test/catalogue-factories';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { auditLog, instructors, mediaAssets, mediaLibrary, tags, videos } from '../../db/schema';

let t: TestApp;
let admin: Session;
let adminId = '';
beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.app, { role: 'admin' });
  adminId = user.id;
  admin = await logInAs(t.app, user.email);
  await t.app.db.insert(mediaLibrary).values({
    id: '900001',
    name: 'Adagio Balance Study',
    description: '<p>Slow and steady.</p>',
    durationSeconds: 412,
    thumbnailUrl: '/files/demo/media/900001.svg',
    playerUrl: '/media/900001',
    tags: ['balance'],
  });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const post = (body: Record<string, unknown>, session = admin) =>
  t.app.inject({ method: 'POST', url: '/api/v1/admin/videos', headers: session.headers, payload: body });

describe('fetch by id (the local media library stands in for Vimeo)', () => {
  it('answers the title, description, thumbnail, duration and video link', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/vimeo/videos/900001',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: '900001',
      title: 'Adagio Balance Study',
      description: '<p>Slow and steady.</p>',
      thumbnailUrl: '/files/demo/media/900001.svg',
      durationSeconds: 412,
      videoUrl: '/media/900001',
      keywords: ['balance'],
    });
  });
});

describe('adding a library video', () => {
  it('saves it in the chosen category with tags, products, keywords, levels, instructor and release date', async () => {
    const category = await createCategory(t.app);
    const tag = await createTag(t.app, 'Adagio');
    const product = await createProduct(t.app);
    const instructor = await createInstructor(t.app, 'Maya Laurent');
    const releaseDate = addDays(todayInNewYork(), 3);
    const res = await post({
      kind: 'library',
      title: 'Adagio Balance Study',
      description: '<p onclick="x()">Slow <strong>and</strong> steady.<script>alert(1)</script></p>',
      shortDescription: 'Balance for everyone',
      categoryId: category.id,
      instructorId: instructor.id,
      levels: ['Beginner', 'Advanced'],
      durationSeconds: 412,
      tagIds: [tag.id, tag.id],
      productIds: [product.id],
      keywords: ['balance', ' ', 'Balance', 'adagio'],
      thumbnailUrl: '/files/demo/media/900001.svg',
      videoUrl: '/media/900001',
      releaseDate,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      kind: 'library',
      releaseDate,
      releaseAt: releaseInstant(releaseDate).toISOString(),
    });
    const [row] = await t.app.db.select().from(videos).where(eq(videos.id, body.id));
    expect(row).toMatchObject({
      categoryId: category.id,
      instructorId: instructor.id,
      levels: ['Beginner', 'Advanced'],
      tagIds: [tag.id],
      productIds: [product.id],
      keywords: ['balance', 'adagio'],
      durationSeconds: 412,
      thumbnailUrl: '/files/demo/media/900001.svg',
      videoUrl: expect.stringMatching(/^[0-9a-f-]{36}$/),
      description: '<p>Slow <strong>and</strong> steady.</p>',
      trailerUrl: null,
    });
    expect(row!.searchText).toContain('adagio balance study');
    expect(row!.searchText).toContain('maya laurent');
    expect(row!.searchText).toContain('adagio');
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'video'), eq(auditLog.entityId, body.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: adminId, action: 'create' });
  });

  it('adds a new instructor by name from the form', async () => {
    const category = await createCategory(t.app);
    const res = await post({
      kind: 'library',
      title: 'Tap basics',
      categoryId: category.id,
      newInstructorName: 'Nia Newcomer',
      videoUrl: '/media/900006',
      releaseDate: todayInNewYork(),
    });
    expect(res.statusCode).toBe(201);
    const [instructor] = await t.app.db
      .select()
      .from(instructors)
      .where(eq(instructors.name, 'Nia Newcomer'));
    const [row] = await t.app.db.select().from(videos).where(eq(videos.id, res.json().id));
    expect(row!.instructorId).toBe(instructor!.id);
  });
});

describe('adding a class video', () => {
  it('gets CLASSES and "coming soon" (created when missing) with a future date, and goes live at midnight New York', async () => {
    const releaseDate = addDays(todayInNewYork(), 1);
    const res = await post({
      kind: 'class',
      title: 'Full Class: Turns and Leaps',
      videoUrl: '/media/900009',
      trailerUrl: '/media/900010',
      trailerThumbnailUrl: '/files/demo/media/900010.svg',
      trailerDurationSeconds: 34,
      durationSeconds: 2710,
      levels: ['Intermediate'],
      releaseDate,
    });
    expect(res.statusCode).toBe(201);
    const tagRows = await t.app.db.select().from(tags);
    const classes = tagRows.find((x) => x.name === 'CLASSES')!;
    const comingSoon = tagRows.find((x) => x.name === 'coming soon')!;
    expect(res.json().tagIds).toEqual([classes.id, comingSoon.id]);
    const [row] = await t.app.db.select().from(videos).where(eq(videos.id, res.json().id));
    expect(row).toMatchObject({ kind: 'class', trailerDurationSeconds: 34 });
    // The links became imports of the library videos (decision 0033).
    const [trailer] = await t.app.db.select().from(mediaAssets).where(eq(mediaAssets.id, row!.trailerUrl!));
    expect(trailer).toMatchObject({
      sourceRef: 'library:900010',
      title: 'Full Class: Turns and Leaps (trailer)',
    });

    const member = await createUser(t.app, { userType: 'individual-user' });
    const memberSession = await logInAs(t.app, member.email);
    const classCard = async () => {
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/v1/videos?kind=class&pageSize=100',
        headers: { cookie: memberSession.cookie },
      });
      expect(list.statusCode).toBe(200);
      return (list.json().items as { id: string; isComingSoon: boolean; tags: { name: string }[] }[]).find(
        (c) => c.id === res.json().id,
      )!;
    };
    expect(await classCard()).toMatchObject({ isComingSoon: true });
    expect((await classCard()).tags.map((x) => x.name)).toContain('coming soon');

    // A second before midnight in New York it is still coming soon; at 12:00 AM it is live.
    const midnight = releaseInstant(releaseDate);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(midnight.getTime() - 1000));
    expect((await classCard()).isComingSoon).toBe(true);
    vi.setSystemTime(midnight);
    const live = await classCard();
    expect(live.isComingSoon).toBe(false);
    expect(live.tags.map((x) => x.name)).toEqual(['CLASSES']);
  });

  it('gets only CLASSES when released today, reusing the existing tag', async () => {
    const before = await t.app.db.select().from(tags);
    const res = await post({
      kind: 'class',
      title: 'Today class',
      videoUrl: '/media/900009',
      releaseDate: todayInNewYork(),
    });
    expect(res.statusCode).toBe(201);
    const classes = before.find((x) => x.name === 'CLASSES')!;
    expect(res.json().tagIds).toEqual([classes.id]);
    expect(await t.app.db.select().from(tags)).toHaveLength(before.length);
  });
});
