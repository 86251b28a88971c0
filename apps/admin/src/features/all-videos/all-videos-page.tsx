import { ApiError } from '@dance/api-client';
import {
  canRunVideoSearch,
  MEDIA_STATE_TEXTS,
  SORT_OPTIONS,
  type SortOption,
  type TAdminVideo,
} from '@dance/domain';
import { confirm, toast } from '@dance/ui';
import {
  Alert,
  Card,
  CloseButton,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconMoodEmpty, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useRevealDelay } from '../../components/use-reveal-delay';
import { WindowPagination } from '../../components/window-pagination';
import { EditVideoModal } from './edit-video-modal';
import { useAdminVideos, useDeleteVideo, useRetryVideoMedia } from './queries';
import { VideoCard } from './video-card';

export const SORT_LABELS: Record<SortOption, string> = {
  latest: 'Latest',
  oldest: 'Oldest',
  title_asc: 'Title A–Z',
  title_desc: 'Title Z–A',
  long_duration: 'Longest first',
  short_duration: 'Shortest first',
};

/** Spec 9: filter text waits 500 ms after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 500;

const readSort = (value: string | null): SortOption =>
  SORT_OPTIONS.includes(value as SortOption) ? (value as SortOption) : 'latest';
const readPage = (value: string | null) => Math.max(1, Number.parseInt(value ?? '1', 10) || 1);

/** /AdminDashboard/AllVideos: the admin's landing page (spec 3 §2). Search, sort and page live in the URL. */
export function AllVideosPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const sort = readSort(params.get('sort'));
  const page = readPage(params.get('page'));
  const [term, setTerm] = useState(search);
  const [debounced] = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  const [editing, setEditing] = useState<TAdminVideo | null>(null);
  const videos = useAdminVideos({ search, sort, page });
  const deleteVideo = useDeleteVideo();
  const retryMedia = useRetryVideoMedia();
  const isRevealed = useRevealDelay(`${search}|${sort}|${page}`);

  // A ref, not the render's closure: a picker may call back with an older handler, which must still
  // start from the address as it is now (or it would bring back a search the admin just cleared).
  const paramsRef = useRef(params);
  paramsRef.current = params;
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(paramsRef.current);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    paramsRef.current = next;
    setParams(next, { replace: true });
  };

  // The search runs only for an empty term or one longer than 2 characters (spec 3 §5).
  useEffect(() => {
    const trimmed = debounced.trim();
    if (trimmed !== search && canRunVideoSearch(trimmed)) update({ search: trimmed, page: null });
  }, [debounced]);

  async function handleDelete(video: TAdminVideo) {
    const isConfirmed = await confirm({
      title: 'Delete this video?',
      message: `"${video.title}" will be removed from the library, from members' saved videos and from search. This cannot be undone.`,
      confirmLabel: 'Delete',
      cancelLabel: 'Cancel',
      danger: true,
    });
    if (!isConfirmed) return;
    deleteVideo.mutate(video.id, {
      onSuccess: () => toast.success('Video deleted'),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) return;
        toast.failure('The video was not deleted', error);
      },
    });
  }

  function handleRetryMedia(video: TAdminVideo) {
    retryMedia.mutate(video.id, {
      onSuccess: () => toast.success(MEDIA_STATE_TEXTS.retried),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) return;
        toast.failure('Retry failed', error);
      },
    });
  }

  const data = videos.data;
  const isShowingList = data !== undefined && isRevealed && !(videos.isFetching && videos.isPlaceholderData);
  const isTooShort = !canRunVideoSearch(term);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz="h2">
            All Videos
          </Title>
          <Text c="dimmed" size="sm">
            Every library and class video, released or scheduled.
          </Text>
        </div>
      </Group>

      <Paper withBorder radius="lg" p="md" shadow="xs">
        <Group gap="md" align="flex-start" wrap="wrap">
          <TextInput
            flex="1 1 280px"
            size="md"
            label="Search videos"
            placeholder="Title, instructor, tag or keyword"
            leftSection={<IconSearch size={18} />}
            value={term}
            onChange={(event) => setTerm(event.currentTarget.value)}
            description={isTooShort ? 'Type at least 3 characters to search' : undefined}
            rightSection={
              term ? <CloseButton aria-label="Clear search" onClick={() => setTerm('')} /> : undefined
            }
          />
          <Select
            w={{ base: '100%', xs: 220 }}
            size="md"
            label="Sort by"
            data={SORT_OPTIONS.map((value) => ({ value, label: SORT_LABELS[value] }))}
            value={sort}
            allowDeselect={false}
            onChange={(value) => update({ sort: value === 'latest' ? null : value, page: null })}
          />
        </Group>
      </Paper>

      {videos.isError && !videos.isFetching ? (
        <Alert color="red" icon={<IconAlertTriangle />} title="The videos could not be loaded">
          {videos.error.message}
        </Alert>
      ) : !isShowingList ? (
        <VideoGridSkeleton />
      ) : data.items.length === 0 ? (
        <Card withBorder radius="lg" p="xl">
          <Stack align="center" gap={6} c="dimmed">
            <IconMoodEmpty size={36} stroke={1.5} />
            <Text fw={600}>No items found.</Text>
            {search && <Text size="sm">Nothing matches "{search}".</Text>}
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="lg" aria-label="Videos">
          {data.items.map((video, index) => (
            <VideoCard
              key={video.id}
              video={video}
              onEdit={setEditing}
              onDelete={handleDelete}
              onRetryMedia={handleRetryMedia}
              isRetrying={retryMedia.isPending && retryMedia.variables === video.id}
              isPriority={index < 8}
            />
          ))}
        </SimpleGrid>
      )}

      {data && (
        <WindowPagination
          page={page}
          total={data.total}
          pageSize={data.pageSize}
          noun="videos"
          onChange={(next) => {
            update({ page: next === 1 ? null : String(next) });
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        />
      )}

      <EditVideoModal video={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}

function VideoGridSkeleton() {
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 3, xl: 4 }}
      spacing="lg"
      role="status"
      aria-label="Loading videos"
    >
      {Array.from({ length: 8 }, (_, i) => (
        <Card key={i} withBorder radius="lg" padding="md">
          <Card.Section>
            <Skeleton h={160} radius={0} />
          </Card.Section>
          <Skeleton h={18} mt="md" w="80%" />
          <Skeleton h={12} mt="sm" />
          <Skeleton h={12} mt={6} w="90%" />
          <Skeleton h={32} mt="lg" radius="xl" />
        </Card>
      ))}
    </SimpleGrid>
  );
}
