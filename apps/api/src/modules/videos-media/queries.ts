import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mediaAssets, uploads } from '../../db/schema';

/** The asset a direct upload fills, with who started it (null for an unknown upload id). */
export async function findUploadTarget(db: DbOrTx, uploadId: string) {
  const [asset] = await db
    .select({ id: mediaAssets.id, createdBy: mediaAssets.createdBy })
    .from(mediaAssets)
    .where(eq(mediaAssets.uploadId, uploadId));
  return asset ?? null;
}

/** Counts a received video against its uploader's quota. */
export async function recordVideoUpload(db: DbOrTx, uploaderId: string, assetId: string, sizeBytes: number) {
  await db.insert(uploads).values({ uploaderId, kind: 'video', key: assetId, sizeBytes });
}
