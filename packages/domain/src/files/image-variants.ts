/**
 * Responsive variants of uploaded raster images (decision 0063). The API makes WebP copies of an upload at the
 * widths of IMAGE_VARIANT_WIDTHS no wider than the original, stores each beside it under `variantKey`, and marks
 * the URL it answers with the widths it made: `/files/thumbnail/2026-11/abc.jpg#webp=320,640,960`. The fragment
 * never reaches a server (the original is served as before, from disk or the CDN); an app that knows the mark
 * builds a `srcset` of exactly the variants that exist, and one that does not shows the original.
 */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 960, 1280] as const;

const MARK = /#webp=(\d+(?:,\d+)*)$/;

/** The key (or URL path) of the WebP variant `width` wide of the original at `key`: `a/b.jpg` -> `a/b.w640.webp`. */
export function variantKey(key: string, width: number): string {
  const slash = key.lastIndexOf('/');
  const dot = key.lastIndexOf('.');
  const stem = dot > slash ? key.slice(0, dot) : key;
  return `${stem}.w${width}.webp`;
}

/** The URL marked with the widths of its variants (none: the URL as it is). */
export function markVariants(url: string, widths: readonly number[]): string {
  const plain = url.replace(MARK, '');
  return widths.length ? `${plain}#webp=${widths.join(',')}` : plain;
}

/**
 * What an <img> needs for an image URL: `src` the original (its mark removed) and, where the URL is marked,
 * `srcSet` listing its WebP variants with their widths. Unmarked URLs (SVG, GIF, links, older uploads not yet
 * backfilled) answer no srcSet and show as before.
 */
export function responsiveImage(url: string): { src: string; srcSet?: string } {
  const mark = MARK.exec(url);
  if (!mark) return { src: url };
  const src = url.slice(0, mark.index);
  const widths = mark[1]!.split(',').map(Number);
  return { src, srcSet: widths.map((width) => `${variantKey(src, width)} ${width}w`).join(', ') };
}
