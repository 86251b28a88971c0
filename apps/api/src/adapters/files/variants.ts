import { IMAGE_VARIANT_WIDTHS, variantKey } from '@dance/domain';
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { RasterType } from './sniff';

export interface ImageVariant {
  width: number;
  key: string;
  body: Buffer;
}

/** A file whose type was sniffed as a raster image, but whose pixels cannot be decoded (cut short, damaged). */
export class UnreadableImageError extends Error {}

/**
 * A raster upload without what a phone writes beside the pixels: EXIF (GPS position, device, time), XMP, IPTC and
 * PNG text. Members upload photos taken on their phones, and every upload is served publicly. An image that
 * carries none of it is kept byte for byte; one that does is re-encoded in its own format (high quality; PNG
 * is lossless; the colour profile is kept), turned upright by its EXIF orientation first, since the orientation
 * goes with the rest. Throws UnreadableImageError when libvips cannot decode it.
 */
export async function withoutMetadata(body: Buffer, type: RasterType): Promise<Buffer> {
  let meta: Metadata;
  try {
    meta = await sharp(body, { failOn: 'error' }).metadata();
  } catch {
    throw new UnreadableImageError();
  }
  if (!meta.exif && !meta.xmp && !meta.iptc && !meta.comments?.length && !meta.tifftagPhotoshop) return body;
  const isAnimated = (meta.pages ?? 1) > 1;
  const image = sharp(body, { failOn: 'error', animated: isAnimated }).keepIccProfile();
  try {
    return await REENCODE[type](isAnimated ? image : image.autoOrient()).toBuffer();
  } catch {
    throw new UnreadableImageError();
  }
}

/** How each raster type is written again without its metadata: high quality, PNG lossless. */
const REENCODE: Record<RasterType, (image: Sharp) => Sharp> = {
  'image/jpeg': (image) => image.jpeg({ quality: 92 }),
  'image/png': (image) => image.png(),
  'image/webp': (image) => image.webp({ quality: 92 }),
  'image/avif': (image) => image.avif({ quality: 80 }),
};

/**
 * The WebP variants of a raster image stored at `key` (decision 0063): one per width of IMAGE_VARIANT_WIDTHS no
 * wider than the image (never upscaled), turned upright by its EXIF orientation as browsers show the original,
 * without metadata. An image narrower than the smallest width, or animated, gets none. Throws
 * UnreadableImageError when libvips cannot decode it. `effort` is WebP's encoder effort (0-6, sharp's default 4);
 * the demo's seed draws its pictures at 1, a third faster, for files that are a few per cent larger.
 */
export async function makeWebpVariants(
  body: Buffer,
  key: string,
  { effort = 4 }: { effort?: number } = {},
): Promise<ImageVariant[]> {
  // 'error' refuses damaged files; warnings (odd but displayable JPEGs from phones) pass, as browsers show them.
  const input = () => sharp(body, { failOn: 'error' });
  let width: number;
  try {
    const meta = await input().metadata();
    if ((meta.pages ?? 1) > 1) return [];
    width = meta.autoOrient?.width ?? meta.width;
  } catch {
    throw new UnreadableImageError();
  }
  const widths = IMAGE_VARIANT_WIDTHS.filter((w) => w <= width);
  try {
    return await Promise.all(
      widths.map(async (w) => ({
        width: w,
        key: variantKey(key, w),
        body: await input().autoOrient().resize({ width: w }).webp({ quality: 78, effort }).toBuffer(),
      })),
    );
  } catch {
    throw new UnreadableImageError();
  }
}
