import { TOAST_DURATION_MS } from '@dance/domain';
import { Notifications } from '@mantine/notifications';

/** Where toasts appear (spec 1 §9: top-centre, 3000 ms); a module of its own so apps can load it late. */
export function NotificationsHost() {
  return <Notifications position="top-center" autoClose={TOAST_DURATION_MS} limit={4} />;
}
