import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createInstructor, createVideo } from '../../../test/catalogue-factories';
import { createTestApp, createUser, logInAs, type Session, type TestApp } from '../../../test/helpers';
import { videoReactionCounts, videoReactions, videos } from '../../db/schema';
import { writeReaction } from '../reactions/queries';

let t: TestApp;
let admin: Session;
const ids: Record<string, string> = {};

/**
 * The fixture, by hand:
 *   Alpha  (Salsa, Ines)    3 likes, 1 dislike   added 2025-01-01
 *   bravo  (Salsa, Omar)    1 like,  2 dislikes  added 2025-01-03
 *   Charlie (Tango, Ines)   0 likes, 0 dislikes  added 2025-01-02
 *   Delta  (none, none)     2 likes, 0 dislikes  added 2025-01-04
 * Salsa: 4 likes, 3 dislikes over 2 videos; Tango: no reactions; no category: 2 likes.
 * Ines: 3 likes, 1 dislike; Omar: 1 like, 2 dislikes.
 */
beforeAll(async () => {
  t = await createTestApp();
  admin = await logInAs(t.app, (await createUser(t.app, { role: 'admin' })).email);
  const salsa = await createCategory(t.app, 'Salsa');
  const tango = await createCategory(t.app, 'Tango');
  const ines = await createInstructor(t.app, 'Ines');
  const omar = await createInstructor(t.app, 'Omar');
  Object.assign(ids, { salsa: salsa.id, tango: tango.id, ines: ines.id, omar: omar.id });
  const fixture = [
    ['Alpha', salsa.id, ines, '2025-01-01', 3, 1],
    ['bravo', salsa.id, omar, '2025-01-03', 1, 2],
    ['Charlie', tango.id, ines, '2025-01-02', 0, 0],
    ['Delta', null, null, '2025-01-04', 2, 0],
  ] as const;
  const members = await Promise.all(Array.from({ length: 4 }, () => createUser(t.app)));
  for (const [title, categoryId, instructor, added, likes, dislikes] of fixture) {
    const video = await createVideo(t.app, {
      title,
      categoryId,
      instructorId: instructor?.id ?? null,
      instructorName: instructor?.name,
    });
    await t.app.db
      .update(videos)
      .set({ createdAt: new Date(`${added}T12:00:00Z`) })
      .where(eq(videos.id, video.id));
    ids[title] = video.id;
    for (let i = 0; i < likes; i += 1) await writeReaction(t.app.db, members[i]!.id, video.id, 'like');
    for (let i = 0; i < dislikes; i += 1)
      await writeReaction(t.app.db, members[3 - i]!.id, video.id, 'dislike');
  }
});
afterAll(() => t.close());

const get = (path: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/admin/${path}`, headers: admin.headers });
const titles = async (qs: string) =>
  ((await get(`reactions${qs}`)).json().items as { title: string }[]).map((i) => i.title);

describe('GET /admin/reactions', () => {
  it("answers the spec's reaction rows, most liked first by default, with the pagination", async () => {
    const res = await get('reactions');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 4, page: 1, pageSize: 20, totalPages: 1 });
    expect(body.items[0]).toEqual({
      id: ids.Alpha,
      title: 'Alpha',
      categoryName: 'Salsa',
      instructorName: 'Ines',
      likesCount: 3,
      dislikesCount: 1,
      dateAdded: '2025-01-01T12:00:00.000Z',
    });
    expect(body.items.map((i: { title: string }) => i.title)).toEqual(['Alpha', 'Delta', 'bravo', 'Charlie']);
  });

  it('sorts by every column both ways', async () => {
    expect(await titles('?sort=title_asc')).toEqual(['Alpha', 'bravo', 'Charlie', 'Delta']);
    expect(await titles('?sort=title_desc')).toEqual(['Delta', 'Charlie', 'bravo', 'Alpha']);
    expect(await titles('?sort=instructor_asc')).toEqual(['Alpha', 'Charlie', 'bravo', 'Delta']);
    expect(await titles('?sort=instructor_desc')).toEqual(['bravo', 'Alpha', 'Charlie', 'Delta']);
    expect(await titles('?sort=likes_asc')).toEqual(['Charlie', 'bravo', 'Delta', 'Alpha']);
    // Delta and Charlie tie on dislikes (0): their order is fixed by id, whichever it is.
    const desc = await titles('?sort=dislikes_desc');
    expect(desc.slice(0, 2)).toEqual(['bravo', 'Alpha']);
    expect(desc.slice(2).sort()).toEqual(['Charlie', 'Delta']);
    const asc = await titles('?sort=dislikes_asc');
    expect(asc.slice(2)).toEqual(['Alpha', 'bravo']);
    expect(asc.slice(0, 2)).toEqual([...desc.slice(2)].reverse());
    expect(await titles('?sort=newest')).toEqual(['Delta', 'bravo', 'Charlie', 'Alpha']);
    expect(await titles('?sort=oldest')).toEqual(['Alpha', 'Charlie', 'bravo', 'Delta']);
  });

  it('pages with the page sizes of the spec and refuses others', async () => {
    const first = (await get('reactions?pageSize=10&sort=title_asc')).json();
    expect(first).toMatchObject({ pageSize: 10, totalPages: 1 });
    expect((await get('reactions?pageSize=7')).statusCode).toBe(400);
    expect((await get('reactions?pageSize=10&page=2')).json()).toMatchObject({
      items: [],
      total: 4,
      page: 2,
    });
  });

  it('searches and filters by instructors and categories (comma-joined)', async () => {
    expect(await titles('?search=char')).toEqual(['Charlie']);
    expect(await titles('?search=ines&sort=title_asc')).toEqual(['Alpha', 'Charlie']);
    expect(await titles(`?instructors=${ids.omar}`)).toEqual(['bravo']);
    expect(await titles(`?categories=${ids.salsa},${ids.tango}&sort=title_asc`)).toEqual([
      'Alpha',
      'bravo',
      'Charlie',
    ]);
    expect(await titles(`?categories=${ids.salsa}&instructors=${ids.ines}`)).toEqual(['Alpha']);
    expect((await get('reactions?categories=nope')).statusCode).toBe(400);
  });

  it('keeps the counts right when members switch and clear reactions', async () => {
    const member = await createUser(t.app);
    await writeReaction(t.app.db, member.id, ids.Charlie!, 'like');
    await writeReaction(t.app.db, member.id, ids.Charlie!, 'dislike');
    const [after] = await t.app.db
      .select()
      .from(videoReactionCounts)
      .where(eq(videoReactionCounts.videoId, ids.Charlie!));
    expect(after).toMatchObject({ likes: 0, dislikes: 1 });
    await writeReaction(t.app.db, member.id, ids.Charlie!, null);
    const [cleared] = await t.app.db
      .select()
      .from(videoReactionCounts)
      .where(eq(videoReactionCounts.videoId, ids.Charlie!));
    expect(cleared).toMatchObject({ likes: 0, dislikes: 0 });
    const all = await t.app.db.select().from(videoReactions);
    expect(all).toHaveLength(9);
  });
});

describe('GET /admin/reactions/stats', () => {
  it('totals per category, most liked first, with the videos inside', async () => {
    const body = (await get('reactions/stats?groupBy=category')).json();
    expect(body.groupBy).toBe('category');
    expect(body.groups).toEqual([
      {
        id: ids.salsa,
        name: 'Salsa',
        totalLikes: 4,
        totalDislikes: 3,
        videoCount: 2,
        items: [
          { id: ids.Alpha, title: 'Alpha', likes: 3, dislikes: 1 },
          { id: ids.bravo, title: 'bravo', likes: 1, dislikes: 2 },
        ],
      },
      {
        id: null,
        name: 'No category',
        totalLikes: 2,
        totalDislikes: 0,
        videoCount: 1,
        items: [expect.objectContaining({ title: 'Delta' })],
      },
    ]);
  });

  it('totals per instructor, and only the chosen ones', async () => {
    const body = (await get('reactions/stats?groupBy=instructor')).json();
    expect(
      body.groups.map((g: { name: string; totalLikes: number; totalDislikes: number }) => [
        g.name,
        g.totalLikes,
        g.totalDislikes,
      ]),
    ).toEqual([
      ['Ines', 3, 1],
      ['No instructor', 2, 0],
      ['Omar', 1, 2],
    ]);
    const chosen = (await get(`reactions/stats?groupBy=instructor&ids=${ids.omar}`)).json();
    expect(chosen.groups.map((g: { name: string }) => g.name)).toEqual(['Omar']);
    expect((await get(`reactions/stats?groupBy=category&ids=${ids.tango}`)).json().groups).toEqual([]);
  });

  it('asks for a grouping option', async () => {
    const res = await get('reactions/stats');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Please select a grouping option.');
  });
});

describe('admin only', () => {
  it('refuses guests and members', async () => {
    const member = await logInAs(t.app, (await createUser(t.app)).email);
    for (const url of ['/api/v1/admin/reactions', '/api/v1/admin/reactions/stats?groupBy=category']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: member.headers })).statusCode).toBe(403);
    }
  });
});
