import { SORT_OPTIONS } from '@dance/domain';
import { NativeSelect } from '@mantine/core';
import type { ListSort } from './list-state';

/** Labels of the sorts of spec 1 §9 (and relevance for search). */
export const SORT_LABELS: Record<ListSort, string> = {
  relevance: 'Best match',
  latest: 'Latest',
  oldest: 'Oldest',
  title_asc: 'Title A-Z',
  title_desc: 'Title Z-A',
  long_duration: 'Longest first',
  short_duration: 'Shortest first',
  shuffle: 'Shuffled',
};

/** The sorts of every list (the library's own, shared with the API). */
export const LIST_SORTS = SORT_OPTIONS;

/** The sort picker: a native select, so phones show their own picker. */
export function SortSelect({
  value,
  onChange,
  sorts = LIST_SORTS,
  label = 'Sort by',
}: {
  value: ListSort;
  onChange: (sort: ListSort) => void;
  sorts?: readonly ListSort[];
  label?: string;
}) {
  // A shuffled list shows "Shuffled" until another sort is picked.
  const options = value === 'shuffle' && !sorts.includes('shuffle') ? [...sorts, 'shuffle' as const] : sorts;
  return (
    <NativeSelect
      aria-label={label}
      size="sm"
      radius="xl"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as ListSort)}
      data={options.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }))}
      w={170}
    />
  );
}
