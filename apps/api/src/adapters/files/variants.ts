import { IMAGE_VARIANT_WIDTHS, variantKey } from '@dance/domain';
import sharp from 'sharp';

export interface ImageVariant {
  width: number;
  key: string;
  body: Buffer;
}

/** A file whose type was sniffed as a raster image, but whose pixels cannot be decoded (cut short, damaged). */
export class UnreadableImageError extends Error {}

/**
 * The WebP variants of a raster image stored at `key` (decision 0063): one per width of IMAGE_VARIANT_WIDTHS no
 * wider than the image (never upscaled), turned upright by its EXIF orientation as browsers show the original,
 * without metadata. An image narrower than the smallest width, or animated, gets none. Throws
 * UnreadableImageError when libvips cannot decode it.
 */
export async function makeWebpVariants(body: Buffer, key: string): Promise<ImageVariant[]> {
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
        body: await input().autoOrient().resize({ width: w }).webp({ quality: 78 }).toBuffer(),
      })),
    );
  } catch {
    throw new UnreadableImageError();
  }
}
