import { Center, Loader } from '@mantine/core';

/** The small loader shown while a page's code or the session loads (never a flash of the wrong UI). */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py={64} role="status" aria-label={label}>
      <Loader size="sm" type="dots" />
    </Center>
  );
}
