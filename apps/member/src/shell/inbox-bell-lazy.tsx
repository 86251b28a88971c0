import { ActionIcon } from '@mantine/core';
import IconBell from '@tabler/icons-react/dist/esm/icons/IconBell.mjs';
import { lazy, Suspense } from 'react';

// The inbox brings the popover engine and its queries: load it after the first paint, members only.
const InboxBell = lazy(() =>
  import('../features/notifications/inbox-bell').then((m) => ({ default: m.InboxBell })),
);

/** The header's notification bell, a plain bell standing in while its code loads. */
export function LazyInboxBell({ userId }: { userId: string }) {
  return (
    <Suspense
      fallback={
        <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label="Notifications" disabled>
          <IconBell size={20} />
        </ActionIcon>
      }
    >
      <InboxBell userId={userId} />
    </Suspense>
  );
}
