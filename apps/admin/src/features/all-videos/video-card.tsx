import type { TAdminVideo } from '@dance/domain';
import { AspectRatio, Badge, Button, Card, Group, Image, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClock, IconEdit, IconMovie, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import classes from './all-videos.module.css';
import { formatDuration, stripHtml } from './text';

interface VideoCardProps {
  video: TAdminVideo;
  onEdit: (video: TAdminVideo) => void;
  onDelete: (video: TAdminVideo) => void;
  /** The first cards of a page load their image at once; the rest when scrolled near. */
  isPriority?: boolean;
}

/** One video of the admin list: thumbnail, title, description, tags, category, Edit and Delete. */
export function VideoCard({ video, onEdit, onDelete, isPriority = false }: VideoCardProps) {
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
            <Badge key={tag.id} size="sm" variant="light" color={tag.color} className={classes.tag}>
              {tag.name}
            </Badge>
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
