import { TOAST_DURATION_MS } from '@dance/domain';
import { notifications } from '@mantine/notifications';

/** Toasts of spec 1 §9: top-centre, 3000 ms unless a longer time is given. */
export const toast = {
  success: (message: string, autoClose = TOAST_DURATION_MS) =>
    notifications.show({ message, color: 'teal', autoClose }),
  error: (message: string, autoClose = TOAST_DURATION_MS) =>
    notifications.show({ message, color: 'red', autoClose }),
  info: (message: string, autoClose = TOAST_DURATION_MS) => notifications.show({ message, autoClose }),
};
