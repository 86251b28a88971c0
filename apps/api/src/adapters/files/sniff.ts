import { fileTypeFromBuffer } from 'file-type';

export type ImageType =
  | 'image/avif'
  | 'image/gif'
  | 'image/jpeg'
  | 'image/png'
  | 'image/svg+xml'
  | 'image/webp';
const EXTENSIONS: Record<ImageType, string> = {
  'image/avif': 'avif',
  'image/gif': 'gif',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/svg+xml': 'svg',
  'image/webp': 'webp',
};

/** The types that get responsive WebP variants (decision 0063): SVG scales by itself, GIFs are kept animated. */
export type RasterType = 'image/avif' | 'image/jpeg' | 'image/png' | 'image/webp';
export const RASTER_TYPES: ReadonlySet<ImageType> = new Set<RasterType>([
  'image/avif',
  'image/jpeg',
  'image/png',
  'image/webp',
]);
export const isRasterType = (type: ImageType): type is RasterType => RASTER_TYPES.has(type);
/** The extensions uploads of those types are stored under. */
export const RASTER_EXTENSIONS: ReadonlySet<string> = new Set(
  [...RASTER_TYPES].map((type) => EXTENSIONS[type]),
);

/**
 * The real type of an uploaded image, read from its bytes, never from its name or declared type.
 * SVG is text, so it is recognised by its root element.
 */
export async function sniffImage(body: Buffer): Promise<{ type: ImageType; extension: string } | null> {
  const detected = await fileTypeFromBuffer(body);
  if (detected && detected.mime in EXTENSIONS) {
    const type = detected.mime as ImageType;
    return { type, extension: EXTENSIONS[type] };
  }
  // An SVG with an XML prolog is detected as XML: it is read like one without.
  if (!detected || detected.mime === 'application/xml' || detected.mime === 'text/xml') {
    const head = body
      .subarray(0, 1024)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
    if (
      /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>[]*(\[[\s\S]*?\])?\s*>\s*)?<svg[\s/>]/i.test(
        head,
      )
    ) {
      return { type: 'image/svg+xml', extension: 'svg' };
    }
  }
  return null;
}
