import { type ContentType, PLAYER_LIMITS, PLAYER_MESSAGES, playerPath } from '@dance/domain';
import { VideoCard } from '@dance/ui';
import { ActionIcon, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import IconChevronLeft from '@tabler/icons-react/dist/esm/icons/IconChevronLeft.mjs';
import IconChevronRight from '@tabler/icons-react/dist/esm/icons/IconChevronRight.mjs';
import { useRef } from 'react';
import { useOpenPlayer } from '../../app/play-on-open';
import { usePlaylistNextUp } from '../../shared/use-playlist-next-up';
import { useToggleSaved } from '../../shared/use-toggle-saved';
import classes from './player-page.module.css';
import { useRecommendations } from './queries';

/**
 * The slider under the player (spec 2 §4, §9): ALL CLASSES, RECOMMENDED or NEXT UP; at most 5 cards on
 * larger screens, 352 px wide (272 px on mobile), the arrows scroll by 300 px.
 */
export function RecommendationSlider({
  videoId,
  type,
  playlistId,
  isDeferred = false,
}: {
  videoId: string;
  type: ContentType;
  playlistId: string | null;
  /** Not asked for yet: the video is starting (see PlayerPage). */
  isDeferred?: boolean;
}) {
  const isMobile = useMediaQuery('(max-width: 767px)') ?? false;
  // In a playlist, NEXT UP is the playlist's following videos, in its order.
  const playlistNext = usePlaylistNextUp(type, playlistId, videoId);
  const recommendations = useRecommendations(
    videoId,
    type,
    playlistId,
    !playlistNext.isPlaylist && !isDeferred,
  );
  const scroller = useRef<HTMLUListElement>(null);
  const openPlayer = useOpenPlayer();
  const saved = useToggleSaved();
  const items = ((playlistNext.isPlaylist ? playlistNext.items : recommendations.data?.items) ?? []).slice(
    0,
    isMobile ? undefined : PLAYER_LIMITS.recommendationsMaxDesktop,
  );
  const cardWidth = isMobile ? PLAYER_LIMITS.recommendationCardMobilePx : PLAYER_LIMITS.recommendationCardPx;
  // Until the cards are known (asked for after the video's first frame), placeholders of their shape hold the row's
  // height: an empty row grew by a card's height once they came and pushed the comments down (CLS 0.026 on a phone).
  const isPending = playlistNext.isPlaylist
    ? playlistNext.items === null
    : recommendations.data === undefined;

  const scrollBy = (direction: 1 | -1) =>
    scroller.current?.scrollBy({
      left: direction * PLAYER_LIMITS.recommendationScrollPx,
      behavior: 'smooth',
    });

  return (
    <section aria-labelledby="recommendations-heading">
      {/* As tall as the scroll arrows, which come with the cards: the row below does not move then. */}
      <Group justify="space-between" mb="sm" mih={28}>
        <Title order={2} fz="lg" id="recommendations-heading" data-testid="recommendations-heading">
          {recommendations.data?.heading ??
            (type === 'CL' ? 'ALL CLASSES' : type === 'PV' ? 'RECOMMENDED' : 'NEXT UP')}
        </Title>
        {items.length > 1 && (
          <Group gap={6}>
            <ActionIcon
              variant="default"
              radius="xl"
              aria-label="Scroll recommendations left"
              onClick={() => scrollBy(-1)}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
            <ActionIcon
              variant="default"
              radius="xl"
              aria-label="Scroll recommendations right"
              onClick={() => scrollBy(1)}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Group>
        )}
      </Group>
      {recommendations.isError || playlistNext.isError ? (
        <Text c="red" fz="sm">
          {PLAYER_MESSAGES.recommendationsFailed}
        </Text>
      ) : (
        <ul
          ref={scroller}
          className={classes.slider}
          data-testid="recommendations"
          aria-busy={isPending || undefined}
        >
          {isPending && <CardPlaceholders width={cardWidth} count={isMobile ? 2 : 4} />}
          {items.map((video) => (
            <li key={video.id} style={{ width: cardWidth, flex: `0 0 ${cardWidth}px` }}>
              <VideoCard
                video={video}
                width={cardWidth}
                onOpen={(href) =>
                  openPlayer(type === 'PV' || type === 'CL' ? href : playerPath(video.id, type, playlistId))
                }
                onToggleSaved={saved.toggleSaved}
                isSaving={saved.isSaving(video.id)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Cards' outlines while the row loads: the thumbnail (16:9) and the title, instructor and tag lines below it. */
function CardPlaceholders({ width, count }: { width: number; count: number }) {
  return Array.from({ length: count }, (_, i) => (
    <li
      key={i}
      aria-hidden
      style={{ width, flex: `0 0 ${width}px` }}
      data-testid="recommendation-placeholder"
    >
      <Stack gap={8} pt={0} pb={4}>
        <Skeleton radius="lg" style={{ aspectRatio: '16 / 9', height: 'auto' }} />
        <Skeleton height={20} width="80%" radius="sm" mt={2} />
        <Skeleton height={16} width="45%" radius="sm" />
        <Skeleton height={22} width="60%" radius="xl" />
      </Stack>
    </li>
  ));
}
