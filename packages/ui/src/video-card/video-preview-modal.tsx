import { cardTags, formatDuration, type TVideoCard } from '@dance/domain';
import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import IconPlayerPlayFilled from '@tabler/icons-react/dist/esm/icons/IconPlayerPlayFilled.mjs';
import { TagBadge } from '../tag-badge';
import classes from './video-card.module.css';
import { VideoThumbnail } from './video-thumbnail';

/** The larger preview a long press opens on touch screens: the card's facts plus the short description. */
export function VideoPreviewModal({
  video,
  href,
  isComingSoon,
  onClose,
  onOpen,
}: {
  video: TVideoCard;
  href: string;
  isComingSoon: boolean;
  onClose: () => void;
  onOpen?: (href: string) => void;
}) {
  return (
    <Modal
      opened
      onClose={onClose}
      title="Preview"
      centered
      size="lg"
      radius="lg"
      padding="md"
      classNames={{ title: classes.previewHeading }}
    >
      <Stack gap="sm">
        <div className={classes.previewMedia}>
          {/* The modal ("lg") is at most 800 px wide, its padding aside; on phones nearly the screen. */}
          <VideoThumbnail
            src={video.thumbnailUrl}
            isPriority
            sizes="(max-width: 50em) calc(100vw - 64px), 770px"
          />
        </div>
        <Title order={3} fz="lg">
          {video.title}
        </Title>
        <Text fz="sm" c="dimmed">
          {video.instructor?.name ?? 'Dance Training'} · {formatDuration(video.durationSeconds)}
          {video.levels.length > 0 ? ` · ${video.levels.join(', ')}` : ''}
        </Text>
        {video.tags.length > 0 && (
          <Group gap={6}>
            {cardTags(video.tags).map((tag) => (
              <TagBadge key={tag.id} name={tag.name} color={tag.color} />
            ))}
          </Group>
        )}
        {video.shortDescription && <Text fz="sm">{video.shortDescription}</Text>}
        {isComingSoon ? (
          <Button disabled fullWidth>
            Coming soon
          </Button>
        ) : (
          <Button
            component="a"
            href={href}
            fullWidth
            leftSection={<IconPlayerPlayFilled size={16} />}
            onClick={(event) => {
              if (!onOpen) return;
              event.preventDefault();
              onClose();
              onOpen(href);
            }}
          >
            Play
          </Button>
        )}
      </Stack>
    </Modal>
  );
}
