import { DURATION_BUCKETS, type TSort } from '@dance/domain';
import {
  and,
  arrayOverlaps,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { instructors, savedVideos, tags, type VideoRow, videos } from '../../db/schema';

export interface VideoFilters {
  categoryId?: string;
  kind?: 'library' | 'class';
  tags?: string[];
  durations?: number[];
  levels?: string[];
  instructors?: string[];
  products?: string[];
  /** Only videos this user saved. */
  savedBy?: string;
}

/** Members see released videos, and class videos ahead of release (shown as "coming soon"). */
export const isVisible = (now: Date) => or(lte(videos.releaseAt, now), eq(videos.kind, 'class'))!;

export function filterConditions(f: VideoFilters, now: Date): SQL[] {
  // Per kind the visibility rule is simpler, which lets the (kind, release_at, id) index answer it.
  const conditions: SQL[] = [];
  if (f.kind === 'library') conditions.push(eq(videos.kind, 'library'), lte(videos.releaseAt, now));
  else if (f.kind === 'class') conditions.push(eq(videos.kind, 'class'));
  else conditions.push(isVisible(now));
  if (f.categoryId) conditions.push(eq(videos.categoryId, f.categoryId));
  // Within a dimension any value matches; dimensions combine with AND.
  if (f.tags?.length) conditions.push(arrayOverlaps(videos.tagIds, f.tags));
  if (f.levels?.length) conditions.push(arrayOverlaps(videos.levels, f.levels));
  if (f.instructors?.length) conditions.push(inArray(videos.instructorId, f.instructors));
  if (f.products?.length) conditions.push(arrayOverlaps(videos.productIds, f.products));
  if (f.durations?.length) {
    const ranges = DURATION_BUCKETS.filter((b) => f.durations!.includes(b.value)).map((b) =>
      b.max === null
        ? gte(videos.durationSeconds, b.min)
        : and(gte(videos.durationSeconds, b.min), lt(videos.durationSeconds, b.max))!,
    );
    conditions.push(or(...ranges)!);
  }
  if (f.savedBy) {
    conditions.push(
      sql`exists (select 1 from ${savedVideos} where ${savedVideos.userId} = ${f.savedBy} and ${savedVideos.videoId} = ${videos.id})`,
    );
  }
  return conditions;
}

/** Every sort ends on the id, so equal keys keep a stable order across pages. */
export function orderBy(sort: TSort, seed = 0): SQL[] {
  switch (sort) {
    case 'oldest':
      return [asc(videos.releaseAt), asc(videos.id)];
    case 'title_asc':
      return [asc(sql`lower(${videos.title})`), asc(videos.id)];
    case 'title_desc':
      return [desc(sql`lower(${videos.title})`), desc(videos.id)];
    case 'long_duration':
      return [desc(videos.durationSeconds), desc(videos.id)];
    case 'short_duration':
      return [asc(videos.durationSeconds), asc(videos.id)];
    case 'shuffle':
      return [asc(sql`md5(${videos.id}::text || ${String(seed)})`)];
    default:
      return [desc(videos.releaseAt), desc(videos.id)];
  }
}

/** The page and count queries of a list, unexecuted (the EXPLAIN test inspects them). */
export function buildVideoPageQueries(
  db: DbOrTx,
  filters: VideoFilters,
  sort: TSort,
  page: { limit: number; offset: number; seed?: number },
  now = new Date(),
) {
  const conditions = filterConditions(filters, now);
  if (filters.savedBy) {
    // Saved lists start from the member's saved rows (a few) and look each video up by its key.
    const where = and(eq(savedVideos.userId, filters.savedBy), ...conditions);
    return {
      rows: db
        .select(getTableColumns(videos))
        .from(savedVideos)
        .innerJoin(videos, eq(videos.id, savedVideos.videoId))
        .where(where)
        .orderBy(...orderBy(sort, page.seed))
        .limit(page.limit)
        .offset(page.offset),
      count: db
        .select({ n: sql<number>`count(*)::int` })
        .from(savedVideos)
        .innerJoin(videos, eq(videos.id, savedVideos.videoId))
        .where(where),
    };
  }
  const where = and(...conditions);
  return {
    rows: db
      .select()
      .from(videos)
      .where(where)
      .orderBy(...orderBy(sort, page.seed))
      .limit(page.limit)
      .offset(page.offset),
    count: db.select({ n: sql<number>`count(*)::int` }).from(videos).where(where),
  };
}

export async function selectVideoPage(
  db: DbOrTx,
  filters: VideoFilters,
  sort: TSort,
  page: { limit: number; offset: number; seed?: number },
  now = new Date(),
): Promise<{ rows: VideoRow[]; total: number }> {
  const queries = buildVideoPageQueries(db, filters, sort, page, now);
  const [rows, [counted]] = await Promise.all([queries.rows, queries.count]);
  return { rows, total: counted?.n ?? 0 };
}

/** The extras cards need for a set of videos, in three queries whatever the page size. */
export async function selectCardExtras(db: DbOrTx, rows: VideoRow[], userId: string | null) {
  const tagIds = [...new Set(rows.flatMap((r) => r.tagIds))];
  const instructorIds = [
    ...new Set(rows.map((r) => r.instructorId).filter((id): id is string => id !== null)),
  ];
  const videoIds = rows.map((r) => r.id);
  const [tagRows, instructorRows, savedRows] = await Promise.all([
    tagIds.length ? db.select().from(tags).where(inArray(tags.id, tagIds)) : [],
    instructorIds.length
      ? db
          .select({ id: instructors.id, name: instructors.name, imageUrl: instructors.imageUrl })
          .from(instructors)
          .where(inArray(instructors.id, instructorIds))
      : [],
    userId && videoIds.length
      ? db
          .select({ videoId: savedVideos.videoId })
          .from(savedVideos)
          .where(and(eq(savedVideos.userId, userId), inArray(savedVideos.videoId, videoIds)))
      : [],
  ]);
  return {
    tags: new Map(tagRows.map((t) => [t.id, t])),
    instructors: new Map(instructorRows.map((i) => [i.id, i])),
    saved: new Set(savedRows.map((s) => s.videoId)),
  };
}
