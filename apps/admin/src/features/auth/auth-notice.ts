import { TOAST_DURATION_MS } from '@dance/domain';
import { notifications } from '@mantine/notifications';

/**
 * Shows an access message ("Please Login Again", "user role does not match") once. A lost session can be
 * noticed by the api-client's handler and by the guard in the same moment; the fixed id makes the second
 * show a no-op while the first is on screen.
 */
export function showAuthNotice(message: string) {
  notifications.show({ id: `auth-notice:${message}`, message, color: 'red', autoClose: TOAST_DURATION_MS });
}
