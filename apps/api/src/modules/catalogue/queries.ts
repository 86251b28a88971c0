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
      ids: db
        .select({ id: videos.id })
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
    // Ids only: a deep page skips index entries, not whole rows; the page's rows are fetched by key after.
    ids: db
      .select({ id: videos.id })
      .from(videos)
      .where(where)
      .orderBy(...orderBy(sort, page.seed))
      .limit(page.limit)
      .offset(page.offset),
    count: db.select({ n: sql<number>`count(*)::int` }).from(videos).where(where),
  };
}

export const buildVideosByIdsQuery = (db: DbOrTx, ids: string[]) =>
  db.select().from(videos).where(inArray(videos.id, ids));

/** Videos by id, in the order of the ids. */
export async function selectVideosByIds(db: DbOrTx, ids: string[]): Promise<VideoRow[]> {
  if (ids.length === 0) return [];
  const rows = await buildVideosByIdsQuery(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
}

/** A list's ordered ids (the first ID_LIST_CAP of them) and its total, computed once per filter and sort. */
export interface IdList {
  ids: string[];
  total: number;
}
/** 10,000 ids: page 666 of 15, about 0.5 MB; deeper pages query their ids directly. */
export const ID_LIST_CAP = 10_000;

export async function selectIdList(
  db: DbOrTx,
  filters: VideoFilters,
  sort: TSort,
  seed: number | undefined,
  now = new Date(),
): Promise<IdList> {
  const queries = buildVideoPageQueries(db, filters, sort, { limit: ID_LIST_CAP, offset: 0, seed }, now);
  const ids = (await queries.ids).map((r) => r.id);
  if (ids.length < ID_LIST_CAP) return { ids, total: ids.length };
  const [counted] = await queries.count;
  return { ids, total: counted?.n ?? ids.length };
}

/**
 * One page of a list. With `idList` (the list's ids, cached by the caller) any page is a slice of it, so
 * page 400 costs what page 1 does; without it, the page's ids come from the index and the rows by key.
 */
export async function selectVideoPage(
  db: DbOrTx,
  filters: VideoFilters,
  sort: TSort,
  page: { limit: number; offset: number; seed?: number },
  now = new Date(),
  idList?: IdList,
): Promise<{ rows: VideoRow[]; total: number }> {
  const end = page.offset + page.limit;
  if (idList && (end <= idList.ids.length || idList.ids.length === idList.total)) {
    return { rows: await selectVideosByIds(db, idList.ids.slice(page.offset, end)), total: idList.total };
  }
  const queries = buildVideoPageQueries(db, filters, sort, page, now);
  const [idRows, counted] = await Promise.all([
    queries.ids,
    idList ? Promise.resolve([{ n: idList.total }]) : queries.count,
  ]);
  return {
    rows: await selectVideosByIds(
      db,
      idRows.map((r) => r.id),
    ),
    total: counted[0]?.n ?? 0,
  };
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
    userId ? selectSavedAmong(db, userId, videoIds) : new Set<string>(),
  ]);
  return {
    tags: new Map(tagRows.map((t) => [t.id, t])),
    instructors: new Map(instructorRows.map((i) => [i.id, i])),
    saved: savedRows,
  };
}

/** Which of these videos the member saved: one query over the ids (the saved flags of a cached page). */
export async function selectSavedAmong(db: DbOrTx, userId: string, videoIds: string[]): Promise<Set<string>> {
  if (videoIds.length === 0) return new Set();
  const rows = await db
    .select({ videoId: savedVideos.videoId })
    .from(savedVideos)
    .where(and(eq(savedVideos.userId, userId), inArray(savedVideos.videoId, videoIds)));
  return new Set(rows.map((r) => r.videoId));
}
