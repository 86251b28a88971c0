import type { TSessionUser } from '@dance/domain';
import { lazy, Suspense } from 'react';
import { ProfileFace } from './profile-face';

// The menu brings the popover engine (floating-ui): load it after the first paint, members only.
const ProfileMenu = lazy(() => import('./profile-menu').then((m) => ({ default: m.ProfileMenu })));

/** The profile menu, with its face standing in (the same size) while its code loads. */
export function LazyProfileMenu({ user }: { user: TSessionUser }) {
  return (
    <Suspense fallback={<ProfileFace user={user} />}>
      <ProfileMenu user={user} />
    </Suspense>
  );
}
