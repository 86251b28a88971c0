import { useSavedVideos, useVideos } from '@dance/api-client';
import { countOf, FIRST_PAGE_MESSAGES, type TVideoPage } from '@dance/domain';
import {
  ActiveFilters,
  countFilters,
  createShuffleSeed,
  EmptyState,
  ListPagination,
  type ListState,
  SortSelect,
  VideoFilterPanel,
} from '@dance/ui';
import { Alert, Badge, Box, Button, Drawer, Group, Modal, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import IconAdjustmentsHorizontal from '@tabler/icons-react/dist/esm/icons/IconAdjustmentsHorizontal.mjs';
import IconArrowsShuffle from '@tabler/icons-react/dist/esm/icons/IconArrowsShuffle.mjs';
import { type ReactNode, startTransition, useDeferredValue, useId, useRef, useState } from 'react';
import { hydratesApart } from '../../app/hydrates-apart';
import { listQueryOf, pageQueryOf, type SectionSource, SORTS_WITH_SHUFFLE } from './list-query';
import { useFilterLookups } from './use-filter-lookups';
import { useListState } from './use-list-state';
import { VideoGrid, VideoGridSkeleton } from './video-grid';

/** Loads the section's page from the endpoint its source uses. */
function useSectionPage(source: SectionSource, state: ListState) {
  const isSaved = source.kind === 'saved';
  const list = useVideos(listQueryOf(source, state), { isEnabled: !isSaved });
  const saved = useSavedVideos(pageQueryOf(state), { isEnabled: isSaved });
  return isSaved ? saved : list;
}

interface VideoListSectionProps {
  title: string;
  titleOrder?: 1 | 2;
  namespace?: string;
  source: SectionSource;
  filterIn?: 'drawer' | 'modal';
  canShuffle?: boolean;
  emptyText?: string;
  /** Shown instead of `emptyText` when the list is empty without any filter (the saved list). */
  emptyWithoutFilters?: ReactNode;
  intro?: ReactNode;
  /** False for the sections below the page's first: their thumbnails are not the first screen's (VideoGrid). */
  isFirstOnPage?: boolean;
}

/**
 * One list section (spec 2 §2 "Library category sections"): the filter, the sorts, Shuffle, pages of 15
 * and the empty state. Its state lives in the URL (namespaced when the page has several sections).
 *
 * Each section hydrates apart, as its grid of cards does (decision 0075): a tap on a section's controls before
 * the page has hydrated hydrates that section's header and controls, not the page's others.
 */
export const VideoListSection = hydratesApart(ListSection);

function ListSection({
  title,
  titleOrder = 2,
  namespace,
  source,
  filterIn = 'drawer',
  canShuffle = false,
  emptyText = FIRST_PAGE_MESSAGES.noVideosToShow,
  emptyWithoutFilters,
  intro,
  isFirstOnPage = true,
}: VideoListSectionProps) {
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const { state, update } = useListState({ namespace, sorts: SORTS_WITH_SHUFFLE });
  const [isFilterOpen, setIsFilterOpen] = useState(false);
  const filterCount = countFilters(state.filters);
  const pageResult = useSectionPage(source, state);
  const data: TVideoPage | undefined = pageResult.data;

  function goToPage(page: number) {
    update({ page });
    sectionRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  function shuffle() {
    update({ sort: 'shuffle', seed: createShuffleSeed() });
  }

  return (
    <Box component="section" ref={sectionRef} aria-labelledby={headingId} style={{ scrollMarginTop: 80 }}>
      <Group justify="space-between" align="flex-end" gap="sm" mb="md" wrap="wrap">
        <div>
          <Title
            id={headingId}
            order={titleOrder}
            fz={titleOrder === 1 ? { base: 26, sm: 32 } : { base: 22, sm: 26 }}
          >
            {title}
          </Title>
          {data && (
            <Text fz="sm" c="dimmed" mt={2}>
              {countOf(data.total, 'video')}
            </Text>
          )}
          {intro}
        </div>
        <Group gap="xs" wrap="wrap">
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
          <SortSelect value={state.sort} onChange={(sort) => update({ sort, seed: undefined })} />
          {canShuffle && (
            <Button
              variant={state.sort === 'shuffle' ? 'light' : 'default'}
              radius="xl"
              size="sm"
              leftSection={<IconArrowsShuffle size={16} />}
              onClick={shuffle}
            >
              Shuffle
            </Button>
          )}
        </Group>
      </Group>
      <SectionFilters
        title={title}
        filters={state.filters}
        filterIn={filterIn}
        isOpen={isFilterOpen}
        onClose={() => setIsFilterOpen(false)}
        onApply={(filters) => {
          // The drawer closes at once; the new list (every section reads the address) renders after it.
          setIsFilterOpen(false);
          startTransition(() => update({ filters }));
        }}
        onChange={(filters) => update({ filters })}
      />
      {pageResult.isError && !data ? (
        <Alert color="red" variant="light" title="Videos could not be loaded">
          <Group gap="sm">
            <Text fz="sm">Check your connection and try again.</Text>
            <Button size="compact-sm" variant="light" color="red" onClick={() => void pageResult.refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      ) : !data ? (
        <VideoGridSkeleton />
      ) : data.items.length === 0 ? (
        filterCount === 0 && emptyWithoutFilters ? (
          emptyWithoutFilters
        ) : (
          <EmptyState message={emptyText}>
            {filterCount > 0 && (
              <Button
                variant="light"
                onClick={() =>
                  update({ filters: { tags: [], durations: [], levels: [], instructors: [], products: [] } })
                }
              >
                Clear filters
              </Button>
            )}
          </EmptyState>
        )
      ) : (
        <Box style={{ opacity: pageResult.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
          <VideoGrid videos={data.items} label={`${title} videos`} isFirstOnPage={isFirstOnPage} />
          <ListPagination
            page={state.page}
            pageSize={data.pageSize}
            total={data.total}
            onChange={goToPage}
            label={`${title} pages`}
          />
        </Box>
      )}
    </Box>
  );
}

// The panel still blocks the page's scrolling by touch and wheel, but leaves the body's overflow alone:
// hiding the page's scroll bar re-laid out the whole page of cards in the frame of the tap, most of the
// open's 130 ms after its handlers on a slow phone (INP, issue 21 item 3, decision 0065).
const removeScrollProps = { removeScrollBar: false };

/**
 * The section's applied-filter pills and its filter panel. They alone read the filter's look-ups, so the
 * look-ups' answers, which arrive once the page is idle, re-render these and not the whole section. React Query
 * delivers them as store updates, which React renders synchronously: before, each one re-rendered every
 * section's header and controls in one task, three sections on /AllVideos (issue 21 item 3).
 */
function SectionFilters({
  title,
  filters,
  filterIn,
  isOpen,
  onClose,
  onApply,
  onChange,
}: {
  title: string;
  filters: ListState['filters'];
  filterIn: 'drawer' | 'modal';
  isOpen: boolean;
  onClose: () => void;
  onApply: (filters: ListState['filters']) => void;
  onChange: (filters: ListState['filters']) => void;
}) {
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  // The drawer paints at once and its panel (tags, lookups) renders right after, at lower priority, so a tap
  // on Filters answers within a frame on a slow phone (INP, issue 21 item 3). The look-ups' requests start with
  // the panel too: started by the tap, they ran in its task (three fetches, 25-30 ms on the slow phone).
  const deferredIsOpen = useDeferredValue(isOpen);
  // Closing hides the panel (and stops the look-ups) at once; opening shows it with the deferred render.
  const isPanelReady = isOpen && deferredIsOpen;
  const lookups = useFilterLookups({
    isPanelOpen: isPanelReady,
    hasAppliedFilters: countFilters(filters) > 0,
  });
  const panel = isPanelReady && (
    <VideoFilterPanel
      value={filters}
      tags={lookups.tags}
      instructorLookup={lookups.instructorLookup}
      productLookup={lookups.productLookup}
      onApply={onApply}
    />
  );
  const filterTitle = `Filter ${title}`;
  return (
    <>
      <Box mb="md">
        <ActiveFilters filters={filters} names={lookups.names} onChange={onChange} />
      </Box>
      {filterIn === 'modal' ? (
        <Modal
          opened={isOpen}
          onClose={onClose}
          title={filterTitle}
          size="lg"
          radius="lg"
          removeScrollProps={removeScrollProps}
        >
          {panel}
        </Modal>
      ) : (
        <Drawer
          opened={isOpen}
          onClose={onClose}
          title={filterTitle}
          position={isMobile ? 'bottom' : 'right'}
          size={isMobile ? '85%' : 400}
          radius={isMobile ? 'lg' : 0}
          removeScrollProps={removeScrollProps}
        >
          {panel}
        </Drawer>
      )}
    </>
  );
}
