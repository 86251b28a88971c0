import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useIsIdleAfterPaint } from '../use-idle-after-paint';
import { readDialogs, subscribeToDialogs } from './dialog-store';

// The modal machinery (focus trap, scroll lock, portal) is not needed to paint the first page.
const DialogRenderer = lazy(() => import('./dialog-renderer').then((m) => ({ default: m.DialogRenderer })));

/**
 * Draws the dialogs of `confirm()` and `alertDialog()`. Its code loads once the page is idle (or with
 * the first dialog, if that comes sooner), so a confirm opens at once, as it would with the code bundled.
 */
export function DialogHost() {
  const dialogs = useSyncExternalStore(subscribeToDialogs, readDialogs, readDialogs);
  const isIdle = useIsIdleAfterPaint();

  if (!isIdle && dialogs.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <DialogRenderer current={dialogs[0]} />
    </Suspense>
  );
}
