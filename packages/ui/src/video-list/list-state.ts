import { DURATION_BUCKETS, LEVELS, type Level, SORT_OPTIONS, type SortOption } from '@dance/domain';

/** The five filter dimensions of spec 1 §9. */
export interface VideoFilterValue {
  tags: string[];
  durations: number[];
  levels: Level[];
  instructors: string[];
  products: string[];
}

export type ListSort = SortOption | 'shuffle' | 'relevance';

/** Everything a list shows that lives in the URL, so a view can be shared and reloaded. */
export interface ListState {
  filters: VideoFilterValue;
  sort: ListSort;
  /** The shuffle's seed, so its pages stay stable. */
  seed: number | undefined;
  page: number;
}

export const EMPTY_FILTERS: VideoFilterValue = {
  tags: [],
  durations: [],
  levels: [],
  instructors: [],
  products: [],
};

const FILTER_KEYS = ['tags', 'durations', 'levels', 'instructors', 'products'] as const;
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BUCKET_VALUES: readonly number[] = DURATION_BUCKETS.map((bucket) => bucket.value);
const MAX_SEED = 2_147_483_647;

/** The name of a list's parameter; lists that share a page (the sections of /AllVideos) are namespaced. */
export function paramName(namespace: string | undefined, key: string): string {
  return namespace ? `${namespace}.${key}` : key;
}

function readList(params: URLSearchParams, name: string): string[] {
  const raw = params.get(name);
  if (!raw) return [];
  return [
    ...new Set(
      raw
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}

export function countFilters(filters: VideoFilterValue): number {
  return FILTER_KEYS.reduce((total, key) => total + filters[key].length, 0);
}

/**
 * Reads a list's state from the URL. Values the API would refuse (an unknown sort, bucket or level, a
 * malformed id, a page below 1) are dropped, so an edited or stale link still shows a list.
 */
export function readListState(
  params: URLSearchParams,
  {
    namespace,
    defaultSort = 'latest',
    sorts = [...SORT_OPTIONS, 'shuffle'],
  }: { namespace?: string; defaultSort?: ListSort; sorts?: readonly ListSort[] } = {},
): ListState {
  const name = (key: string) => paramName(namespace, key);
  const filters: VideoFilterValue = {
    tags: readList(params, name('tags')).filter((id) => ID_PATTERN.test(id)),
    durations: readList(params, name('durations'))
      .map(Number)
      .filter((value) => BUCKET_VALUES.includes(value)),
    levels: readList(params, name('levels')).filter((level): level is Level =>
      (LEVELS as readonly string[]).includes(level),
    ),
    instructors: readList(params, name('instructors')).filter((id) => ID_PATTERN.test(id)),
    products: readList(params, name('products')).filter((id) => ID_PATTERN.test(id)),
  };
  const rawSort = params.get(name('sort'));
  const sort =
    rawSort && (sorts as readonly string[]).includes(rawSort) ? (rawSort as ListSort) : defaultSort;
  const rawSeed = Number(params.get(name('seed')));
  const seed =
    sort === 'shuffle' && Number.isInteger(rawSeed) && rawSeed >= 0 && rawSeed <= MAX_SEED
      ? rawSeed
      : undefined;
  const rawPage = Number(params.get(name('page')));
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;
  return { filters, sort, seed, page };
}

/**
 * Writes a list's state into a copy of the URL's parameters. Defaults are left out so links stay short;
 * the other lists' parameters on the same page are kept.
 */
export function writeListState(
  params: URLSearchParams,
  state: ListState,
  { namespace, defaultSort = 'latest' }: { namespace?: string; defaultSort?: ListSort } = {},
): URLSearchParams {
  const next = new URLSearchParams(params);
  const name = (key: string) => paramName(namespace, key);
  for (const key of FILTER_KEYS) {
    const values = state.filters[key];
    if (values.length > 0) next.set(name(key), values.join(','));
    else next.delete(name(key));
  }
  if (state.sort !== defaultSort) next.set(name('sort'), state.sort);
  else next.delete(name('sort'));
  if (state.sort === 'shuffle' && state.seed !== undefined) next.set(name('seed'), String(state.seed));
  else next.delete(name('seed'));
  if (state.page > 1) next.set(name('page'), String(state.page));
  else next.delete(name('page'));
  return next;
}

/** A new seed for Shuffle. */
export function createShuffleSeed(): number {
  return Math.floor(Math.random() * MAX_SEED);
}
