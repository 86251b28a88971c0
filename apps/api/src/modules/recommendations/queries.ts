import { and, desc, eq, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type VideoRow, videos } from '../../db/schema';

const LIMIT = 12;

/** Classes: every other class, newest first (coming-soon ones included, greyed out on their cards). */
export function selectClasses(db: DbOrTx, video: VideoRow) {
  return db
    .select()
    .from(videos)
    .where(and(eq(videos.kind, 'class'), ne(videos.id, video.id)))
    .orderBy(desc(videos.releaseAt), desc(videos.id))
    .limit(LIMIT);
}

/**
 * The default view: released library videos ranked by what they share with this one (tags, instructor,
 * category, levels), then by recency.
 */
export function selectRecommended(db: DbOrTx, video: VideoRow, now: Date) {
  const tagIds = video.tagIds.length ? video.tagIds : ['00000000-0000-0000-0000-000000000000'];
  const score = sql<number>`(
    cardinality(array(select unnest(${videos.tagIds}) intersect select unnest(${sql.param(tagIds)}::uuid[]))) * 3
    + (case when ${videos.instructorId} = ${video.instructorId} then 2 else 0 end)
    + (case when ${videos.categoryId} = ${video.categoryId} then 1 else 0 end)
    + (case when ${videos.levels} && ${sql.param(video.levels)}::text[] then 1 else 0 end)
  )`;
  return db
    .select()
    .from(videos)
    .where(and(eq(videos.kind, 'library'), lte(videos.releaseAt, now), ne(videos.id, video.id)))
    .orderBy(desc(score), desc(videos.releaseAt), desc(videos.id))
    .limit(LIMIT);
}

/**
 * NEXT UP outside a playlist: the videos that follow this one in its category (release order, newest to
 * oldest), wrapping round to the newest.
 */
export async function selectNextUp(db: DbOrTx, video: VideoRow, now: Date) {
  const sameShelf = and(
    video.categoryId ? eq(videos.categoryId, video.categoryId) : eq(videos.kind, video.kind),
    or(lte(videos.releaseAt, now), eq(videos.kind, 'class')),
    ne(videos.id, video.id),
  );
  const after = await db
    .select()
    .from(videos)
    .where(
      and(
        sameShelf,
        or(
          lt(videos.releaseAt, video.releaseAt),
          and(eq(videos.releaseAt, video.releaseAt), lt(videos.id, video.id)),
        ),
      ),
    )
    .orderBy(desc(videos.releaseAt), desc(videos.id))
    .limit(LIMIT);
  if (after.length >= LIMIT) return after;
  const wrap = await db
    .select()
    .from(videos)
    .where(sameShelf)
    .orderBy(desc(videos.releaseAt), desc(videos.id))
    .limit(LIMIT);
  const seen = new Set(after.map((v) => v.id));
  return [...after, ...wrap.filter((v) => !seen.has(v.id))].slice(0, LIMIT);
}
