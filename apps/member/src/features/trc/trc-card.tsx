import { cardTags, formatDuration, TRC_CATEGORIES, TRC_MESSAGES, type TTrcCard } from '@dance/domain';
import { CARD_IMAGE_SIZES, responsiveImageProps } from '@dance/ui';
import { Group, Text } from '@mantine/core';
import IconFileText from '@tabler/icons-react/dist/esm/icons/IconFileText.mjs';
import IconPlayerPlayFilled from '@tabler/icons-react/dist/esm/icons/IconPlayerPlayFilled.mjs';
import { useState } from 'react';
import { Link } from 'react-router';
import classes from './trc-card.module.css';
import { contentPath } from './trc-paths';
import { TrcTagBadge } from './trc-tag-badge';

export const categoryLabel = (id: TTrcCard['category']) =>
  TRC_CATEGORIES.find((c) => c.id === id)?.screenLabel ?? '';

/** "12 pages" or "4:05": the size of an item. */
export function describeSize(card: Pick<TTrcCard, 'fileType' | 'pages' | 'durationSeconds'>): string {
  if (card.fileType === 'pdf') return card.pages === 1 ? '1 page' : `${card.pages ?? 0} pages`;
  return formatDuration(card.durationSeconds ?? 0);
}

/** A 16:9 thumbnail; when the picture cannot load, the spec's "Failed to load image preview". */
export function TrcThumbnail({
  src,
  fileType,
  isPriority = false,
  sizes = CARD_IMAGE_SIZES,
}: {
  src: string | null;
  fileType: TTrcCard['fileType'];
  isPriority?: boolean;
  /** The box's width by screen; the card grids' by default (an upload's WebP variants, decision 0063). */
  sizes?: string;
}) {
  const [hasFailed, setHasFailed] = useState(false);
  const Icon = fileType === 'pdf' ? IconFileText : IconPlayerPlayFilled;
  return (
    <div className={classes.thumb}>
      {src && !hasFailed ? (
        <img
          {...responsiveImageProps(src, sizes)}
          alt=""
          width={640}
          height={360}
          loading={isPriority ? 'eager' : 'lazy'}
          decoding="async"
          className={classes.image}
          onError={() => setHasFailed(true)}
        />
      ) : (
        <div className={classes.placeholder}>
          <Icon size={30} aria-hidden />
          {hasFailed && <span className={classes.failed}>{TRC_MESSAGES.imagePreviewFailed}</span>}
        </div>
      )}
    </div>
  );
}

/** A TRC card (spec 2 §2): thumbnail, category label, title, instructor, 3 tags; opens /trc/{route}/{id}. */
export function TrcCard({
  card,
  width,
  isPriority,
}: {
  card: TTrcCard;
  width?: number;
  isPriority?: boolean;
}) {
  const tags = cardTags(card.tags);
  return (
    <article className={classes.card} style={width ? { width } : undefined} data-testid="trc-card">
      <div className={classes.media}>
        <TrcThumbnail
          src={card.thumbnailUrl}
          fileType={card.fileType}
          isPriority={isPriority}
          sizes={width ? `${width}px` : undefined}
        />
        <span className={classes.size}>{describeSize(card)}</span>
      </div>
      <div className={classes.body}>
        <Text fz={11} fw={700} lts={1.5} className={classes.label}>
          {categoryLabel(card.category)}
        </Text>
        <Text component="h3" className={classes.title} lineClamp={2}>
          <Link to={contentPath(card.category, card.id)} className={classes.link}>
            {card.title}
          </Link>
        </Text>
        {card.instructor && (
          <Text fz="sm" c="dimmed" truncate>
            {card.instructor.name}
          </Text>
        )}
        {tags.length > 0 && (
          <Group gap={6} className={classes.tags} role="group" aria-label="Tags">
            {tags.map((tag) => (
              <TrcTagBadge key={tag.id} tag={tag} />
            ))}
          </Group>
        )}
      </div>
    </article>
  );
}
