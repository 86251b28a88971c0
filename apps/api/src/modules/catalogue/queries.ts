import { DURATION_BUCKETS, type TSort } from '@dance/domain';
import {
  and,
  arrayOverlaps,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, instructors, products, savedVideos, tags, type VideoRow, videos } from '../../db/schema';

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

const cardTagColumns = { id: tags.id, name: tags.name, color: tags.color, priority: tags.priority };
const cardInstructorColumns = { id: instructors.id, name: instructors.name, imageUrl: instructors.imageUrl };

/** The tags and instructors cards show, by id. */
export interface CardLookups {
  tags: Map<string, { id: string; name: string; color: string; priority: number }>;
  instructors: Map<string, { id: string; name: string; imageUrl: string | null }>;
}

/**
 * Every tag and instructor, read once per catalogue stamp (its version and day) and kept: both are short
 * look-up lists, and a list of 200 cards otherwise reads hundreds of them again on every cache miss.
 */
export function createCardLookups(db: DbOrTx) {
  let last: { stamp: string; lookups: Promise<CardLookups> } | null = null;
  const readAll = async (): Promise<CardLookups> => {
    const [tagRows, instructorRows] = await Promise.all([
      db.select(cardTagColumns).from(tags),
      db.select(cardInstructorColumns).from(instructors),
    ]);
    return {
      tags: new Map(tagRows.map((t) => [t.id, t])),
      instructors: new Map(instructorRows.map((i) => [i.id, i])),
    };
  };
  return function cardLookupsAt(stamp: string): Promise<CardLookups> {
    if (last?.stamp !== stamp) {
      const lookups = readAll();
      last = { stamp, lookups };
      lookups.catch(() => {
        if (last?.lookups === lookups) last = null;
      });
    }
    return last.lookups;
  };
}

/** The tags and instructors of these videos: two queries whatever their number. */
async function selectCardLookups(
  db: DbOrTx,
  rows: Pick<VideoRow, 'tagIds' | 'instructorId'>[],
): Promise<CardLookups> {
  const tagIds = [...new Set(rows.flatMap((r) => r.tagIds))];
  const instructorIds = [
    ...new Set(rows.map((r) => r.instructorId).filter((id): id is string => id !== null)),
  ];
  const [tagRows, instructorRows] = await Promise.all([
    // One array parameter, not one parameter per id: a page of 200 cards can carry 600 tag ids.
    tagIds.length
      ? db
          .select(cardTagColumns)
          .from(tags)
          .where(sql`${tags.id} = any(${sql.param(tagIds)}::uuid[])`)
      : [],
    instructorIds.length
      ? db.select(cardInstructorColumns).from(instructors).where(inArray(instructors.id, instructorIds))
      : [],
  ]);
  return {
    tags: new Map(tagRows.map((t) => [t.id, t])),
    instructors: new Map(instructorRows.map((i) => [i.id, i])),
  };
}

/**
 * The extras cards need for a set of videos, in three queries whatever the page size, or only the saved
 * flags' query when the caller has the look-ups at hand (`lookups`, see createCardLookups).
 */
export async function selectCardExtras(
  db: DbOrTx,
  rows: Pick<VideoRow, 'id' | 'tagIds' | 'instructorId'>[],
  userId: string | null,
  lookups?: () => Promise<CardLookups>,
) {
  const videoIds = rows.map((r) => r.id);
  const [found, saved] = await Promise.all([
    lookups ? lookups() : selectCardLookups(db, rows),
    userId ? selectSavedAmong(db, userId, videoIds) : new Set<string>(),
  ]);
  return { ...found, saved };
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

const LOOKUP_LIMIT = 50;
/** Escapes LIKE wildcards in user input. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function selectCategories(db: DbOrTx) {
  return db
    .select({ id: categories.id, name: categories.name, routePath: categories.routePath })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
}

export async function categoryExists(db: DbOrTx, id: string): Promise<boolean> {
  const [category] = await db.select({ name: categories.name }).from(categories).where(eq(categories.id, id));
  return Boolean(category);
}

/** Tags by priority: those whose name contains the text, else all of them. */
export function selectTagsMatching(db: DbOrTx, q: string | undefined) {
  return db
    .select({ id: tags.id, name: tags.name, color: tags.color, priority: tags.priority })
    .from(tags)
    .where(q ? ilike(tags.name, likePattern(q)) : undefined)
    .orderBy(asc(tags.priority))
    .limit(q ? LOOKUP_LIMIT : 5000);
}

export function selectInstructorsMatching(db: DbOrTx, q: string | undefined) {
  return db
    .select({ id: instructors.id, name: instructors.name, imageUrl: instructors.imageUrl })
    .from(instructors)
    .where(q ? ilike(instructors.name, likePattern(q)) : undefined)
    .orderBy(asc(sql`lower(${instructors.name})`))
    .limit(LOOKUP_LIMIT);
}

/** Products whose title or subname contains the text, with their first image. */
export async function selectProductsMatching(db: DbOrTx, q: string | undefined) {
  const rows = await db
    .select()
    .from(products)
    .where(q ? or(ilike(products.title, likePattern(q)), ilike(products.subname, likePattern(q))) : undefined)
    .orderBy(asc(products.title))
    .limit(LOOKUP_LIMIT);
  return rows.map((p) => ({
    id: p.id,
    title: p.title,
    subname: p.subname,
    imageUrl: p.images[0]?.src ?? null,
  }));
}

export async function selectSavedIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ videoId: savedVideos.videoId })
    .from(savedVideos)
    .where(eq(savedVideos.userId, userId));
  return rows.map((r) => r.videoId);
}

export async function videoExists(db: DbOrTx, id: string): Promise<boolean> {
  const [video] = await db.select({ id: videos.id }).from(videos).where(eq(videos.id, id));
  return Boolean(video);
}

export async function saveVideo(db: DbOrTx, userId: string, videoId: string) {
  await db.insert(savedVideos).values({ userId, videoId }).onConflictDoNothing();
}

export async function unsaveVideo(db: DbOrTx, userId: string, videoId: string) {
  await db.delete(savedVideos).where(and(eq(savedVideos.userId, userId), eq(savedVideos.videoId, videoId)));
}
