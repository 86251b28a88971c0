import type { TSessionUser } from '@dance/domain';
import { Avatar } from '@mantine/core';
import { lazy, Suspense } from 'react';

// The menu brings the popover engine (floating-ui): load it after the first paint, members only.
const ProfileMenu = lazy(() => import('./profile-menu').then((m) => ({ default: m.ProfileMenu })));

function readInitials(user: TSessionUser): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}

/** The profile menu, with the member's avatar standing in while its code loads. */
export function LazyProfileMenu({ user }: { user: TSessionUser }) {
  return (
    <Suspense
      fallback={
        <Avatar
          radius={999}
          size={36}
          variant="gradient"
          gradient={{ from: 'stage.6', to: 'midnight.6', deg: 120 }}
        >
          {readInitials(user)}
        </Avatar>
      }
    >
      <ProfileMenu user={user} />
    </Suspense>
  );
}
