import { markVariants } from '@dance/domain';
import type { FileStore } from '../../adapters/files';
import { isRasterType, RASTER_EXTENSIONS, sniffImage } from '../../adapters/files/sniff';
import { makeWebpVariants, UnreadableImageError, withoutMetadata } from '../../adapters/files/variants';
import { defineJob } from '../../jobs';
import {
  imageUrlColumns,
  pendingMetadataUploads,
  pendingVariantUploads,
  replaceImageUrl,
  setMetadataFree,
  setVariantWidths,
} from './queries';
import { hasVariants } from './service';

export const IMAGE_VARIANTS_BACKFILL_JOB = 'image-variants-backfill';
const BATCH = 20;

/**
 * Gives uploads older than the variants (decision 0063) theirs, once at start: each pending image is read from the
 * file store, its WebP variants stored beside it, every stored reference to its URL marked with their widths,
 * then the row; an image that cannot have variants (SVG, GIF, a member's, gone, damaged) is recorded with none.
 * Idempotent: a row is done once it is recorded, and storing or marking again writes the same.
 * The variants of older uploads are not charged to the uploader's quota: they did not choose them.
 */
export const imageVariantsBackfillJob = defineJob({
  name: IMAGE_VARIANTS_BACKFILL_JOB,
  options: { retryLimit: 3, retryDelay: 60, retryBackoff: true },
  onStart: async (_app, boss) => {
    await boss.send(
      IMAGE_VARIANTS_BACKFILL_JOB,
      {},
      { singletonKey: 'image-variants:start', singletonSeconds: 300 },
    );
  },
  handler: async (app) => {
    const columns = await imageUrlColumns(app.db);
    for (;;) {
      const batch = await pendingVariantUploads(app.db, BATCH);
      if (batch.length === 0) return;
      for (const { id, key } of batch) {
        const widths = await backfillOne(app.files, key);
        const url = app.files.urlOf(key);
        if (widths.length) await replaceImageUrl(app.db, columns, url, markVariants(url, widths));
        await setVariantWidths(app.db, id, widths);
      }
    }
  },
});

async function backfillOne(files: FileStore, key: string): Promise<number[]> {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  if (!hasVariants(key.split('/')[0]!) || !RASTER_EXTENSIONS.has(extension)) return [];
  const original = await files.read(key);
  if (!original) return [];
  try {
    const variants = await makeWebpVariants(original, key);
    await Promise.all(variants.map((v) => files.put(v.key, v.body, 'image/webp')));
    return variants.map((v) => v.width);
  } catch (error) {
    if (error instanceof UnreadableImageError) return [];
    throw error;
  }
}

export const IMAGE_METADATA_BACKFILL_JOB = 'image-metadata-backfill';

/**
 * Takes the metadata out of images stored before uploads lost it on the way in (decision 0063's addendum), once
 * at start: a member's phone photo uploaded earlier still told everyone where it was taken. Each pending image
 * is read from the file store and, when it carries EXIF, XMP, IPTC or PNG text, stored again under the same key
 * without it (its URL and variants stay; the variants never had any), its size corrected; then the row is
 * recorded as checked. An image that is gone, not raster or damaged is recorded as it is. Idempotent.
 */
export const imageMetadataBackfillJob = defineJob({
  name: IMAGE_METADATA_BACKFILL_JOB,
  options: { retryLimit: 3, retryDelay: 60, retryBackoff: true },
  onStart: async (_app, boss) => {
    await boss.send(
      IMAGE_METADATA_BACKFILL_JOB,
      {},
      { singletonKey: 'image-metadata:start', singletonSeconds: 300 },
    );
  },
  handler: async (app) => {
    for (;;) {
      const batch = await pendingMetadataUploads(app.db, BATCH);
      if (batch.length === 0) return;
      for (const { id, key } of batch)
        await setMetadataFree(app.db, id, await removeMetadata(app.files, key));
    }
  },
});

/** Stores the image at `key` again without its metadata when it has some; answers the change in its size. */
async function removeMetadata(files: FileStore, key: string): Promise<number> {
  const original = await files.read(key);
  const sniffed = original && (await sniffImage(original));
  if (!original || !sniffed || !isRasterType(sniffed.type)) return 0;
  let clean: Buffer;
  try {
    clean = await withoutMetadata(original, sniffed.type);
  } catch (error) {
    if (error instanceof UnreadableImageError) return 0;
    throw error;
  }
  if (clean === original) return 0;
  await files.put(key, clean, sniffed.type);
  return clean.length - original.length;
}
