import { moveItem, PLAYLIST_MESSAGES, type TPlaylistVideo } from '@dance/domain';
import { toast, useShuffleWithUndo } from '@dance/ui';
import { ActionIcon, Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useFeaturedPlaylist, useSaveFeaturedOrder } from './queries';

/**
 * A featured playlist's videos (spec 3 §4): normal mode, reorder mode (Edit: Move up / Move down, then Save
 * or Cancel), and Shuffle with a Save/Undo prompt that stays until one is chosen and a 7 s lockout.
 */
export function PlaylistOrderPanel({ playlistId, name }: { playlistId: string; name: string }) {
  const detail = useFeaturedPlaylist(playlistId);
  const saveOrder = useSaveFeaturedOrder();
  const [order, setOrder] = useState<TPlaylistVideo[]>([]);
  const [isSorting, setIsSorting] = useState(false);
  const saved = detail.data?.videos;
  // A refetch (after a save) replaces the shown order, except an unsaved shuffle's.
  const isShufflePendingRef = useRef(false);
  useEffect(() => {
    if (!isShufflePendingRef.current) setOrder(saved ?? []);
  }, [saved]);

  function persist(videos: TPlaylistVideo[], onDone?: () => void) {
    saveOrder.mutate(
      { id: playlistId, videoIds: videos.map((v) => v.id) },
      {
        onSuccess: () => {
          toast.success(PLAYLIST_MESSAGES.reordered);
          void detail.refetch();
          onDone?.();
        },
        onError: () => {
          toast.failure(PLAYLIST_MESSAGES.saveOrderFailed);
          setOrder(saved ?? []);
        },
      },
    );
  }

  const { shuffle, isShuffleLocked, isShufflePending, shufflePrompt } = useShuffleWithUndo({
    listId: playlistId,
    order,
    setOrder,
    // The prompt stays until the order is saved; a failed save keeps it (and the shuffled order) to try again.
    onSave: (shuffled) =>
      saveOrder
        .mutateAsync({ id: playlistId, videoIds: shuffled.map((v) => v.id) })
        .then(() => {
          toast.success(PLAYLIST_MESSAGES.reordered);
          void detail.refetch();
        })
        .catch((error: unknown) => {
          toast.failure(PLAYLIST_MESSAGES.saveOrderFailed);
          throw error;
        }),
    // Undo shows the prior order and reloads the playlist.
    onUndo: () => void detail.refetch(),
  });
  isShufflePendingRef.current = isShufflePending;

  if (detail.isPending)
    return (
      <Group gap="sm" py="sm">
        <Loader size="sm" role="status" aria-label={`Loading ${name} videos`} />
      </Group>
    );
  if (detail.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {PLAYLIST_MESSAGES.detailsFailed}
      </Alert>
    );

  return (
    <Stack gap="xs">
      <Group gap="xs">
        {isSorting ? (
          <>
            <Button
              size="xs"
              loading={saveOrder.isPending}
              onClick={() => persist(order, () => setIsSorting(false))}
            >
              Save order
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                setOrder(saved ?? []);
                setIsSorting(false);
              }}
            >
              Cancel
            </Button>
          </>
        ) : (
          <>
            <Button
              size="xs"
              variant="default"
              disabled={order.length < 2 || isShufflePending}
              onClick={() => setIsSorting(true)}
            >
              Edit order
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={shuffle}
              disabled={isShuffleLocked || order.length < 2}
            >
              Shuffle
            </Button>
          </>
        )}
      </Group>
      {shufflePrompt}
      <Stack gap={4} component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={`${name} videos`}>
        {order.map((video, index) => (
          <Paper key={video.id} withBorder radius="sm" px="sm" py={6} component="li">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" truncate>
                {index + 1}. {video.title}
              </Text>
              {isSorting && (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="default"
                    aria-label={`Move up ${video.title}`}
                    disabled={index === 0}
                    onClick={() => setOrder((list) => moveItem(list, index, index - 1))}
                  >
                    <IconArrowUp size={14} />
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    aria-label={`Move down ${video.title}`}
                    disabled={index === order.length - 1}
                    onClick={() => setOrder((list) => moveItem(list, index, index + 1))}
                  >
                    <IconArrowDown size={14} />
                  </ActionIcon>
                </Group>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
