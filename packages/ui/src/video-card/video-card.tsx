import { cardTags, formatDuration, type TVideoCard } from '@dance/domain';
import { ActionIcon } from '@mantine/core';
import IconBookmark from '@tabler/icons-react/dist/esm/icons/IconBookmark.mjs';
import IconBookmarkFilled from '@tabler/icons-react/dist/esm/icons/IconBookmarkFilled.mjs';
import IconClock from '@tabler/icons-react/dist/esm/icons/IconClock.mjs';
import IconPlaylistAdd from '@tabler/icons-react/dist/esm/icons/IconPlaylistAdd.mjs';
import IconSchool from '@tabler/icons-react/dist/esm/icons/IconSchool.mjs';
import {
  type FocusEvent,
  lazy,
  type MouseEvent,
  type PointerEvent,
  Suspense,
  type TouchEvent,
  useRef,
  useState,
} from 'react';
import { TagBadge } from '../tag-badge';
import { buildPlayerHref, isClassCard, isComingSoonCard } from './player-href';
import { useLongPress } from './use-long-press';
import classes from './video-card.module.css';
import { VideoThumbnail } from './video-thumbnail';

const VideoPreviewModal = lazy(() =>
  import('./video-preview-modal').then((m) => ({ default: m.VideoPreviewModal })),
);

/** A finger moving further than this on a card is scrolling: its intent to open ends. */
const TOUCH_SCROLL_PX = 10;
/** After the finger lifts, the click that opens the card has this long to claim its warm-up. */
const TOUCH_CLAIM_MS = 1000;

export interface VideoCardProps {
  video: TVideoCard;
  /** Client-side navigation to the player; without it the link navigates the page. */
  onOpen?: (href: string) => void;
  /** Save or unsave; the card shows `video.isSaved`, so the flag changes only once the caller confirms. */
  onToggleSaved?: (video: TVideoCard) => void;
  isSaving?: boolean;
  /** Above the fold: load the thumbnail eagerly and with high priority. */
  isPriority?: boolean;
  /** Cards in a horizontal row keep a fixed width. */
  width?: number | string;
  /** The thumbnail's width by screen (`sizes`); a fixed pixel width says it, else the video grids' cards. */
  imageSizes?: string;
  /** Opens the add-to-playlist dialog (members only). */
  onAddToPlaylist?: (video: TVideoCard) => void;
  /** How far the member watched (0..1): a bar along the bottom of the thumbnail ("continue watching"). */
  progress?: number;
  /**
   * The member shows intent to open the video (pointer over the card, focus inside it, a finger on it):
   * the app may start the player's work before the click (decision 0056).
   */
  onIntent?: (href: string) => void;
  /** The intent ended (the pointer left, the focus moved out of the card). */
  onIntentEnd?: (href: string) => void;
}

/** True for a plain left click that the app may handle itself (not a new tab or window). */
function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The video card every list uses (spec 1 §3, §9; spec 2 §2): thumbnail, title, instructor, duration,
 * at most 3 tags by priority coloured by the tag, and the saved toggle. A "coming soon" card is greyed out
 * and cannot be opened; a CLASS tag turns it into the class view; on touch screens a 600 ms press opens
 * a larger preview with the short description.
 */
export function VideoCard({
  video,
  onOpen,
  onToggleSaved,
  isSaving = false,
  isPriority,
  width,
  imageSizes,
  onAddToPlaylist,
  progress,
  onIntent,
  onIntentEnd,
}: VideoCardProps) {
  const isComingSoon = isComingSoonCard(video);
  const isClass = isClassCard(video);
  const href = buildPlayerHref(video);
  const [isPreviewOpen, setIsPreviewOpen] = useState(false);
  const longPress = useLongPress(() => setIsPreviewOpen(true));
  const tags = cardTags(video.tags);
  const duration = formatDuration(video.durationSeconds);
  const watched = progress === undefined ? null : Math.round(Math.min(1, Math.max(0, progress)) * 100);

  function handleLinkClick(event: MouseEvent<HTMLAnchorElement>) {
    // The click that ends a long press only closes the press, it does not open the video.
    if (longPress.consumeClick()) {
      event.preventDefault();
      return;
    }
    if (onOpen && isPlainClick(event)) {
      event.preventDefault();
      onOpen(href);
    }
  }

  // Intent to open (a coming-soon card cannot be opened). Touch: the finger's touchstart is the intent;
  // the pointer events a touch also fires are ignored, so lifting the finger does not end it.
  const intent =
    onIntent && !isComingSoon
      ? {
          onPointerEnter: (event: PointerEvent<HTMLElement>) => {
            if (event.pointerType !== 'touch') onIntent(href);
          },
          onPointerLeave: (event: PointerEvent<HTMLElement>) => {
            if (event.pointerType !== 'touch') onIntentEnd?.(href);
          },
          onFocus: () => onIntent(href),
          onBlur: (event: FocusEvent<HTMLElement>) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onIntentEnd?.(href);
          },
        }
      : {};
  // A finger that scrolls away (moves further than a press) or is cancelled ends the touch's intent; a
  // lifted finger keeps it a moment, for the click that follows to claim the warm-up.
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const touch = {
    onTouchStart: (event: TouchEvent<HTMLElement>) => {
      const point = event.touches[0];
      if (onIntent && !isComingSoon && point) {
        touchStart.current = { x: point.clientX, y: point.clientY };
        onIntent(href);
      }
      longPress.handlers.onTouchStart(event);
    },
    onTouchMove: (event: TouchEvent<HTMLElement>) => {
      const point = event.touches[0];
      const from = touchStart.current;
      if (from && point && Math.hypot(point.clientX - from.x, point.clientY - from.y) > TOUCH_SCROLL_PX) {
        touchStart.current = null;
        onIntentEnd?.(href);
      }
      longPress.handlers.onTouchMove(event);
    },
    onTouchEnd: () => {
      if (touchStart.current) {
        touchStart.current = null;
        window.setTimeout(() => onIntentEnd?.(href), TOUCH_CLAIM_MS);
      }
      longPress.handlers.onTouchEnd();
    },
    onTouchCancel: () => {
      if (touchStart.current) onIntentEnd?.(href);
      touchStart.current = null;
      longPress.handlers.onTouchCancel();
    },
  };

  function handleToggleSaved(event: MouseEvent) {
    event.preventDefault();
    event.stopPropagation();
    if (!isSaving) onToggleSaved?.(video);
  }

  return (
    <article
      className={classes.card}
      style={width === undefined ? undefined : { width }}
      data-coming-soon={isComingSoon || undefined}
      data-class={isClass || undefined}
      aria-disabled={isComingSoon || undefined}
      aria-label={isComingSoon ? `${video.title} (coming soon)` : undefined}
      {...longPress.handlers}
      {...intent}
      {...touch}
    >
      <div className={classes.media}>
        <VideoThumbnail
          src={video.thumbnailUrl}
          isPriority={isPriority}
          sizes={imageSizes ?? (typeof width === 'number' ? `${width}px` : undefined)}
        >
          {watched !== null && (
            <div
              className={classes.progress}
              role="progressbar"
              aria-label={`Watched ${watched}%`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={watched}
            >
              <span style={{ width: `${watched}%` }} />
            </div>
          )}
        </VideoThumbnail>
        {isClass && (
          <span className={classes.classRibbon}>
            <IconSchool size={14} aria-hidden="true" />
            CLASS
          </span>
        )}
        {isComingSoon ? (
          <span className={classes.soonOverlay}>Coming soon</span>
        ) : (
          <span className={classes.duration}>
            <span className={classes.visuallyHidden}>Duration </span>
            {duration}
          </span>
        )}
        {onToggleSaved && !isComingSoon && (
          <ActionIcon
            className={classes.save}
            variant="white"
            color="dark"
            radius="xl"
            size={36}
            loading={isSaving}
            aria-pressed={video.isSaved}
            aria-label={video.isSaved ? `Unsave ${video.title}` : `Save ${video.title}`}
            onClick={handleToggleSaved}
          >
            {video.isSaved ? (
              <IconBookmarkFilled size={18} className={classes.savedIcon} />
            ) : (
              <IconBookmark size={18} />
            )}
          </ActionIcon>
        )}
        {onAddToPlaylist && !isComingSoon && (
          <ActionIcon
            className={classes.addToPlaylist}
            variant="white"
            color="dark"
            radius="xl"
            size={36}
            aria-label={`Add ${video.title} to playlist`}
            onClick={(event) => {
              event.preventDefault();
              event.stopPropagation();
              onAddToPlaylist(video);
            }}
          >
            <IconPlaylistAdd size={18} />
          </ActionIcon>
        )}
      </div>
      <div className={classes.body}>
        {/* Plain elements, not Mantine's Text and Group: a page renders dozens of cards, and each of those
            components costs its own style work in the hydration of a slow phone (issue 21 item 3). */}
        {isComingSoon ? (
          <h3 className={classes.title}>{video.title}</h3>
        ) : (
          <h3 className={classes.title}>
            <a href={href} className={classes.link} onClick={handleLinkClick}>
              {video.title}
            </a>
          </h3>
        )}
        <div className={classes.meta}>
          <span className={`${classes.metaText} ${classes.truncate}`}>
            {video.instructor?.name ?? 'Dance Training'}
          </span>
          {isClass && video.levels.length > 0 && (
            <>
              <span aria-hidden="true" className={classes.dot} />
              <span className={`${classes.metaText} ${classes.truncate}`}>{video.levels.join(' · ')}</span>
            </>
          )}
          {isComingSoon && (
            <>
              <span aria-hidden="true" className={classes.dot} />
              <span className={`${classes.metaText} ${classes.nowrap}`}>
                <IconClock size={13} aria-hidden="true" style={{ verticalAlign: -2 }} /> {duration}
              </span>
            </>
          )}
        </div>
        {tags.length > 0 && (
          <div className={classes.tags} role="group" aria-label="Tags">
            {tags.map((tag) => (
              <TagBadge key={tag.id} name={tag.name} color={tag.color} />
            ))}
          </div>
        )}
      </div>
      {isPreviewOpen && (
        <Suspense fallback={null}>
          <VideoPreviewModal
            video={video}
            href={href}
            isComingSoon={isComingSoon}
            onClose={() => setIsPreviewOpen(false)}
            onOpen={onOpen}
          />
        </Suspense>
      )}
    </article>
  );
}
