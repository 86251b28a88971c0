/**
 * The poster image for a <video> as wide as the screen: the narrowest WebP variant (decision 0063) that covers
 * the screen's device pixels, else the original, so a phone does not fetch the 1280 px JPEG. A marked URL names
 * its variants' widths (`/files/posters/a.jpg#webp=320,640` has `a.w320.webp` and `a.w640.webp` beside it,
 * `variantKey` of @dance/domain). public/early.js preloads the same file for a player page (early-js.test.tsx
 * keeps the two equal). Written out here rather than imported: this runs in the player's lazy chunks, and a
 * domain import shared with the first page made the first page load one more file.
 */
export function screenPoster(url: string): string {
  const mark = /#webp=(\d+(?:,\d+)*)$/.exec(url);
  if (!mark?.[1]) return url;
  const src = url.slice(0, mark.index);
  const pixels = window.innerWidth * window.devicePixelRatio;
  // The widths are marked in ascending order (markVariants).
  const width = mark[1]
    .split(',')
    .map(Number)
    .find((w) => w >= pixels);
  if (width === undefined) return src;
  const slash = src.lastIndexOf('/');
  const dot = src.lastIndexOf('.');
  return `${dot > slash ? src.slice(0, dot) : src}.w${width}.webp`;
}
