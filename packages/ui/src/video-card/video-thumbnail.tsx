import IconPlayerPlayFilled from '@tabler/icons-react/dist/esm/icons/IconPlayerPlayFilled.mjs';
import { type ReactNode, useState } from 'react';
import { CARD_IMAGE_SIZES, responsiveImageProps } from '../responsive-image';
import classes from './video-card.module.css';

/**
 * A 16:9 thumbnail. The box has its size before the image arrives (no layout shift); images below the
 * fold load lazily, the first ones of a page eagerly and with high priority. Children are drawn over the
 * picture, inside its rounded corners (the card's progress bar). An upload with WebP variants is fetched at the
 * width `sizes` says the box has (decision 0063).
 */
export function VideoThumbnail({
  src,
  isPriority = false,
  sizes = CARD_IMAGE_SIZES,
  children,
}: {
  src: string | null;
  isPriority?: boolean;
  /** The box's width by screen, as the `sizes` attribute; the video grids' cards by default. */
  sizes?: string;
  children?: ReactNode;
}) {
  const [hasFailed, setHasFailed] = useState(false);
  return (
    <div className={classes.thumb}>
      {src && !hasFailed ? (
        <img
          {...responsiveImageProps(src, sizes)}
          alt=""
          width={640}
          height={360}
          loading={isPriority ? 'eager' : 'lazy'}
          fetchPriority={isPriority ? 'high' : 'auto'}
          decoding="async"
          className={classes.image}
          onError={() => setHasFailed(true)}
        />
      ) : (
        <div className={classes.placeholder} aria-hidden="true">
          <IconPlayerPlayFilled size={32} />
        </div>
      )}
      {children}
    </div>
  );
}
