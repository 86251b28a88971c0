/**
 * The widths the home page's images show at, as `sizes` (decision 0063); the <img>s and their preloads
 * (public/early.js, kept the same by early-js.test.tsx) share them, so a preload fetches the variant the image
 * then uses.
 */

/** The banner spans the page: the screen less its padding, and less the sidebar from 992 px. */
export const BANNER_IMAGE_SIZES = '(max-width: 61.93em) calc(100vw - 32px), calc(100vw - 280px)';
/** The home rows' cards are at most 280 px wide (home.module.css, .scroller). */
export const ROW_IMAGE_SIZES = '280px';
