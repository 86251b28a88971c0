import { responsiveImageProps } from '@dance/ui';
import { Avatar } from '@mantine/core';

/** An instructor's picture, 64 px round: an upload with WebP variants loads its smallest (decision 0063). */
export function InstructorAvatar({ url }: { url: string | null }) {
  const { src, srcSet, sizes } = url ? responsiveImageProps(url, '64px') : { src: null };
  return (
    <Avatar src={src} imageProps={srcSet ? { srcSet, sizes } : undefined} size={64} radius="xl" alt="" />
  );
}
