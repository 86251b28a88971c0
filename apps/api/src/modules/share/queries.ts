import { and, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { playlists, videos } from '../../db/schema';

/** A released video's card: title, short description and thumbnail. */
export async function findSharedVideo(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ title: videos.title, description: videos.shortDescription, image: videos.thumbnailUrl })
    .from(videos)
    .where(and(eq(videos.id, id), lte(videos.releaseAt, sql`now()`)));
  return row ?? null;
}

/** A featured playlist's card (never a member's own playlist). */
export async function findSharedPlaylist(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ title: playlists.name, description: playlists.description, image: playlists.thumbnailUrl })
    .from(playlists)
    .where(and(eq(playlists.id, id), eq(playlists.type, 'FPL')));
  return row ?? null;
}
