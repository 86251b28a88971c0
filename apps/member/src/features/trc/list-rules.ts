import { TRC_PAGINATION_WINDOW } from '@dance/domain';
import type { ListSort } from '@dance/ui';

export type TrcSort = 'latest' | 'oldest' | 'title_asc' | 'title_desc' | 'long_duration' | 'short_duration';

/** The sort choices as toggles (spec 2 §4): picking the active one again turns it round. */
export const SORT_TOGGLES = [
  { key: 'date', label: 'Date', sorts: ['latest', 'oldest'] },
  { key: 'title', label: 'Title', sorts: ['title_asc', 'title_desc'] },
  { key: 'duration', label: 'Duration', sorts: ['long_duration', 'short_duration'] },
] as const satisfies ReadonlyArray<{ key: string; label: string; sorts: readonly [TrcSort, TrcSort] }>;
export type SortToggleKey = (typeof SORT_TOGGLES)[number]['key'];

export const SORT_DIRECTION_LABELS: Record<TrcSort, string> = {
  latest: 'newest first',
  oldest: 'oldest first',
  title_asc: 'A to Z',
  title_desc: 'Z to A',
  long_duration: 'longest first',
  short_duration: 'shortest first',
};

/** The sorts a list offers: duration sorts are hidden for PDF lists (spec 2 §4). */
export function sortTogglesFor(isPdfList: boolean) {
  return SORT_TOGGLES.filter((toggle) => !(isPdfList && toggle.key === 'duration'));
}

/** The sort after picking a toggle: its first direction, or the other one when it is already active. */
export function nextSort(current: ListSort, key: SortToggleKey): TrcSort {
  const toggle = SORT_TOGGLES.find((t) => t.key === key) ?? SORT_TOGGLES[0];
  const [first, second] = toggle.sorts;
  if (current === first) return second;
  return first;
}

/** A list's sort within what it offers: a duration sort on a PDF list falls back to latest. */
export function effectiveSort(sort: ListSort, isPdfList: boolean): TrcSort {
  const allowed = sortTogglesFor(isPdfList).flatMap((t) => [...t.sorts]) as TrcSort[];
  return (allowed as string[]).includes(sort) ? (sort as TrcSort) : 'latest';
}

/**
 * The page numbers shown (spec 2 §9: a window of 5 pages): centred on the current page where it can be,
 * shifted at either end so there are always 5 when there are 5 pages or more.
 */
export function pageWindow(page: number, totalPages: number, size = TRC_PAGINATION_WINDOW): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(size, totalPages);
  const current = Math.min(Math.max(1, page), totalPages);
  let start = current - Math.floor(count / 2);
  start = Math.max(1, Math.min(start, totalPages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}
