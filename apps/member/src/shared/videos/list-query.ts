import type { TVideoListParams } from '@dance/api-client';
import { LIBRARY_PAGE_SIZE, SORT_OPTIONS, type TSort } from '@dance/domain';
import type { ListSort, ListState } from '@dance/ui';

export type SectionSource = { kind: 'library'; categoryId?: string } | { kind: 'class' } | { kind: 'saved' };

export const SORTS_WITH_SHUFFLE: readonly ListSort[] = [...SORT_OPTIONS, 'shuffle'];

/** A page of a list: its filters, sort and page. */
export function pageQueryOf(state: ListState) {
  return {
    ...state.filters,
    sort: state.sort as TSort,
    page: state.page,
    pageSize: LIBRARY_PAGE_SIZE,
    ...(state.sort === 'shuffle' && state.seed !== undefined ? { seed: state.seed } : {}),
  };
}

/**
 * What a section asks the video list for: its page and its source's category or kind. The app's start asks
 * for the same on a library page (features/library/preload-library.ts), so the section finds it cached.
 */
export function listQueryOf(source: SectionSource, state: ListState): TVideoListParams {
  return {
    ...pageQueryOf(state),
    ...(source.kind === 'library' && source.categoryId ? { category: source.categoryId } : {}),
    ...(source.kind === 'class' ? { kind: 'class' as const } : {}),
    ...(source.kind === 'library' && !source.categoryId ? { kind: 'library' as const } : {}),
  };
}
