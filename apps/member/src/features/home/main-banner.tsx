import type { TBanner } from '@dance/domain';
import { Skeleton } from '@mantine/core';
import classes from './home.module.css';

/**
 * The active main banner of GET /home. The box keeps its size before the image arrives (no layout shift)
 * and the image loads first, with high priority: it is the page's largest paint.
 */
export function MainBanner({ banner, isLoading }: { banner: TBanner | null; isLoading: boolean }) {
  if (isLoading) return <Skeleton className={classes.banner} radius="xl" aria-hidden="true" />;
  if (!banner) return null;
  return (
    <figure className={classes.banner}>
      <img
        src={banner.imageUrl}
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
