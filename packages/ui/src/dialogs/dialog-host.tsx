import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { readDialogs, subscribeToDialogs } from './dialog-store';

// The modal machinery (focus trap, scroll lock, portal) is not needed to paint the first page.
const DialogRenderer = lazy(() => import('./dialog-renderer').then((m) => ({ default: m.DialogRenderer })));

/**
 * Draws the dialogs of `confirm()` and `alertDialog()`. Its code loads once the page is idle (or with
 * the first dialog, if that comes sooner), so a confirm opens at once, as it would with the code bundled.
 */
export function DialogHost() {
  const dialogs = useSyncExternalStore(subscribeToDialogs, readDialogs, readDialogs);
  const [isIdle, setIsIdle] = useState(false);

  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIsIdle(true), { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setIsIdle(true), 1);
    return () => window.clearTimeout(timer);
  }, []);

  if (!isIdle && dialogs.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <DialogRenderer current={dialogs[0]} />
    </Suspense>
  );
}
