import { randomUUID } from 'node:crypto';
import {
  COMMENT_IMAGE_MAX_BYTES,
  IMAGE_UNREADABLE_MESSAGE,
  MAX_SVG_UPLOAD_BYTES,
  MESSAGES,
  markVariants,
  policy,
  SVG_TOO_LARGE_MESSAGE,
  UPLOAD_PURPOSES,
  UPLOAD_TYPE_MESSAGE,
  ZUploadPurpose,
} from '@dance/domain';
import type { FileStore } from '../../adapters/files';
import { sanitizeSvg } from '../../adapters/files/sanitize-svg';
import { isRasterType, sniffImage } from '../../adapters/files/sniff';
import {
  type ImageVariant,
  makeWebpVariants,
  UnreadableImageError,
  withoutMetadata,
} from '../../adapters/files/variants';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { toSessionUser } from '../auth/sessions';
import { releaseUpload, reserveUpload } from './quota';

/** The purposes a member may upload for: a profile image, the images of a comment. Others are admin-only. */
const MEMBER_PURPOSES = new Set<string>(['profile-image', 'comment-image']);
/**
 * The purposes whose raster images get WebP variants (decision 0063): the admin's, which the apps show large. A
 * member's profile image shows as a small avatar and a comment image's URL is matched whole by the comments module.
 */
const VARIANT_PURPOSES = new Set<string>(UPLOAD_PURPOSES.filter((purpose) => !MEMBER_PURPOSES.has(purpose)));
export const hasVariants = (purpose: string) => VARIANT_PURPOSES.has(purpose);
const COMMENT_IMAGE_TOO_LARGE_MESSAGE = `Comment images must be smaller than ${COMMENT_IMAGE_MAX_BYTES / 1024 / 1024}MB`;

export interface ImageUploadContext {
  db: Db;
  files: FileStore;
  quotaBytes: number;
}

/**
 * Stores an uploaded image: members may upload a profile image and comment images (at most 5 MB), other
 * purposes need an admin; the type is
 * read from the bytes (SVG sanitised, a raster image's EXIF and other metadata removed) and the file stored under
 * a random name within the uploader's quota. A
 * raster image shown large gets its WebP variants beside it, made here (a 4000x3000 JPEG takes about 0.6 CPU-seconds,
 * decision 0063), and the URL answered is marked with their widths; one that cannot be decoded is refused
 * before anything is written.
 */
export async function storeImage(
  ctx: ImageUploadContext,
  user: UserRow,
  input: { purpose: string | undefined; body: Buffer | null },
) {
  const parsedPurpose = ZUploadPurpose.safeParse(input.purpose ?? 'profile-image');
  if (!parsedPurpose.success)
    throw new AppError('VALIDATION_FAILED', 'Unknown upload purpose', {
      fields: { purpose: 'Unknown upload purpose' },
    });
  if (!MEMBER_PURPOSES.has(parsedPurpose.data) && !policy.canUseAdminConsole(toSessionUser(user))) {
    throw new AppError('FORBIDDEN', MESSAGES.forbidden);
  }
  const { body } = input;
  if (!body || body.length === 0)
    throw new AppError('VALIDATION_FAILED', 'Please choose a file', {
      fields: { file: 'Please choose a file' },
    });
  if (parsedPurpose.data === 'comment-image' && body.length > COMMENT_IMAGE_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', COMMENT_IMAGE_TOO_LARGE_MESSAGE);
  const sniffed = await sniffImage(body);
  if (!sniffed) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_TYPE_MESSAGE);
  let bytes = body;
  if (sniffed.type === 'image/svg+xml') {
    if (body.length > MAX_SVG_UPLOAD_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', SVG_TOO_LARGE_MESSAGE);
    // Parsed and cleaned (DOMPurify); a file that leaves no SVG root is not an image we can keep.
    const clean = sanitizeSvg(body.toString('utf8'));
    if (clean === null) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_TYPE_MESSAGE);
    bytes = Buffer.from(clean);
  }
  const key = `${parsedPurpose.data}/${new Date().toISOString().slice(0, 7)}/${randomUUID()}.${sniffed.extension}`;
  let variants: ImageVariant[] = [];
  if (isRasterType(sniffed.type)) {
    try {
      // Served publicly: no GPS position or device of the photo goes with it.
      bytes = await withoutMetadata(bytes, sniffed.type);
      if (hasVariants(parsedPurpose.data)) variants = await makeWebpVariants(bytes, key);
    } catch (error) {
      if (!(error instanceof UnreadableImageError)) throw error;
      throw new AppError('VALIDATION_FAILED', IMAGE_UNREADABLE_MESSAGE, {
        fields: { file: IMAGE_UNREADABLE_MESSAGE },
      });
    }
  }
  // The per-user quota (issue 13, 12c), variants included: reserved before the bytes are stored, given back if
  // storing fails.
  const reservation = await reserveUpload(ctx.db, {
    uploaderId: user.id,
    kind: 'image',
    key,
    sizeBytes: variants.reduce((total, v) => total + v.body.length, bytes.length),
    quotaBytes: ctx.quotaBytes,
    variantWidths: variants.map((v) => v.width),
  });
  try {
    const { url } = await ctx.files.put(key, bytes, sniffed.type);
    await Promise.all(variants.map((v) => ctx.files.put(v.key, v.body, 'image/webp')));
    const widths = variants.map((v) => v.width);
    return { url: markVariants(url, widths), contentType: sniffed.type, size: bytes.length };
  } catch (error) {
    await releaseUpload(ctx.db, reservation);
    throw error;
  }
}
