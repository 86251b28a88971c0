import {
  REACTION_STATS_ITEMS_PER_GROUP,
  type TReactionGrouping,
  type TReactionRow,
  type TReactionSort,
  type TReactionStatsGroup,
} from '@dance/domain';
import { and, asc, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, instructors, videoReactionCounts, videos } from '../../db/schema';
import { likePattern } from '../admin-videos/queries';

// Every video has its counts row (a trigger adds it with the video), so these sorts walk the counts' indexes.
const likes = videoReactionCounts.likes;
const dislikes = videoReactionCounts.dislikes;

/** Each sort, with the video id last so pages never overlap or skip. */
const ORDER: Record<TReactionSort, SQL[]> = {
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
  likes_desc: [desc(likes), desc(videoReactionCounts.videoId)],
  likes_asc: [asc(likes), asc(videoReactionCounts.videoId)],
  dislikes_desc: [desc(dislikes), desc(videoReactionCounts.videoId)],
  dislikes_asc: [asc(dislikes), asc(videoReactionCounts.videoId)],
  newest: [desc(videos.createdAt), desc(videos.id)],
  oldest: [asc(videos.createdAt), asc(videos.id)],
};

export interface ReactionPageParams {
  search?: string;
  instructorIds: string[];
  categoryIds: string[];
  sort: TReactionSort;
  limit: number;
  offset: number;
}

/** One page of the reaction table (spec 3 §3 "Reaction row") and the number of videos that match. */
export async function selectReactionPage(db: DbOrTx, params: ReactionPageParams) {
  const where = and(
    params.search ? ilike(videos.searchText, likePattern(params.search.toLowerCase())) : undefined,
    params.instructorIds.length ? inArray(videos.instructorId, params.instructorIds) : undefined,
    params.categoryIds.length ? inArray(videos.categoryId, params.categoryIds) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: videos.id,
        title: videos.title,
        categoryName: categories.name,
        instructorName: instructors.name,
        likesCount: likes,
        dislikesCount: dislikes,
        dateAdded: videos.createdAt,
      })
      .from(videos)
      .leftJoin(categories, eq(categories.id, videos.categoryId))
      .leftJoin(instructors, eq(instructors.id, videos.instructorId))
      .innerJoin(videoReactionCounts, eq(videoReactionCounts.videoId, videos.id))
      .where(where)
      .orderBy(...ORDER[params.sort])
      .limit(params.limit)
      .offset(params.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(videos).where(where),
  ]);
  const items: TReactionRow[] = rows.map((r) => ({
    ...r,
    likesCount: Number(r.likesCount),
    dislikesCount: Number(r.dislikesCount),
    dateAdded: r.dateAdded.toISOString(),
  }));
  return { items, total: Number(counted?.n ?? 0) };
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
