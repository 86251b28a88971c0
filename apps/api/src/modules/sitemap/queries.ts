import { and, asc, count, eq, gt, lte, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { catalogueState, playlistItems, playlists, videos } from '../../db/schema';

/** Released videos: the public player pages. */
const released = () => lte(videos.releaseAt, sql`now()`);

export async function countSitemapData(db: DbOrTx) {
  const [[v], [f], [state]] = await Promise.all([
    db
      .select({ n: count(), lastmod: max(videos.updatedAt) })
      .from(videos)
      .where(released()),
    db
      .select({ n: count() })
      .from(playlistItems)
      .innerJoin(playlists, eq(playlists.id, playlistItems.playlistId))
      .innerJoin(videos, eq(videos.id, playlistItems.videoId))
      .where(and(eq(playlists.type, 'FPL'), released())),
    db.select({ changedAt: catalogueState.changedAt }).from(catalogueState).where(eq(catalogueState.id, 1)),
  ]);
  return {
    videos: Number(v?.n ?? 0),
    featuredItems: Number(f?.n ?? 0),
    /** When the catalogue last changed: the library pages' lastmod. */
    catalogueChangedAt: state?.changedAt ?? v?.lastmod ?? null,
  };
}

/** Items of featured playlists (released videos only), in a fixed order, from `offset`. */
export function selectFeaturedItems(db: DbOrTx, offset: number, limit: number) {
  return db
    .select({
      playlistId: playlistItems.playlistId,
      videoId: playlistItems.videoId,
      lastmod:
        sql<Date>`greatest(${playlists.updatedAt}, ${playlistItems.addedAt}, ${videos.updatedAt})`.mapWith(
          (v: string | Date) => new Date(v),
        ),
    })
    .from(playlistItems)
    .innerJoin(playlists, eq(playlists.id, playlistItems.playlistId))
    .innerJoin(videos, eq(videos.id, playlistItems.videoId))
    .where(and(eq(playlists.type, 'FPL'), released()))
    .orderBy(asc(playlistItems.playlistId), asc(playlistItems.position))
    .limit(limit)
    .offset(offset);
}

/** Released videos by id after `afterId` (keyset), for streaming. */
export function selectVideoChunk(db: DbOrTx, afterId: string | null, limit: number) {
  return db
    .select({ id: videos.id, lastmod: videos.updatedAt })
    .from(videos)
    .where(and(released(), afterId ? gt(videos.id, afterId) : undefined))
    .orderBy(asc(videos.id))
    .limit(limit);
}

/** The id of the released video at `offset` in id order: where a later sitemap file starts. */
export async function videoIdBefore(db: DbOrTx, offset: number) {
  if (offset <= 0) return null;
  const [row] = await db
    .select({ id: videos.id })
    .from(videos)
    .where(released())
    .orderBy(asc(videos.id))
    .limit(1)
    .offset(offset - 1);
  return row?.id ?? null;
}
