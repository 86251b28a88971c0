import type { TBanner } from '@dance/domain';
import { responsiveImageProps } from '@dance/ui';
import { Skeleton } from '@mantine/core';
import classes from './home.module.css';
import { BANNER_IMAGE_SIZES } from './image-sizes';

/**
 * The active main banner of GET /home. The box keeps its size before the image arrives (no layout shift)
 * and the image loads first, with high priority: it is the page's largest paint; an upload with WebP variants
 * loads the one as wide as the banner shows.
 */
export function MainBanner({ banner, isLoading }: { banner: TBanner | null; isLoading: boolean }) {
  if (isLoading) return <Skeleton className={classes.banner} radius="xl" aria-hidden="true" />;
  if (!banner) return null;
  return (
    <figure className={classes.banner}>
      <img
        {...responsiveImageProps(banner.imageUrl, BANNER_IMAGE_SIZES)}
        alt={banner.title}
        width={1600}
        height={500}
        loading="eager"
        fetchPriority="high"
        decoding="async"
        className={classes.bannerImage}
      />
    </figure>
  );
}
