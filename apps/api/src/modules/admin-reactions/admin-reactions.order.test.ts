import { REACTION_SORTS, type TReactionSort } from '@dance/domain';
import { and, asc, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { categories, instructors, videoReactionCounts, videos } from '../../db/schema';
import { likePattern } from '../admin-videos/queries';
import { type ReactionPageParams, selectReactionPage } from './queries';

/**
 * The page query reads ids through indexes (the instructor sorts instructor by instructor, videos without an
 * instructor after the rest) and joins only the page's rows. Whatever the sort, filter and page, it must answer
 * exactly what one plain ORDER BY over every joined row answers: this is that reference, checked page by page on
 * a fixture full of ties (titles equal but for case, instructors named alike, equal counts, no instructor).
 */
const REFERENCE_ORDER: Record<TReactionSort, SQL[]> = {
  title_asc: [sql`lower(${videos.title}) asc`, asc(videos.id)],
  title_desc: [sql`lower(${videos.title}) desc`, desc(videos.id)],
  instructor_asc: [
    sql`lower(${instructors.name}) asc nulls last`,
    sql`lower(${videos.title}) asc`,
    asc(videos.id),
  ],
  instructor_desc: [
    sql`lower(${instructors.name}) desc nulls last`,
    sql`lower(${videos.title}) asc`,
    asc(videos.id),
  ],
  likes_desc: [desc(videoReactionCounts.likes), desc(videoReactionCounts.videoId)],
  likes_asc: [asc(videoReactionCounts.likes), asc(videoReactionCounts.videoId)],
  dislikes_desc: [desc(videoReactionCounts.dislikes), desc(videoReactionCounts.videoId)],
  dislikes_asc: [asc(videoReactionCounts.dislikes), asc(videoReactionCounts.videoId)],
  newest: [desc(videos.createdAt), desc(videos.id)],
  oldest: [asc(videos.createdAt), asc(videos.id)],
};

let t: TestApp;
const instructorIds: string[] = [];
const categoryIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const cats = await t.app.db
    .insert(categories)
    .values([
      { name: 'Salsa', routePath: '/SalsaOrder', position: 901 },
      { name: 'Tango', routePath: '/TangoOrder', position: 902 },
    ])
    .returning();
  categoryIds.push(...cats.map((c) => c.id));
  // 'Ines' and 'ines' sort as one name: their videos interleave by title.
  const people = await t.app.db
    .insert(instructors)
    .values(['Ines', 'ines', 'Omar', 'Zoe', 'Ana'].map((name) => ({ name })))
    .returning();
  instructorIds.push(...people.map((p) => p.id));
  const titles = [
    'Alpha',
    'alpha',
    'Bravo',
    'charlie',
    'Charlie',
    'Delta',
    'echo',
    'Echo',
    'Foxtrot',
    'golf',
  ];
  const rows = Array.from({ length: 40 }, (_, n) => {
    const title = `${titles[n % titles.length]}${n % 3 === 0 ? '' : ` ${n % 4}`}`;
    return {
      title,
      kind: 'library' as const,
      categoryId: n % 5 === 0 ? null : categoryIds[n % 2]!,
      // Every fourth video has no instructor, and none of Ana's exist (an instructor without videos).
      instructorId: n % 4 === 3 ? null : instructorIds[n % 4]!,
      durationSeconds: 60,
      releaseDate: '2025-01-01',
      releaseAt: new Date('2025-01-01T05:00:00Z'),
      searchText: `${title.toLowerCase()} ${n % 2 ? 'shared' : ''}`,
      createdAt: new Date(Date.UTC(2025, 0, 1 + (n % 7))),
    };
  });
  const inserted = await t.app.db.insert(videos).values(rows).returning({ id: videos.id });
  for (const [n, { id }] of inserted.entries())
    await t.app.db
      .update(videoReactionCounts)
      .set({ likes: n % 6, dislikes: (n * 7) % 4 })
      .where(eq(videoReactionCounts.videoId, id));
});
afterAll(() => t.close());

async function referenceIds(params: Omit<ReactionPageParams, 'limit' | 'offset'>) {
  const rows = await t.app.db
    .select({ id: videos.id })
    .from(videos)
    .leftJoin(categories, eq(categories.id, videos.categoryId))
    .leftJoin(instructors, eq(instructors.id, videos.instructorId))
    .innerJoin(videoReactionCounts, eq(videoReactionCounts.videoId, videos.id))
    .where(
      and(
        params.search ? ilike(videos.searchText, likePattern(params.search)) : undefined,
        params.instructorIds.length ? inArray(videos.instructorId, params.instructorIds) : undefined,
        params.categoryIds.length ? inArray(videos.categoryId, params.categoryIds) : undefined,
      ),
    )
    .orderBy(...REFERENCE_ORDER[params.sort]);
  return rows.map((r) => r.id);
}

describe('the reaction page query', () => {
  it('pages every sort and filter exactly as one ORDER BY over all rows would', async () => {
    const filters: Omit<ReactionPageParams, 'sort' | 'limit' | 'offset'>[] = [
      { instructorIds: [], categoryIds: [] },
      { instructorIds: [], categoryIds: [categoryIds[0]!] },
      { instructorIds: [instructorIds[0]!, instructorIds[1]!, instructorIds[4]!], categoryIds: [] },
      { search: 'shared', instructorIds: [], categoryIds: [] },
      { search: 'a', instructorIds: [instructorIds[2]!], categoryIds: categoryIds },
    ];
    expect(REACTION_SORTS.length).toBe(10);
    for (const sort of REACTION_SORTS)
      for (const filter of filters) {
        const expected = await referenceIds({ ...filter, sort });
        const got: string[] = [];
        // Pages of 7 cross from instructors to the videos without one, and run past the end.
        for (let offset = 0; offset <= expected.length; offset += 7) {
          const page = await selectReactionPage(t.app.db, { ...filter, sort, limit: 7, offset });
          expect(page.total, `${sort} ${JSON.stringify(filter)}`).toBe(expected.length);
          got.push(...page.items.map((i) => i.id));
        }
        expect(got, `${sort} ${JSON.stringify(filter)}`).toEqual(expected);
      }
  });
});
