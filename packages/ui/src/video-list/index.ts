export { ActiveFilters } from './active-filters';
export { EmptyState } from './empty-state';
export { countPages, describeRange, ListPagination } from './list-pagination';
export {
  countFilters,
  createShuffleSeed,
  EMPTY_FILTERS,
  type ListSort,
  type ListState,
  paramName,
  readListState,
  type VideoFilterValue,
  writeListState,
} from './list-state';
export { type CheckOption, type LookupProps, SearchableCheckList } from './searchable-check-list';
export { LIST_SORTS, SORT_LABELS, SortSelect } from './sort-select';
export { VideoFilterPanel } from './video-filter-panel';
