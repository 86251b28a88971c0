import { Center, Loader } from '@mantine/core';

/** A centred spinner while a session or a lazily loaded screen is on its way. */
export function PageLoader({
  isFullScreen = false,
  label = 'Loading',
}: {
  isFullScreen?: boolean;
  label?: string;
}) {
  return (
    <Center mih={isFullScreen ? '100dvh' : 320} role="status" aria-live="polite" aria-label={label}>
      <Loader type="dots" size="lg" />
    </Center>
  );
}
