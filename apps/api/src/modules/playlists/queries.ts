import type { PlaylistType, TPlaylistDetail, TPlaylistSummary } from '@dance/domain';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type PlaylistRow, playlistItems, playlists, videos } from '../../db/schema';
import { toCards } from '../catalogue/cards';

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
    }),
  );
}

export function toSummary(
  row: PlaylistRow,
  stats: { videoCount: number; totalDurationSeconds: number; firstThumbnail: string | null },
): TPlaylistSummary {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    description: row.description,
    thumbnailUrl: row.thumbnailUrl ?? stats.firstThumbnail,
    videoCount: stats.videoCount,
    totalDurationSeconds: stats.totalDurationSeconds,
    ownerUserId: row.ownerUserId,
    studioOwnerId: row.studioOwnerId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findPlaylist(db: DbOrTx, id: string): Promise<PlaylistRow | null> {
  const [row] = await db.select().from(playlists).where(eq(playlists.id, id)).limit(1);
  return row ?? null;
}

/** Locks the playlist row for the transaction: edits of one playlist queue, so positions stay dense and unique. */
export async function lockPlaylist(tx: DbOrTx, id: string): Promise<PlaylistRow | null> {
  const [row] = await tx.select().from(playlists).where(eq(playlists.id, id)).for('update');
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
): Promise<TPlaylistDetail> {
  const items = await db
    .select({ video: videos, position: playlistItems.position })
    .from(playlistItems)
    .innerJoin(videos, eq(videos.id, playlistItems.videoId))
    .where(eq(playlistItems.playlistId, row.id))
    .orderBy(asc(playlistItems.position));
  const cards = await toCards(
    db,
    items.map((i) => i.video),
    userId,
  );
  const summary = toSummary(row, {
    videoCount: items.length,
    totalDurationSeconds: items.reduce((sum, i) => sum + i.video.durationSeconds, 0),
    firstThumbnail: items[0]?.video.thumbnailUrl ?? null,
  });
  // Positions as the member sees them: 1..n (dense even if the store ever had a gap).
  return { ...summary, videos: cards.map((card, index) => ({ ...card, position: index + 1 })) };
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
 * Writes positions 1..n in the given order. The unique (playlist, position) constraint is checked row by
 * row, so every position first moves to a negative slot, then to its final one: two statements.
 */
export async function writeOrder(tx: DbOrTx, playlistId: string, orderedVideoIds: string[]) {
  if (orderedVideoIds.length === 0) return;
  await tx
    .update(playlistItems)
    .set({ position: sql`-${playlistItems.position}` })
    .where(eq(playlistItems.playlistId, playlistId));
  const positions = orderedVideoIds.map((_, index) => index + 1);
  await tx.execute(sql`
    update playlist_items as pi set position = v.position
    from unnest(${sql.param(orderedVideoIds)}::uuid[], ${sql.param(positions)}::int[]) as v(video_id, position)
    where pi.playlist_id = ${playlistId} and pi.video_id = v.video_id`);
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
