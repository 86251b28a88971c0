import { MEDIA_STATE_TEXTS, type TAdminVideo } from '@dance/domain';
import { TagBadge } from '@dance/ui';
import {
  Alert,
  AspectRatio,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Progress,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconClock,
  IconEdit,
  IconMovie,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { useMemo } from 'react';
import classes from './all-videos.module.css';
import { formatDuration, stripHtml } from './text';

interface VideoCardProps {
  video: TAdminVideo;
  onEdit: (video: TAdminVideo) => void;
  onDelete: (video: TAdminVideo) => void;
  onRetryMedia: (video: TAdminVideo) => void;
  /** The video whose Retry is running. */
  isRetrying?: boolean;
  /** The first cards of a page load their image at once; the rest when scrolled near. */
  isPriority?: boolean;
}

/** One video of the admin list: thumbnail, title, description, tags, category, Edit and Delete. */
export function VideoCard({
  video,
  onEdit,
  onDelete,
  onRetryMedia,
  isRetrying = false,
  isPriority = false,
}: VideoCardProps) {
  const preview = useMemo(
    () => stripHtml(video.description) || video.shortDescription,
    [video.description, video.shortDescription],
  );
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      className={classes.card}
      component="article"
      aria-label={video.title}
    >
      <Card.Section className={classes.thumb}>
        <AspectRatio ratio={16 / 9}>
          {video.thumbnailUrl ? (
            <Image src={video.thumbnailUrl} alt="" loading={isPriority ? 'eager' : 'lazy'} />
          ) : (
            <div className={classes.noThumb}>
              <ThemeIcon variant="light" size={48} radius="xl">
                <IconMovie size={26} />
              </ThemeIcon>
            </div>
          )}
        </AspectRatio>
        <Group gap={6} className={classes.overlay}>
          {video.kind === 'class' && (
            <Badge size="sm" color="violet" variant="filled">
              Class
            </Badge>
          )}
          {video.isComingSoon && (
            <Badge size="sm" color="dark" variant="filled">
              Releases {video.releaseDate}
            </Badge>
          )}
        </Group>
        {video.fileType === 'video' && video.durationSeconds > 0 && (
          <Badge
            size="sm"
            variant="filled"
            color="dark"
            className={classes.duration}
            leftSection={<IconClock size={12} />}
          >
            {formatDuration(video.durationSeconds)}
          </Badge>
        )}
      </Card.Section>
      <Stack gap={8} mt="md" className={classes.body}>
        <Text fw={700} lineClamp={2} title={video.title}>
          {video.title}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={3} mih={3 * 21}>
          {preview || 'No description yet.'}
        </Text>
        <Group gap={6} mih={22}>
          {video.tags.map((tag) => (
            <TagBadge key={tag.id} name={tag.name} color={tag.color} className={classes.tag} />
          ))}
        </Group>
        <Group justify="space-between" gap="xs" mt="auto">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
            {video.category?.name ?? 'No category'}
          </Text>
          <Text size="xs" c="dimmed">
            {video.instructor?.name ?? ''}
          </Text>
        </Group>
        <MediaState video={video} onRetry={() => onRetryMedia(video)} isRetrying={isRetrying} />
      </Stack>
      <Group grow gap="xs" mt="md">
        <Button variant="light" leftSection={<IconEdit size={16} />} onClick={() => onEdit(video)}>
          Edit
        </Button>
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={() => onDelete(video)}
        >
          Delete
        </Button>
      </Group>
    </Card>
  );
}

/** Whether members can play the video yet: preparing (with progress), ready, or failed with why and Retry. */
function MediaState({
  video,
  onRetry,
  isRetrying,
}: {
  video: TAdminVideo;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  const { media } = video;
  if (video.fileType !== 'video') return null;
  if (media.state === 'ready')
    return (
      <Group gap={6} data-testid="media-state" data-state="ready">
        <IconCircleCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden />
        {/* The light variant's text colour: AA on the card in both schemes (teal.8 was 3.9:1). */}
        <Text size="xs" fw={600} c="var(--mantine-color-teal-light-color)">
          {MEDIA_STATE_TEXTS.ready}
        </Text>
      </Group>
    );
  if (media.state === 'preparing' || media.state === 'playable')
    return (
      <Stack gap={4} data-testid="media-state" data-state={media.state}>
        <Group justify="space-between">
          <Text size="xs" fw={600}>
            {MEDIA_STATE_TEXTS[media.state]}
          </Text>
          <Text size="xs" c="dimmed">
            {media.progress}%
          </Text>
        </Group>
        <Progress
          value={media.progress}
          size="sm"
          animated
          aria-label={`${MEDIA_STATE_TEXTS[media.state]} ${video.title}`}
        />
      </Stack>
    );
  return (
    <Alert
      color={media.state === 'failed' ? 'red' : 'orange'}
      variant="light"
      p="xs"
      icon={<IconAlertTriangle size={16} />}
      title={media.state === 'failed' ? MEDIA_STATE_TEXTS.failed : MEDIA_STATE_TEXTS.missing}
      data-testid="media-state"
      data-state={media.state}
    >
      <Stack gap={6}>
        <Text size="xs">{media.error}</Text>
        {media.canRetry && (
          <Button
            size="compact-xs"
            variant="white"
            color="red"
            leftSection={<IconRefresh size={14} />}
            onClick={onRetry}
            loading={isRetrying}
            aria-label={`${MEDIA_STATE_TEXTS.retry}: ${video.title}`}
            w="fit-content"
          >
            {MEDIA_STATE_TEXTS.retry}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
