import {
  REACTION_STATS_ITEMS_PER_GROUP,
  type TReactionGrouping,
  type TReactionRow,
  type TReactionSort,
  type TReactionStatsGroup,
} from '@dance/domain';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, instructors, videoReactionCounts, videos } from '../../db/schema';
import { likePattern } from '../admin-videos/queries';

/** The rows of a raw query, whichever driver ran it (postgres.js answers an array, PGlite an object with rows). */
async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } & T[];
  return result.rows ?? result;
}

/**
 * Each sort of the page's id query over `v` (the video) and `c` (its counts row), with the video id last so pages
 * never overlap or skip. The instructor sorts (instructor name, then title, then id; videos without an instructor
 * last) are paged by `instructorPageRows`, or with `INSTRUCTOR_ORDER` when a search has already narrowed the rows.
 */
const ORDER: Record<Exclude<TReactionSort, 'instructor_asc' | 'instructor_desc'>, SQL> = {
  title_asc: sql`lower(v.title) asc, v.id asc`,
  title_desc: sql`lower(v.title) desc, v.id desc`,
  likes_desc: sql`c.likes desc, c.video_id desc`,
  likes_asc: sql`c.likes asc, c.video_id asc`,
  dislikes_desc: sql`c.dislikes desc, c.video_id desc`,
  dislikes_asc: sql`c.dislikes asc, c.video_id asc`,
  newest: sql`v.created_at desc, v.id desc`,
  oldest: sql`v.created_at asc, v.id asc`,
};
const INSTRUCTOR_ORDER = {
  instructor_asc: sql`lower(i.name) asc nulls last, lower(v.title) asc, v.id asc`,
  instructor_desc: sql`lower(i.name) desc nulls last, lower(v.title) asc, v.id asc`,
};
const isInstructorSort = (sort: TReactionSort): sort is keyof typeof INSTRUCTOR_ORDER =>
  sort === 'instructor_asc' || sort === 'instructor_desc';

export interface ReactionPageParams {
  search?: string;
  instructorIds: string[];
  categoryIds: string[];
  sort: TReactionSort;
  limit: number;
  offset: number;
}

const uuidList = (ids: string[]) => sql`${sql.param(ids)}::uuid[]`;

/**
 * The videos the filters keep, as `v`. A search first collects its matches through the trigram index (OFFSET 0
 * keeps PostgreSQL from walking a sort index and testing the pattern on nearly every video instead).
 */
function matchingVideos(params: ReactionPageParams): SQL {
  const conditions: SQL[] = [];
  if (params.search) conditions.push(sql`v.search_text ilike ${likePattern(params.search.toLowerCase())}`);
  if (params.instructorIds.length)
    conditions.push(sql`v.instructor_id = any(${uuidList(params.instructorIds)})`);
  if (params.categoryIds.length) conditions.push(sql`v.category_id = any(${uuidList(params.categoryIds)})`);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const columns = sql`v.id, v.title, v.created_at, v.instructor_id, v.category_id`;
  return params.search
    ? sql`(select ${columns} from ${videos} v ${where} offset 0) v`
    : sql`(select ${columns} from ${videos} v ${where}) v`;
}

/** The order of the page's rows: the sort's keys over `v`, `c` and `i` (the video, its counts, its instructor). */
const orderOf = (sort: TReactionSort) => (isInstructorSort(sort) ? INSTRUCTOR_ORDER[sort] : ORDER[sort]);

/**
 * The page's ids in order (any sort but the instructor ones without a search): from the sort's index where it
 * can, so a deep page skips index entries, not joined rows.
 */
function sortedPageIds(params: ReactionPageParams): SQL {
  const hasFilters = Boolean(params.search || params.instructorIds.length || params.categoryIds.length);
  const page = sql`limit ${params.limit} offset ${params.offset}`;
  if (isInstructorSort(params.sort)) {
    return sql`select v.id from ${matchingVideos(params)}
      left join ${instructors} i on i.id = v.instructor_id
      order by ${INSTRUCTOR_ORDER[params.sort]} ${page}`;
  }
  const isCountSort = params.sort.startsWith('likes') || params.sort.startsWith('dislikes');
  if (isCountSort && !hasFilters) {
    // Every video has its counts row (a trigger adds it with the video; it goes with the video): unfiltered,
    // the page is read from the counts' index alone.
    return sql`select c.video_id as id from ${videoReactionCounts} c order by ${ORDER[params.sort]} ${page}`;
  }
  if (isCountSort && params.search) {
    // A search's few matches look up their counts one by one (OFFSET 0 again: PostgreSQL would rather hash
    // every counts row).
    return sql`select c.video_id as id from ${matchingVideos(params)}
      cross join lateral (select c.video_id, c.likes, c.dislikes from ${videoReactionCounts} c
                          where c.video_id = v.id offset 0) c
      order by ${ORDER[params.sort]} ${page}`;
  }
  if (isCountSort) {
    // Other filters walk the counts' index and keep the videos that pass.
    return sql`select c.video_id as id from ${matchingVideos(params)}
      join ${videoReactionCounts} c on c.video_id = v.id order by ${ORDER[params.sort]} ${page}`;
  }
  return sql`select v.id from ${matchingVideos(params)} order by ${ORDER[params.sort]} ${page}`;
}

interface PageRow {
  id: string;
  title: string;
  categoryName: string | null;
  instructorName: string | null;
  likesCount: number;
  dislikesCount: number;
  dateAdded: Date | string;
}

/** The rows of the videos `ids` selects (a query of `id`s), joined and put in the sort's order: one statement. */
function pageRows(db: DbOrTx, ids: SQL, sort: TReactionSort): Promise<PageRow[]> {
  return rowsOf<PageRow>(
    db,
    sql`select v.id, v.title, cat.name as "categoryName", i.name as "instructorName",
        c.likes as "likesCount", c.dislikes as "dislikesCount", v.created_at as "dateAdded"
      from (${ids}) p
      join ${videos} v on v.id = p.id
      join ${videoReactionCounts} c on c.video_id = v.id
      left join ${categories} cat on cat.id = v.category_id
      left join ${instructors} i on i.id = v.instructor_id
      order by ${orderOf(sort)}`,
  );
}

/**
 * The instructor sorts without a search: the instructors in name order, each one's videos fetched through the
 * instructor index (a nested loop PostgreSQL follows with an incremental sort by title, instructor by instructor,
 * instead of sorting every video); then the videos without an instructor, by title, once the named ones are used
 * up.
 */
async function instructorPageRows(
  db: DbOrTx,
  params: ReactionPageParams,
  sort: keyof typeof INSTRUCTOR_ORDER,
  withInstructor: () => Promise<number>,
): Promise<PageRow[]> {
  const direction = sort === 'instructor_asc' ? sql`asc` : sql`desc`;
  const category = params.categoryIds.length
    ? sql`and v.category_id = any(${uuidList(params.categoryIds)})`
    : sql``;
  const chosen = params.instructorIds.length
    ? sql`where i.id = any(${uuidList(params.instructorIds)})`
    : sql``;
  const named = await pageRows(
    db,
    sql`select v.id from ${instructors} i
      cross join lateral (select v.id, lower(v.title) as title_key from ${videos} v
                          where v.instructor_id = i.id ${category}) v
      ${chosen}
      order by lower(i.name) ${direction}, v.title_key asc, v.id asc
      limit ${params.limit} offset ${params.offset}`,
    sort,
  );
  if (named.length === params.limit || params.instructorIds.length) return named;
  const skipped = Math.max(0, params.offset - (await withInstructor()));
  const unnamed = await pageRows(
    db,
    sql`select v.id from ${videos} v where v.instructor_id is null ${category}
      order by lower(v.title) asc, v.id asc limit ${params.limit - named.length} offset ${skipped}`,
    sort,
  );
  return [...named, ...unnamed];
}

/**
 * One page of the reaction table (spec 3 §3 "Reaction row") and the number of videos that match. The page's ids
 * are read through indexes first and only the page's rows are joined (a deep page skips index entries, not
 * joined rows); the count runs beside it.
 */
export async function selectReactionPage(db: DbOrTx, params: ReactionPageParams) {
  // The videos without an instructor are counted only for the instructor sorts (the plain count needs no heap).
  const unnamed = isInstructorSort(params.sort)
    ? sql`count(*) filter (where v.instructor_id is null)::int`
    : sql`0`;
  const counted = rowsOf<{ total: number; unnamed: number }>(
    db,
    sql`select count(*)::int as total, ${unnamed} as unnamed from ${matchingVideos(params)}`,
  ).then(([row]) => ({ total: Number(row?.total ?? 0), unnamed: Number(row?.unnamed ?? 0) }));
  const rows =
    isInstructorSort(params.sort) && !params.search
      ? instructorPageRows(db, params, params.sort, () => counted.then((c) => c.total - c.unnamed))
      : pageRows(db, sortedPageIds(params), params.sort);
  const [page, { total }] = await Promise.all([rows, counted]);
  const items: TReactionRow[] = page.map((r) => ({
    id: r.id,
    title: r.title,
    categoryName: r.categoryName,
    instructorName: r.instructorName,
    likesCount: Number(r.likesCount),
    dislikesCount: Number(r.dislikesCount),
    dateAdded: new Date(r.dateAdded).toISOString(),
  }));
  return { items, total };
}

/**
 * Likes and dislikes per category or instructor, over the videos that have at least one reaction, most liked
 * group first, each with its most liked videos (REACTION_STATS_ITEMS_PER_GROUP at most). Videos without a
 * category or instructor form a group of their own (id null) unless the groups are chosen by id.
 */
export async function selectReactionStats(
  db: DbOrTx,
  groupBy: TReactionGrouping,
  ids: string[],
): Promise<TReactionStatsGroup[]> {
  const groupColumn = groupBy === 'category' ? videos.categoryId : videos.instructorId;
  const nameTable = groupBy === 'category' ? categories : instructors;
  const ranked = db
    .select({
      groupId: sql<string | null>`${groupColumn}`.as('group_id'),
      videoId: sql<string>`${videos.id}`.as('video_id'),
      title: sql<string>`${videos.title}`.as('title'),
      likes: sql<number>`${videoReactionCounts.likes}`.as('likes'),
      dislikes: sql<number>`${videoReactionCounts.dislikes}`.as('dislikes'),
      rank: sql<number>`row_number() over (partition by ${groupColumn} order by ${videoReactionCounts.likes} desc, ${videoReactionCounts.dislikes} asc, lower(${videos.title}), ${videos.id})`.as(
        'rank',
      ),
      groupLikes: sql<number>`sum(${videoReactionCounts.likes}) over (partition by ${groupColumn})`.as(
        'group_likes',
      ),
      groupDislikes: sql<number>`sum(${videoReactionCounts.dislikes}) over (partition by ${groupColumn})`.as(
        'group_dislikes',
      ),
      groupVideos: sql<number>`count(*) over (partition by ${groupColumn})`.as('group_videos'),
    })
    .from(videoReactionCounts)
    .innerJoin(videos, eq(videos.id, videoReactionCounts.videoId))
    .where(
      and(
        sql`${videoReactionCounts.likes} + ${videoReactionCounts.dislikes} > 0`,
        ids.length ? inArray(groupColumn, ids) : undefined,
      ),
    )
    .as('ranked');
  const rows = await db
    .select({
      groupId: ranked.groupId,
      name: nameTable.name,
      videoId: ranked.videoId,
      title: ranked.title,
      likes: ranked.likes,
      dislikes: ranked.dislikes,
      groupLikes: ranked.groupLikes,
      groupDislikes: ranked.groupDislikes,
      groupVideos: ranked.groupVideos,
    })
    .from(ranked)
    .leftJoin(nameTable, eq(nameTable.id, ranked.groupId))
    .where(sql`${ranked.rank} <= ${REACTION_STATS_ITEMS_PER_GROUP}`)
    .orderBy(
      desc(ranked.groupLikes),
      asc(ranked.groupDislikes),
      sql`lower(${nameTable.name}) nulls last`,
      asc(ranked.rank),
    );
  const groups = new Map<string, TReactionStatsGroup>();
  const unnamed = groupBy === 'category' ? 'No category' : 'No instructor';
  for (const row of rows) {
    const key = row.groupId ?? '';
    let group = groups.get(key);
    if (!group) {
      group = {
        id: row.groupId,
        name: row.name ?? unnamed,
        totalLikes: Number(row.groupLikes),
        totalDislikes: Number(row.groupDislikes),
        videoCount: Number(row.groupVideos),
        items: [],
      };
      groups.set(key, group);
    }
    group.items.push({
      id: row.videoId,
      title: row.title,
      likes: Number(row.likes),
      dislikes: Number(row.dislikes),
    });
  }
  return [...groups.values()];
}
