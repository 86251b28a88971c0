import { formatClock } from '@dance/domain';
import { VideoCard } from '@dance/ui';
import { Alert, Button, Container, Group, Pagination, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useOpenPlayer } from '../../app/play-on-open';
import { useCardWarmUp } from '../../app/warm-up';
import { useToggleSaved } from '../../shared/use-toggle-saved';
import { useHistory, useRemoveHistory } from './queries';

/**
 * /History: the videos the member watched, most recent first, with how far they got (issue 4 replaces
 * the spec's static placeholder rows with the real history).
 */
export function HistoryPage() {
  const [page, setPage] = useState(1);
  const history = useHistory(page);
  const remove = useRemoveHistory();
  const saved = useToggleSaved();
  const openPlayer = useOpenPlayer();
  const warmUp = useCardWarmUp();
  const data = history.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          History
        </Title>
        {history.isPending && <Text>loading....</Text>}
        {history.isError && (
          <Alert color="red" variant="light" title="Your history could not be loaded">
            <Group gap="sm">
              <Text fz="sm">Check your connection and try again.</Text>
              <Button size="compact-sm" variant="light" color="red" onClick={() => void history.refetch()}>
                Retry
              </Button>
            </Group>
          </Alert>
        )}
        {data && data.items.length === 0 && <Text c="dimmed">No Videos To Show</Text>}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg" data-testid="history">
          {data?.items.map((item) => (
            <Stack key={item.video.id} gap={6}>
              <VideoCard
                video={item.video}
                onOpen={openPlayer}
                onIntent={warmUp.onIntent}
                onIntentEnd={warmUp.onIntentEnd}
                onToggleSaved={saved.toggleSaved}
                isSaving={saved.isSaving(item.video.id)}
                progress={item.progress}
              />
              <Group justify="space-between" gap="xs">
                <Text fz="xs" c="dimmed">
                  {item.isCompleted
                    ? 'Watched'
                    : `${formatClock(item.positionSeconds)} of ${formatClock(item.durationSeconds)}`}{' '}
                  · {new Date(item.watchedAt).toLocaleDateString()}
                </Text>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  color="gray"
                  onClick={() => remove.mutate(item.video.id)}
                  aria-label={`Remove ${item.video.title} from history`}
                >
                  Remove
                </Button>
              </Group>
            </Stack>
          ))}
        </SimpleGrid>
        {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} siblings={2} />}
      </Stack>
    </Container>
  );
}
