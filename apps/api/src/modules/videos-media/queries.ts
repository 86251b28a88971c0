import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mediaAssets, uploads } from '../../db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

/** Media rows by id, for lists (ids that are not uuids are skipped: they are not ours). */
export async function findAssetsByIds(db: DbOrTx, ids: readonly string[]) {
  const uuids = [...new Set(ids)].filter((id) => UUID.test(id));
  if (uuids.length === 0) return [];
  return db.select().from(mediaAssets).where(inArray(mediaAssets.id, uuids));
}

/** The newest import of a source that has not failed: a second video from the same source shares it. */
export async function findLiveImport(db: DbOrTx, sourceRef: string) {
  const [row] = await db
    .select()
    .from(mediaAssets)
    .where(and(eq(mediaAssets.sourceRef, sourceRef), ne(mediaAssets.status, 'errored')))
    .orderBy(desc(mediaAssets.createdAt))
    .limit(1);
  return row ?? null;
}

export async function insertImportAsset(
  db: DbOrTx,
  values: { title: string; sourceRef: string; createdBy: string | null },
) {
  const [row] = await db
    .insert(mediaAssets)
    .values({ provider: 'local', status: 'processing', progress: 0, ...values })
    .returning();
  return row!;
}

/** Puts a failed asset back to preparing, for the job to take it again. */
export async function restartAsset(db: DbOrTx, id: string, { forgetProviderAsset = false } = {}) {
  const [row] = await db
    .update(mediaAssets)
    .set({
      status: 'processing',
      progress: 0,
      error: null,
      ...(forgetProviderAsset ? { externalId: null, playbackId: null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(mediaAssets.id, id))
    .returning();
  return row!;
}
