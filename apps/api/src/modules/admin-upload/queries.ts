import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mediaAssets, tags } from '../../db/schema';

export async function findAssetByPlaybackId(db: DbOrTx, playbackId: string) {
  const [row] = await db.select().from(mediaAssets).where(eq(mediaAssets.playbackId, playbackId));
  return row ?? null;
}

/** The tags with these names, any casing. */
export function tagsByNames(db: DbOrTx, names: string[]) {
  return db
    .select()
    .from(tags)
    .where(
      inArray(
        sql`lower(${tags.name})`,
        names.map((n) => n.toLowerCase()),
      ),
    );
}
