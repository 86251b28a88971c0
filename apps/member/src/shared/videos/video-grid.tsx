import type { TVideoCard } from '@dance/domain';
import { Skeleton, Stack } from '@mantine/core';
import { memo } from 'react';
import { hydratesApart } from '../../app/hydrates-apart';
import { MemberVideoCard, useCardActions } from './member-video-card';
import classes from './video-grid.module.css';

interface VideoGridProps {
  videos: TVideoCard[];
  label: string;
  /**
   * The page's first grid (the default) loads its first row's thumbnails eagerly and at high priority, and warms
   * its first card when the page is idle. A grid further down (the library's second and third sections) loads
   * them lazily: on a phone they are screens below, and twelve images at high priority shared the slow link
   * with the first card's, the page's largest paint (0.9 s later with the demo's WebP posters, decision 0077).
   */
  isFirstOnPage?: boolean;
}

/**
 * A responsive grid of video cards. Memoised: its section
 * re-renders when the filter drawer opens or closes, and fifteen cards re-rendered on a slow phone are
 * most of that tap's time to the next paint (INP, issue 21 item 3).
 *
 * The cards hydrate apart (decision 0075): a tap before hydration has finished hydrates the boundary holding
 * what was tapped, in that tap's task, and without this one a tap on a section's Filters hydrated the page's
 * 45 cards with it (0.4-1 s on the slow phone). The cards now hydrate afterwards, in slices.
 */
export const VideoGrid = memo(hydratesApart(VideoGridCards));

function VideoGridCards({ videos, label, isFirstOnPage = true }: VideoGridProps) {
  const actions = useCardActions();
  return (
    <ul className={classes.grid} aria-label={label}>
      {videos.map((video, index) => (
        <li key={video.id} className={classes.item}>
          <MemberVideoCard
            video={video}
            actions={actions}
            isPriority={isFirstOnPage && index < 4}
            isWarmedWhenIdle={isFirstOnPage && index === 0}
          />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards of the grid's shape while the first page loads (no layout jump). */
export function VideoGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className={classes.grid} role="status" aria-label="Loading videos">
      {Array.from({ length: count }, (_, i) => (
        <Stack key={i} gap={8}>
          <Skeleton radius="lg" style={{ aspectRatio: '16 / 9', height: 'auto' }} />
          <Skeleton height={16} width="80%" radius="sm" />
          <Skeleton height={12} width="45%" radius="sm" />
        </Stack>
      ))}
    </div>
  );
}
