import { responsiveImage } from '@dance/domain';

/**
 * The `src`, `srcSet` and `sizes` of an <img> for an image URL (decision 0063): an upload marked with its WebP
 * variants lists them, so the browser fetches the one that fits `sizes` (the box's width in CSS pixels, by
 * screen); any other URL (SVG, GIF, a link, an older upload) gives `src` alone and shows as before.
 */
export function responsiveImageProps(
  url: string,
  sizes: string,
): { src: string; srcSet?: string; sizes?: string } {
  const { src, srcSet } = responsiveImage(url);
  return srcSet ? { src, srcSet, sizes } : { src };
}

/**
 * The width of a card in the video grids: one column on phones (the page's padding aside), two or three under the
 * sidebar's breakpoint, about 320 px beside the sidebar (three columns at 1280 px).
 */
export const CARD_IMAGE_SIZES = '(max-width: 30em) calc(100vw - 32px), (max-width: 61.93em) 50vw, 320px';
