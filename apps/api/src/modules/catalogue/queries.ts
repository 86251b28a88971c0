import { DURATION_BUCKETS, type TSort } from '@dance/domain';
import { and, arrayOverlaps, asc, desc, eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
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
  const conditions: SQL[] = [isVisible(now)];
  if (f.categoryId) conditions.push(eq(videos.categoryId, f.categoryId));
  if (f.kind) conditions.push(eq(videos.kind, f.kind));
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

export async function selectVideoPage(
  db: DbOrTx,
  filters: VideoFilters,
  sort: TSort,
  page: { limit: number; offset: number; seed?: number },
  now = new Date(),
): Promise<{ rows: VideoRow[]; total: number }> {
  const where = and(...filterConditions(filters, now));
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(videos)
      .where(where)
      .orderBy(...orderBy(sort, page.seed))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(videos).where(where),
  ]);
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
