import { and, asc, count, eq, gt, inArray, lte, max, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { catalogueState, playlistItems, playlists, sitemapFiles, videos } from '../../db/schema';

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

/** A timestamp as the sitemap writes it (W3C datetime, UTC, milliseconds), formatted by PostgreSQL. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Every released video in id order, in one query, as text: the id and its lastmod already written as the sitemap
 * writes it. PostgreSQL reads the table once and sorts it; keyset chunks walked the primary key's random uuid order
 * into the heap (0.1 s a chunk of 5,000). Text rows skip a Date per row in the driver and a toISOString per row
 * in the XML (seconds of CPU for 100,000 videos on the loaded machine; decision 0059).
 */
export async function selectAllVideos(db: DbOrTx): Promise<{ id: string; lastmod: string }[]> {
  const result = (await db.execute(
    sql`select id::text as id, ${iso(sql`updated_at`)} as lastmod from videos where release_at <= now() order by id`,
  )) as unknown as { rows?: { id: string; lastmod: string }[] } & { id: string; lastmod: string }[];
  return result.rows ?? result;
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

/**
 * What the sitemap is made of, as one text: the catalogue's version (bumped by triggers on every change to videos
 * and their taxonomy), the next release instant (a video becomes public then, without any write) and the featured
 * playlists' items (not catalogue tables). Index reads only: the release index's first entry past now, and the
 * featured playlists' items.
 */
export async function readSitemapStamp(db: DbOrTx): Promise<string> {
  const result = (await db.execute(sql`select
      (select version from catalogue_state where id = 1)::text
      || ':' || coalesce((select extract(epoch from min(release_at))::text from videos where release_at > now()), '-')
      || ':' || (select md5(coalesce(string_agg(i.playlist_id::text || '/' || i.video_id::text || '/' || i.position::text
                   || '/' || extract(epoch from p.updated_at)::text || '/' || extract(epoch from i.added_at)::text,
                   ',' order by i.playlist_id, i.position, i.video_id), ''))
                 from playlists p join playlist_items i on i.playlist_id = p.id where p.type = 'FPL') as stamp`)) as unknown as
    | { rows: { stamp: string }[] }
    | { stamp: string }[];
  const rows = Array.isArray(result) ? result : result.rows;
  return rows[0]?.stamp ?? '';
}

export type StoredSitemapFile = typeof sitemapFiles.$inferSelect;

export function readSitemapFiles(db: DbOrTx, files: number[]) {
  return db.select().from(sitemapFiles).where(inArray(sitemapFiles.file, files));
}

/**
 * Replaces every stored sitemap file in one transaction (readers see the old set or the new one). A file whose
 * content is unchanged (same ETag) keeps its modification time, so Last-Modified moves only with the content.
 */
export async function replaceSitemapFiles(
  db: Db,
  next: {
    stamp: string;
    entries: number;
    files: number;
    bodies: { file: number; body: Uint8Array; etag: string }[];
  },
) {
  await db.transaction(async (tx) => {
    // One writer at a time (two processes regenerating together write one after the other).
    await tx.execute(sql`lock table sitemap_files in exclusive mode`);
    const previous = await tx
      .select({ file: sitemapFiles.file, etag: sitemapFiles.etag, modifiedAt: sitemapFiles.modifiedAt })
      .from(sitemapFiles);
    const kept = new Map(previous.map((p) => [p.file, p]));
    const now = new Date();
    await tx.delete(sitemapFiles);
    for (const body of next.bodies) {
      const old = kept.get(body.file);
      await tx.insert(sitemapFiles).values({
        file: body.file,
        stamp: next.stamp,
        body: body.body,
        etag: body.etag,
        entries: next.entries,
        files: next.files,
        modifiedAt: old?.etag === body.etag ? old.modifiedAt : now,
      });
    }
  });
}
