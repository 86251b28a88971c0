import {
  TRC_CATEGORIES,
  TRC_FILTER_DEBOUNCE_MS,
  TRC_MESSAGES,
  TRC_PAGE_SIZE,
  type TrcCategoryId,
  type TTrcListQuery,
  trcSearchError,
} from '@dance/domain';
import {
  ActiveFilters,
  countFilters,
  countPages,
  EMPTY_FILTERS,
  type LookupProps,
  VideoFilterPanel,
} from '@dance/ui';
import {
  Alert,
  Badge,
  Box,
  Button,
  Container,
  Drawer,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import IconAdjustmentsHorizontal from '@tabler/icons-react/dist/esm/icons/IconAdjustmentsHorizontal.mjs';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useListState } from '../../shared/videos/use-list-state';
import { effectiveSort, type TrcSort } from './list-rules';
import { useTrcFilterOptions, useTrcList } from './queries';
import { TrcCard } from './trc-card';
import { TrcPagination, TrcSortControl } from './trc-list-controls';
import { categoryOfSegment } from './trc-paths';
import { useToastOnError } from './use-toast-on-error';

const SORTS = ['latest', 'oldest', 'title_asc', 'title_desc', 'long_duration', 'short_duration'] as const;

/** Filter lists travel comma-joined in the query string. */
const join = (values: readonly (string | number)[]) => (values.length ? values.join(',') : undefined);

type ListView =
  | { kind: 'category'; category: TrcCategoryId }
  | { kind: 'all' }
  | { kind: 'search'; text: string; error: string | null };

function readView(pathname: string, params: URLSearchParams): ListView {
  const segment = pathname.replace(/\/+$/, '').split('/').pop();
  const category = categoryOfSegment(segment);
  if (category) return { kind: 'category', category };
  if (segment?.toLowerCase() === 'view-all') return { kind: 'all' };
  const text = (params.get('search_query') ?? '').trim();
  return { kind: 'search', text, error: trcSearchError(text) };
}

function labelOf(view: ListView): string {
  if (view.kind === 'category') return TRC_CATEGORIES.find((c) => c.id === view.category)?.screenLabel ?? '';
  return view.kind === 'all' ? 'VIEW ALL' : 'SEARCH RESULTS';
}

/** A look-up over a fixed option list: the text filters it once typing pauses 500 ms (spec 2 §9). */
function useLocalLookup(options: { value: string; label: string; description?: string }[]): LookupProps {
  const [query, setQuery] = useState('');
  const onQueryChange = useCallback((q: string) => setQuery(q.toLowerCase()), []);
  return useMemo(
    () => ({
      options: query ? options.filter((o) => o.label.toLowerCase().includes(query)) : options,
      isLoading: false,
      onQueryChange,
      debounceMs: TRC_FILTER_DEBOUNCE_MS,
    }),
    [options, query, onQueryChange],
  );
}

/**
 * The TRC lists (spec 2 §2): /trc/lesson-plans, /trc/videos, /trc/resources, /trc/view-all (?tag= preselects a
 * tag) and /trc/trc-result?search_query=. Filters (tags, durations, levels, instructors, products), sort toggles
 * (no duration sorts for PDF lists), 15 a page with a window of 5 pages; all kept in the URL.
 */
export function TrcListPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const view = readView(pathname, params);
  const presetTag = view.kind === 'all' ? params.get('tag') : null;

  // /trc/view-all?tag={id}: the tag becomes the list's tag filter (a link from a TRC tag).
  if (presetTag) {
    const next = new URLSearchParams(params);
    const tags = new Set((next.get('tags') ?? '').split(',').filter(Boolean));
    tags.add(presetTag);
    next.set('tags', [...tags].join(','));
    next.delete('tag');
    return <Navigate to={{ search: `?${next.toString()}` }} replace />;
  }
  return <TrcList key={view.kind === 'category' ? view.category : view.kind} view={view} />;
}

function TrcList({ view }: { view: ListView }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const { state, update } = useListState({ sorts: SORTS });
  const [isFilterOpen, setIsFilterOpen] = useState(false);
  const options = useTrcFilterOptions();
  // Lesson plans and resources are PDFs: no duration sort or filter there (spec 2 §4).
  const isPdfList = view.kind === 'category' && view.category !== 'videos';
  const sort = effectiveSort(state.sort, isPdfList);
  const filters = isPdfList ? { ...state.filters, durations: [] } : state.filters;
  const isSearchBlocked = view.kind === 'search' && view.error !== null;
  const query: TTrcListQuery = {
    ...(view.kind === 'category' ? { category: view.category } : {}),
    ...(view.kind === 'search' ? { search: view.text } : {}),
    tags: join(filters.tags),
    durations: join(filters.durations),
    levels: join(filters.levels),
    instructors: join(filters.instructors),
    products: join(filters.products),
    sort,
    page: state.page,
    pageSize: TRC_PAGE_SIZE,
  };
  const list = useTrcList(query, !isSearchBlocked);
  useToastOnError(list.isError, TRC_MESSAGES.fetchContentFailed);
  const data = list.data;
  const filterCount = countFilters(filters);
  const label = labelOf(view);

  const instructorOptions = useMemo(
    () => (options.data?.instructors ?? []).map((i) => ({ value: i.id, label: i.name })),
    [options.data],
  );
  const productOptions = useMemo(
    () =>
      (options.data?.products ?? []).map((p) => ({ value: p.id, label: p.title, description: p.subname })),
    [options.data],
  );
  const instructorLookup = useLocalLookup(instructorOptions);
  const productLookup = useLocalLookup(productOptions);
  const names = useMemo(
    () => ({
      tags: new Map((options.data?.tags ?? []).map((t) => [t.id, t.name])),
      instructors: new Map(instructorOptions.map((o) => [o.value, o.label])),
      products: new Map(productOptions.map((o) => [o.value, o.label])),
    }),
    [options.data, instructorOptions, productOptions],
  );

  function goToPage(page: number) {
    update({ page });
    headingRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  const emptyText =
    filterCount > 0 || view.kind === 'search' ? TRC_MESSAGES.noFilterResults : TRC_MESSAGES.noItems;

  return (
    <Container size="xl" py={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="flex-end" gap="sm" mb="md" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} ref={headingRef} fz={{ base: 24, sm: 30 }} lts={1} style={{ scrollMarginTop: 80 }}>
            {label}
          </Title>
          {view.kind === 'search' && !isSearchBlocked && (
            <Text c="dimmed" fz="sm">
              Results for “{view.text}”
            </Text>
          )}
          {data && !isSearchBlocked && (
            <Text fz="sm" c="dimmed">
              {data.total === 1 ? '1 item' : `${data.total} items`}
            </Text>
          )}
        </Stack>
        {!isSearchBlocked && (
          <Group gap="sm" wrap="wrap">
            <Button
              variant="default"
              radius="xl"
              size="sm"
              leftSection={<IconAdjustmentsHorizontal size={16} />}
              rightSection={
                filterCount > 0 ? (
                  <Badge size="sm" circle>
                    {filterCount}
                  </Badge>
                ) : null
              }
              onClick={() => setIsFilterOpen(true)}
              aria-label={filterCount > 0 ? `Filters (${filterCount} applied)` : 'Filters'}
            >
              Filters
            </Button>
            <TrcSortControl
              value={sort}
              isPdfList={isPdfList}
              onChange={(next: TrcSort) => update({ sort: next })}
            />
          </Group>
        )}
      </Group>
      <Box mb="md">
        <ActiveFilters filters={filters} names={names} onChange={(next) => update({ filters: next })} />
      </Box>
      {isSearchBlocked ? (
        <Alert color="yellow" variant="light" role="alert">
          {view.kind === 'search' ? view.error : null}
        </Alert>
      ) : list.isError && !data ? (
        <Alert color="red" variant="light" role="alert">
          <Group gap="sm">
            <Text fz="sm">{TRC_MESSAGES.fetchContentFailed}</Text>
            <Button size="compact-sm" variant="default" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : !data ? (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3, xl: 4 }}
          spacing="lg"
          aria-busy="true"
          aria-label="Loading"
        >
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} h={240} radius="lg" />
          ))}
        </SimpleGrid>
      ) : data.items.length === 0 ? (
        <Stack align="center" gap="sm" py={48}>
          <Text fw={600}>{emptyText}</Text>
          {filterCount > 0 && (
            <Button variant="default" onClick={() => update({ filters: EMPTY_FILTERS })}>
              Clear filters
            </Button>
          )}
        </Stack>
      ) : (
        <Box style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
          <SimpleGrid
            component="ul"
            cols={{ base: 1, xs: 2, md: 3, xl: 4 }}
            spacing="lg"
            verticalSpacing="xl"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            aria-label={`${label} items`}
          >
            {data.items.map((card, index) => (
              <li key={card.id}>
                <TrcCard card={card} isPriority={index < 4} />
              </li>
            ))}
          </SimpleGrid>
          <TrcPagination
            page={state.page}
            totalPages={countPages(data.total, data.pageSize)}
            onChange={goToPage}
            label={`${label} pages`}
          />
        </Box>
      )}
      <Drawer
        opened={isFilterOpen}
        onClose={() => setIsFilterOpen(false)}
        title={`Filter ${label}`}
        position={isMobile ? 'bottom' : 'right'}
        size={isMobile ? '85%' : 400}
        radius={isMobile ? 'lg' : 0}
      >
        {isFilterOpen && (
          <VideoFilterPanel
            value={filters}
            tags={options.data?.tags ?? []}
            instructorLookup={instructorLookup}
            productLookup={productLookup}
            hasDurations={!isPdfList}
            onApply={(next) => {
              update({ filters: next });
              setIsFilterOpen(false);
            }}
          />
        )}
      </Drawer>
    </Container>
  );
}
