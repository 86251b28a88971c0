import { useSearchVideos } from '@dance/api-client';
import { countOf, SEARCH_MIN_CHARS, SEARCH_PAGE_SIZE, type TSearchQuery } from '@dance/domain';
import { EmptyState, LIST_SORTS, ListPagination, type ListSort, SortSelect } from '@dance/ui';
import { Alert, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useListState } from '../../shared/videos/use-list-state';
import { VideoGrid, VideoGridSkeleton } from '../../shared/videos/video-grid';

const SEARCH_SORTS: readonly ListSort[] = ['relevance', ...LIST_SORTS];

/**
 * Search results (spec 1 §2, §5, §9): /result?search_query=, 24 a page, best matches first by default,
 * and the six sorts. The header's search box starts it.
 */
export function SearchPage() {
  const [params] = useSearchParams();
  const text = (params.get('search_query') ?? '').trim();
  const isSearchable = text.length >= SEARCH_MIN_CHARS;
  const { state, update } = useListState({ defaultSort: 'relevance', sorts: SEARCH_SORTS });
  const query: TSearchQuery = {
    q: text,
    sort: state.sort as TSearchQuery['sort'],
    page: state.page,
    pageSize: SEARCH_PAGE_SIZE,
  };
  const results = useSearchVideos(query, { isEnabled: isSearchable });
  const data = results.data;

  function goToPage(page: number) {
    update({ page });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      <Group justify="space-between" align="flex-end" mb="lg" gap="sm" wrap="wrap">
        <Stack gap={4}>
          <Text tt="uppercase" fw={700} fz="xs" lts={2} c="var(--mantine-color-stage-light-color)">
            Search results
          </Text>
          <Title order={1} fz={{ base: 24, sm: 32 }}>
            {isSearchable ? <>Results for “{text}”</> : 'Search the library'}
          </Title>
          {data && isSearchable && (
            <Text fz="sm" c="dimmed">
              {countOf(data.total, 'video')}
            </Text>
          )}
        </Stack>
        {isSearchable && (
          <SortSelect value={state.sort} onChange={(sort) => update({ sort })} sorts={SEARCH_SORTS} />
        )}
      </Group>
      {!isSearchable ? (
        <EmptyState
          message={`Type at least ${SEARCH_MIN_CHARS} characters in the search box to find videos.`}
        />
      ) : results.isError && !data ? (
        <Alert color="red" variant="light" title="The search could not run">
          Check your connection and try again.
        </Alert>
      ) : !data ? (
        <VideoGridSkeleton />
      ) : data.items.length === 0 ? (
        <EmptyState message={`No videos match “${text}”.`}>
          <Text fz="sm" c="dimmed">
            Try another spelling, an instructor's name or a style such as Ballet or Jazz.
          </Text>
          <Button component={Link} to="/AllVideos" variant="light">
            Browse all videos
          </Button>
        </EmptyState>
      ) : (
        <Box style={{ opacity: results.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
          <VideoGrid videos={data.items} label="Search results" />
          <ListPagination
            page={state.page}
            pageSize={data.pageSize}
            total={data.total}
            onChange={goToPage}
            label="Search result pages"
          />
        </Box>
      )}
    </Container>
  );
}
