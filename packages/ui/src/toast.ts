import { TOAST_DURATION_MS } from '@dance/domain';
import { notifications } from '@mantine/notifications';

/** Failures on screen now: they stay until dismissed, replaced, or cleared by the next success. */
const failures = new Set<string>();

function clearFailures() {
  for (const id of failures) notifications.hide(id);
  failures.clear();
}

/** The reason an error gives, for "what failed: why". */
export function reasonOf(error: unknown): string | null {
  if (error instanceof Error && error.message.trim()) return error.message.trim();
  if (typeof error === 'string' && error.trim()) return error.trim();
  return null;
}

/**
 * Toasts of spec 1 §9: top-centre, 3000 ms unless a longer time is given. `failure` (issue 22 item 14) says
 * what failed and why, stays until dismissed or the next action's message, and shows once however often
 * it is raised; a success clears the failures before it.
 */
export const toast = {
  success: (message: string, autoClose = TOAST_DURATION_MS) => {
    clearFailures();
    return notifications.show({ id: `success:${message}:${Date.now()}`, message, color: 'teal', autoClose });
  },
  error: (message: string, autoClose = TOAST_DURATION_MS) =>
    notifications.show({ message, color: 'red', autoClose }),
  info: (message: string, autoClose = TOAST_DURATION_MS) => notifications.show({ message, autoClose }),
  /** For a success shown another way (a titled notification): the failures before it go. */
  dismissFailures: clearFailures,
  failure: (what: string, error?: unknown) => {
    const reason = error === undefined ? null : reasonOf(error);
    const message =
      reason && reason !== what
        ? /[.!?]$/.test(what)
          ? `${what} Reason: ${reason}`
          : `${what}: ${reason}`
        : what;
    const id = `failure:${message}`;
    // One message per action: an earlier failure gives way to this one, the same one is not repeated.
    for (const other of failures) if (other !== id) notifications.hide(other);
    failures.clear();
    failures.add(id);
    notifications.hide(id);
    return notifications.show({
      id,
      message,
      color: 'red',
      autoClose: false,
      withCloseButton: true,
      onClose: () => failures.delete(id),
    });
  },
};
