import { TRC_PDF_ZOOM } from '@dance/domain';

/** The PDF viewer's arithmetic (spec 2 §9: zoom 0.5 to 3 in steps of 0.1), kept pure for tests. */
export const PDF_ZOOM = { min: TRC_PDF_ZOOM.min, max: TRC_PDF_ZOOM.max, step: TRC_PDF_ZOOM.step, initial: 1 };
/** Milliseconds a zoom waits before the pages render again at the new scale (spec 2 §9). */
export const PDF_ZOOM_RENDER_DEBOUNCE_MS = TRC_PDF_ZOOM.renderDebounceMs;
/** Pixels between the pages of a spread (spec 2 §9). */
export const PDF_PAGE_GAP = TRC_PDF_ZOOM.pageGap;

/** A zoom rounded to the 0.1 grid and kept within 0.5..3. */
export function clampZoom(zoom: number): number {
  const rounded = Math.round(zoom * 10) / 10;
  return Math.min(PDF_ZOOM.max, Math.max(PDF_ZOOM.min, rounded));
}

export function zoomIn(zoom: number): number {
  return clampZoom(zoom + PDF_ZOOM.step);
}

export function zoomOut(zoom: number): number {
  return clampZoom(zoom - PDF_ZOOM.step);
}

/**
 * The first page of the view that shows `page` (1-based): with two-page spreads the views are 1-2, 3-4, …
 * (a lesson plan reads as sheets, not as a bound book with a lone cover).
 */
export function viewStart(page: number, pagesPerView: 1 | 2): number {
  const safe = Math.max(1, Math.floor(page));
  return pagesPerView === 1 ? safe : safe - ((safe - 1) % 2);
}

/** The pages a view starting at `start` shows. */
export function pagesInView(start: number, pagesPerView: 1 | 2, pageCount: number): number[] {
  const pages: number[] = [];
  for (let page = start; page < start + pagesPerView && page <= pageCount; page += 1) pages.push(page);
  return pages;
}

export function nextViewStart(start: number, pagesPerView: 1 | 2, pageCount: number): number {
  const next = start + pagesPerView;
  return next > pageCount ? start : next;
}

export function previousViewStart(start: number, pagesPerView: 1 | 2): number {
  return Math.max(1, start - pagesPerView);
}

/** "Page 3 of 12" or "Pages 3-4 of 12". */
export function describeView(pages: number[], pageCount: number): string {
  if (pages.length === 0) return '';
  if (pages.length === 1) return `Page ${pages[0]} of ${pageCount}`;
  return `Pages ${pages[0]}-${pages[pages.length - 1]} of ${pageCount}`;
}

/**
 * The CSS scale that fits a view's pages side by side (gaps between them) inside `width` x `height` pixels,
 * before zoom: a whole spread is visible at zoom 1. `pages` are the pages' sizes at scale 1 (PDF points).
 */
export function fitScale(
  width: number,
  height: number,
  pages: ReadonlyArray<{ width: number; height: number }>,
): number {
  const gaps = PDF_PAGE_GAP * Math.max(0, pages.length - 1);
  const totalWidth = pages.reduce((sum, page) => sum + page.width, 0);
  const tallest = pages.reduce((max, page) => Math.max(max, page.height), 0);
  if (totalWidth <= 0 || tallest <= 0 || width <= gaps || height <= 0) return 1;
  return Math.min((width - gaps) / totalWidth, height / tallest);
}
