import type { PlaylistType, TPlaylistDetail, TPlaylistSummary, TVideoCard } from '@dance/domain';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type PlaylistRow, playlistItems, playlists, savedVideos, videos } from '../../db/schema';
import { cardColumns, toCards } from '../catalogue/cards';
import type { CardLookups } from '../catalogue/queries';

/** Which playlists a list shows: featured ones, one member's personal ones, or one studio's. */
export type PlaylistScope =
  | { type: 'FPL' }
  | { type: 'PPL'; ownerUserId: string }
  | { type: 'SPL'; studioOwnerId: string };

function scopeWhere(scope: PlaylistScope): SQL {
  if (scope.type === 'PPL')
    return and(eq(playlists.type, 'PPL'), eq(playlists.ownerUserId, scope.ownerUserId))!;
  if (scope.type === 'SPL')
    return and(eq(playlists.type, 'SPL'), eq(playlists.studioOwnerId, scope.studioOwnerId))!;
  return eq(playlists.type, 'FPL');
}

/** Summaries of a scope, newest first, with count, total duration and first thumbnail: one query. */
export async function selectSummaries(db: DbOrTx, scope: PlaylistScope): Promise<TPlaylistSummary[]> {
  const rows = await db
    .select({
      playlist: playlists,
      videoCount: sql<number>`count(${videos.id})::int`,
      totalDurationSeconds: sql<number>`coalesce(sum(${videos.durationSeconds}), 0)::int`,
      firstThumbnail: sql<
        string | null
      >`(array_agg(${videos.thumbnailUrl} order by ${playlistItems.position}) filter (where ${videos.id} is not null))[1]`,
      firstVideoId: sql<
        string | null
      >`(array_agg(${videos.id} order by ${playlistItems.position}) filter (where ${videos.id} is not null))[1]`,
    })
    .from(playlists)
    .leftJoin(playlistItems, eq(playlistItems.playlistId, playlists.id))
    .leftJoin(videos, eq(videos.id, playlistItems.videoId))
    .where(scopeWhere(scope))
    .groupBy(playlists.id)
    .orderBy(desc(playlists.createdAt), desc(playlists.id));
  return rows.map((r) =>
    toSummary(r.playlist, {
      videoCount: r.videoCount,
      totalDurationSeconds: r.totalDurationSeconds,
      firstThumbnail: r.firstThumbnail,
      firstVideoId: r.firstVideoId,
    }),
  );
}

export function toSummary(
  row: PlaylistRow,
  stats: {
    videoCount: number;
    totalDurationSeconds: number;
    firstThumbnail: string | null;
    firstVideoId: string | null;
  },
): TPlaylistSummary {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    description: row.description,
    thumbnailUrl: row.thumbnailUrl ?? stats.firstThumbnail,
    customThumbnailUrl: row.thumbnailUrl,
    videoCount: stats.videoCount,
    totalDurationSeconds: stats.totalDurationSeconds,
    firstVideoId: stats.firstVideoId,
    ownerUserId: row.ownerUserId,
    studioOwnerId: row.studioOwnerId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findPlaylist(db: DbOrTx, id: string): Promise<PlaylistRow | null> {
  const [row] = await db.select().from(playlists).where(eq(playlists.id, id)).limit(1);
  return row ?? null;
}

/**
 * The playlist row and its version: the row's `xmin`, the transaction that last wrote it. Every change of a
 * playlist writes its row (see lockPlaylist), so a new version means new content: the cache key of a load.
 */
export async function findPlaylistVersioned(
  db: DbOrTx,
  id: string,
): Promise<{ row: PlaylistRow; version: string } | null> {
  const [found] = await db
    .select({ row: playlists, version: sql<string>`${playlists}.xmin::text` })
    .from(playlists)
    .where(eq(playlists.id, id))
    .limit(1);
  return found ?? null;
}

/**
 * Locks the playlist row for the transaction by writing it (updated_at): edits of one playlist queue, so
 * positions stay dense and unique, and every change (reorder, add, remove, rename) gives the playlist a new
 * version. A refused or failed edit rolls back, version included.
 */
export async function lockPlaylist(tx: DbOrTx, id: string): Promise<PlaylistRow | null> {
  const [row] = await tx
    .update(playlists)
    .set({ updatedAt: sql`now()` })
    .where(eq(playlists.id, id))
    .returning();
  return row ?? null;
}

/**
 * A playlist with its videos by position and their tags, instructors and saved flags: a constant number of
 * queries (items with videos, then the card extras) whatever its size.
 */
export async function loadDetail(
  db: DbOrTx,
  row: PlaylistRow,
  userId: string | null,
  lookups?: () => Promise<CardLookups>,
): Promise<TPlaylistDetail> {
  // One query: the ids by position (from the playlist's index), unnested in order, then each video by its
  // primary key. A plain join lets the planner hash the whole videos table (a sequential scan of the
  // catalogue) whenever the playlist's row estimate drifts; an unnested array always plans as key lookups.
  const ordered = await db
    .select(cardColumns)
    .from(
      sql`unnest(array(select ${playlistItems.videoId} from ${playlistItems} where ${playlistItems.playlistId} = ${row.id} order by ${playlistItems.position})) with ordinality as item(video_id, ord)`,
    )
    .innerJoin(videos, sql`${videos.id} = item.video_id`)
    .orderBy(sql`item.ord`);
  return toDetail(row, await toCards(db, ordered, userId, new Date(), lookups));
}

/** The detail answer from the playlist row and its videos' cards in playlist order. */
export function toDetail(row: PlaylistRow, cards: TVideoCard[]): TPlaylistDetail {
  const summary = toSummary(row, {
    videoCount: cards.length,
    totalDurationSeconds: cards.reduce((sum, card) => sum + card.durationSeconds, 0),
    firstThumbnail: cards[0]?.thumbnailUrl ?? null,
    firstVideoId: cards[0]?.id ?? null,
  });
  // Positions as the member sees them: 1..n (dense even if the store ever had a gap).
  return { ...summary, videos: cards.map((card, index) => ({ ...card, position: index + 1 })) };
}

/** Which of a playlist's videos the member saved: one query, independent of loading the playlist. */
export async function selectSavedInPlaylist(
  db: DbOrTx,
  userId: string,
  playlistId: string,
): Promise<Set<string>> {
  const rows = await db
    .select({ videoId: savedVideos.videoId })
    .from(savedVideos)
    .where(
      and(
        eq(savedVideos.userId, userId),
        inArray(
          savedVideos.videoId,
          db
            .select({ videoId: playlistItems.videoId })
            .from(playlistItems)
            .where(eq(playlistItems.playlistId, playlistId)),
        ),
      ),
    );
  return new Set(rows.map((r) => r.videoId));
}

/** Ids among these that are videos. */
export async function selectExistingVideoIds(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: videos.id }).from(videos).where(inArray(videos.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** The playlist's video ids in order. */
export async function selectItemIds(db: DbOrTx, playlistId: string): Promise<string[]> {
  const rows = await db
    .select({ videoId: playlistItems.videoId })
    .from(playlistItems)
    .where(eq(playlistItems.playlistId, playlistId))
    .orderBy(asc(playlistItems.position));
  return rows.map((r) => r.videoId);
}

/** Appends videos not yet in the playlist after the last position (caller holds the row lock). */
export async function appendVideos(tx: DbOrTx, playlistId: string, videoIds: string[]): Promise<number> {
  const current = new Set(await selectItemIds(tx, playlistId));
  const fresh = videoIds.filter((id) => !current.has(id));
  if (fresh.length === 0) return 0;
  const [last] = await tx
    .select({ max: sql<number>`coalesce(max(${playlistItems.position}), 0)::int` })
    .from(playlistItems)
    .where(eq(playlistItems.playlistId, playlistId));
  const start = last?.max ?? 0;
  await tx
    .insert(playlistItems)
    .values(fresh.map((videoId, index) => ({ playlistId, videoId, position: start + index + 1 })));
  return fresh.length;
}

/**
 * The first half of a reorder (caller holds the row lock): moves every position to a negative slot, so the
 * new ones can be written without colliding, and answers the playlist's video ids (in no order).
 */
export async function releasePositions(tx: DbOrTx, playlistId: string): Promise<string[]> {
  const rows = await tx
    .update(playlistItems)
    .set({ position: sql`-${playlistItems.position}` })
    .where(eq(playlistItems.playlistId, playlistId))
    .returning({ videoId: playlistItems.videoId });
  return rows.map((r) => r.videoId);
}

/** The second half: positions 1..n in the given order, in one statement. */
export async function assignPositions(tx: DbOrTx, playlistId: string, orderedVideoIds: string[]) {
  const positions = orderedVideoIds.map((_, index) => index + 1);
  await tx.execute(sql`
    update playlist_items as pi set position = v.position
    from unnest(${sql.param(orderedVideoIds)}::uuid[], ${sql.param(positions)}::int[]) as v(video_id, position)
    where pi.playlist_id = ${playlistId} and pi.video_id = v.video_id`);
}

/**
 * Writes positions 1..n in the given order. The unique (playlist, position) constraint is checked row by
 * row, so every position first moves to a negative slot, then to its final one: two statements.
 */
export async function writeOrder(tx: DbOrTx, playlistId: string, orderedVideoIds: string[]) {
  if (orderedVideoIds.length === 0) return;
  await releasePositions(tx, playlistId);
  await assignPositions(tx, playlistId, orderedVideoIds);
}

/** Removes videos and closes the gaps (caller holds the row lock). */
export async function removeVideos(tx: DbOrTx, playlistId: string, videoIds: string[]) {
  if (videoIds.length === 0) return;
  await tx
    .delete(playlistItems)
    .where(and(eq(playlistItems.playlistId, playlistId), inArray(playlistItems.videoId, videoIds)));
  await writeOrder(tx, playlistId, await selectItemIds(tx, playlistId));
}

export async function insertPlaylist(
  tx: DbOrTx,
  values: {
    type: PlaylistType;
    name: string;
    description: string;
    thumbnailUrl?: string | null;
    ownerUserId: string;
    studioOwnerId: string | null;
  },
): Promise<PlaylistRow> {
  const [row] = await tx.insert(playlists).values(values).returning();
  return row!;
}

export async function touchPlaylist(
  tx: DbOrTx,
  id: string,
  changes: Partial<Pick<PlaylistRow, 'name' | 'description' | 'thumbnailUrl'>>,
): Promise<PlaylistRow> {
  const [row] = await tx
    .update(playlists)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(playlists.id, id))
    .returning();
  return row!;
}

export async function deletePlaylist(tx: DbOrTx, id: string) {
  await tx.delete(playlists).where(eq(playlists.id, id));
}
