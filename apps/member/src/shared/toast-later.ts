import type { toast } from '@dance/ui';

type Toasts = typeof toast;

/**
 * A toast raised by the first page's own code (the saved toggle of the cards, the lost session): the toasts'
 * code and store load when the first one is raised, not with the first page's script (its JavaScript budget).
 * Toasts show when their host has mounted, once the page is idle (decision 0065), so this costs no delay.
 */
export function toastLater<K extends 'success' | 'error'>(kind: K, ...args: Parameters<Toasts[K]>): void {
  void import('@dance/ui/toast').then(({ toast }) =>
    (toast[kind] as (...a: typeof args) => unknown)(...args),
  );
}
