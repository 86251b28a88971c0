import {
  formatDuration,
  PLAYLIST_LIMITS,
  PLAYLIST_MESSAGES,
  type PlaylistViewer,
  playerPath,
  playlistPolicy,
  type TPlaylistDetail,
  type TPlaylistVideo,
} from '@dance/domain';
import { confirm, toast, useShuffleWithUndo } from '@dance/ui';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import IconGripVertical from '@tabler/icons-react/dist/esm/icons/IconGripVertical.mjs';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useRemoveVideo, useSaveOrder } from './queries';

function VideoRow({
  video,
  playlist,
  isSorting,
  onRemove,
}: {
  video: TPlaylistVideo;
  playlist: TPlaylistDetail;
  isSorting: boolean;
  onRemove?: (video: TPlaylistVideo) => void;
}) {
  const sortable = useSortable({ id: video.id, disabled: !isSorting });
  const style = { transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition };
  return (
    <li ref={sortable.setNodeRef} style={style} data-testid="playlist-video">
      <Paper withBorder p="xs" radius="md">
        <Group wrap="nowrap" gap="sm">
          {isSorting && (
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${video.title}`}
              {...sortable.attributes}
              {...sortable.listeners}
              style={{ cursor: 'grab', touchAction: 'none' }}
            >
              <IconGripVertical size={18} />
            </ActionIcon>
          )}
          <Image src={video.thumbnailUrl} w={96} h={54} radius="sm" fit="cover" alt="" />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            {isSorting ? (
              <Text fw={600} truncate>
                {video.title}
              </Text>
            ) : (
              <Text
                component={Link}
                to={playerPath(video.id, playlist.type, playlist.id)}
                fw={600}
                truncate
                c="inherit"
              >
                {video.title}
              </Text>
            )}
            <Text fz="sm" c="dimmed">
              {video.instructor?.name ?? 'Dance Training'} · {formatDuration(video.durationSeconds)}
            </Text>
          </Stack>
          {onRemove && !isSorting && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${video.title}`}
              onClick={() => onRemove(video)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          )}
        </Group>
      </Paper>
    </li>
  );
}

/**
 * The selected playlist's videos (spec 1 §4): normal mode, reorder mode (Edit: drag by pointer, touch or
 * keyboard, then Save or leave), Shuffle with a Save/Undo prompt that stays until one is chosen and a 7 s lockout, and removal.
 */
export function PlaylistVideos({ playlist, viewer }: { playlist: TPlaylistDetail; viewer: PlaylistViewer }) {
  const [order, setOrder] = useState<TPlaylistVideo[]>(playlist.videos);
  const [isSorting, setIsSorting] = useState(false);
  const saveOrder = useSaveOrder();
  const removeVideo = useRemoveVideo();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // A refetch (save, removal, another member's change) replaces the shown order, except an unsaved shuffle's.
  const isShufflePendingRef = useRef(false);
  useEffect(() => {
    if (!isShufflePendingRef.current) setOrder(playlist.videos);
  }, [playlist.videos]);

  const canReorder = playlistPolicy.canReorder(viewer, playlist);
  const canShuffle = playlistPolicy.canShuffle(viewer, playlist);
  const canRemove = playlistPolicy.canRemoveVideos(viewer, playlist);

  function persist(videos: TPlaylistVideo[], onDone?: () => void) {
    saveOrder.mutate(
      { playlist, videoIds: videos.map((v) => v.id) },
      {
        onSuccess: () => {
          toast.success(PLAYLIST_MESSAGES.reordered);
          onDone?.();
        },
        onError: () => {
          toast.error(PLAYLIST_MESSAGES.saveOrderFailed, PLAYLIST_LIMITS.errorToastMs);
          setOrder(playlist.videos);
        },
      },
    );
  }

  function handleDragEnd(event: DragEndEvent) {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    setOrder((list) => {
      const from = list.findIndex((v) => v.id === active.id);
      const to = list.findIndex((v) => v.id === over.id);
      return arrayMove(list, from, to);
    });
  }

  const { shuffle, isShuffleLocked, isShufflePending, shufflePrompt } = useShuffleWithUndo({
    listId: playlist.id,
    order,
    setOrder,
    // The prompt stays until the order is saved; a failed save keeps it (and the shuffled order) to try again.
    onSave: (shuffled) =>
      saveOrder
        .mutateAsync({ playlist, videoIds: shuffled.map((v) => v.id) })
        .then(() => toast.success(PLAYLIST_MESSAGES.reordered))
        .catch((error: unknown) => {
          toast.error(PLAYLIST_MESSAGES.saveOrderFailed, PLAYLIST_LIMITS.errorToastMs);
          throw error;
        }),
  });
  isShufflePendingRef.current = isShufflePending;

  async function remove(video: TPlaylistVideo) {
    const isConfirmed = await confirm({
      title: PLAYLIST_MESSAGES.removeTitle,
      message: PLAYLIST_MESSAGES.removeBody,
      danger: true,
    });
    if (!isConfirmed) return;
    removeVideo.mutate(
      { playlistId: playlist.id, videoId: video.id },
      {
        onSuccess: () => toast.success(PLAYLIST_MESSAGES.videoRemoved),
        onError: () => toast.error(PLAYLIST_MESSAGES.somethingWentWrong, PLAYLIST_LIMITS.errorToastMs),
      },
    );
  }

  return (
    <Stack gap="sm">
      <Group gap="xs">
        {canReorder && !isSorting && (
          <Button
            variant="default"
            onClick={() => setIsSorting(true)}
            disabled={order.length < 2 || isShufflePending}
          >
            Edit
          </Button>
        )}
        {isSorting && (
          <>
            <Button
              color="pink"
              loading={saveOrder.isPending}
              onClick={() => persist(order, () => setIsSorting(false))}
            >
              Save
            </Button>
            <Button
              variant="default"
              onClick={() => {
                setOrder(playlist.videos);
                setIsSorting(false);
              }}
            >
              Cancel
            </Button>
          </>
        )}
        {canShuffle && !isSorting && (
          <Button variant="default" onClick={shuffle} disabled={isShuffleLocked || order.length < 2}>
            Shuffle
          </Button>
        )}
      </Group>
      {shufflePrompt}
      {isSorting && (
        <Text fz="sm" c="dimmed">
          Drag a video by its handle, or focus a handle and press Space, then the arrow keys, then Space.
        </Text>
      )}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={handleDragEnd}>
        <SortableContext items={order.map((v) => v.id)} strategy={verticalListSortingStrategy}>
          <Stack
            component="ul"
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Playlist videos"
          >
            {order.map((video) => (
              <VideoRow
                key={video.id}
                video={video}
                playlist={playlist}
                isSorting={isSorting}
                onRemove={canRemove ? remove : undefined}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
    </Stack>
  );
}
