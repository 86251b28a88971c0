import { TOAST_DURATION_MS } from '@dance/domain';
import { notifications } from '@mantine/notifications';

/** Comment success toasts last 7 s (spec 2 §9). */
export const COMMENT_TOAST_MS = 7000;

/** A toast that says what is under way ('Posting comment...') and then how it went. */
export function progressToast(message: string) {
  const id = notifications.show({ message, loading: true, autoClose: false, withCloseButton: false });
  return {
    succeed(text: string, autoClose = COMMENT_TOAST_MS) {
      notifications.update({
        id,
        message: text,
        loading: false,
        color: 'teal',
        autoClose,
        withCloseButton: true,
      });
    },
    fail(text: string) {
      notifications.update({
        id,
        message: text,
        loading: false,
        color: 'red',
        autoClose: TOAST_DURATION_MS,
        withCloseButton: true,
      });
    },
  };
}
