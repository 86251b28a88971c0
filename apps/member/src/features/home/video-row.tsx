import type { TVideoCard } from '@dance/domain';
import { ActionIcon, Anchor, Group, Text, Title } from '@mantine/core';
import IconChevronLeft from '@tabler/icons-react/dist/esm/icons/IconChevronLeft.mjs';
import IconChevronRight from '@tabler/icons-react/dist/esm/icons/IconChevronRight.mjs';
import { type ReactNode, useId, useRef } from 'react';
import { Link } from 'react-router';
import { hydratesApart } from '../../app/hydrates-apart';
import { type CardActions, MemberVideoCard } from '../../shared/videos/member-video-card';
import classes from './home.module.css';
import { ROW_IMAGE_SIZES } from './image-sizes';

const CARD_WIDTH = 280;

interface VideoRowProps {
  title: string;
  videos: TVideoCard[];
  viewAllTo?: string;
  actions: CardActions;
  isPriority?: boolean;
  empty?: ReactNode;
  /** How far the member watched each video (id to 0..1): a bar on its card. */
  progress?: Record<string, number>;
}

/**
 * One home row (spec 1 §2): the group's name, a link to all of it, and a horizontal scroller of cards. Each row
 * hydrates apart (decision 0075): a tap on a card before the page has hydrated hydrates that row, not the others.
 */
export const VideoRow = hydratesApart(Row);

function Row({ title, videos, viewAllTo, actions, isPriority = false, empty, progress }: VideoRowProps) {
  const headingId = useId();
  const scroller = useRef<HTMLUListElement>(null);

  function scrollBy(direction: 1 | -1) {
    const element = scroller.current;
    if (!element) return;
    element.scrollBy({
      left: direction * Math.max(element.clientWidth - CARD_WIDTH / 2, CARD_WIDTH),
      behavior: 'smooth',
    });
  }

  return (
    <section aria-labelledby={headingId} className={classes.row}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" align="baseline">
          <Title id={headingId} order={2} fz={{ base: 20, sm: 24 }}>
            {title}
          </Title>
          {viewAllTo && videos.length > 0 && (
            <Anchor component={Link} to={viewAllTo} fz="sm" fw={600} aria-label={`View all ${title}`}>
              View all
            </Anchor>
          )}
        </Group>
        {videos.length > 3 && (
          <Group gap={6} visibleFrom="sm" wrap="nowrap">
            <ActionIcon
              variant="default"
              radius="xl"
              size="lg"
              aria-label={`Scroll ${title} left`}
              onClick={() => scrollBy(-1)}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
            <ActionIcon
              variant="default"
              radius="xl"
              size="lg"
              aria-label={`Scroll ${title} right`}
              onClick={() => scrollBy(1)}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Group>
        )}
      </Group>
      {videos.length === 0 ? (
        (empty ?? (
          <Text c="dimmed" fz="sm">
            Nothing here yet.
          </Text>
        ))
      ) : (
        <ul ref={scroller} className={classes.scroller} aria-label={title}>
          {videos.map((video, index) => (
            <li key={video.id} className={classes.rowItem}>
              <MemberVideoCard
                video={video}
                actions={actions}
                isPriority={isPriority && index < 4}
                width="100%"
                imageSizes={ROW_IMAGE_SIZES}
                progress={progress?.[video.id]}
                isWarmedWhenIdle={isPriority && index === 0}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
