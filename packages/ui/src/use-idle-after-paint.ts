import { startTransition, useEffect, useState } from 'react';

/**
 * False until the browser is first idle after this component mounted (at the latest `timeoutMs` later).
 * For code the first page does not show (toasts, the member popup): loaded then, it neither takes the
 * slow phone's bandwidth from the first page's answers and images nor its main thread from the first paint
 * (issue 21 item 3).
 *
 * The change is a transition. The browser is idle between the slices of a server-rendered page's hydration
 * too; an ordinary update then (React renders those in one task) reached the page's still dehydrated part
 * and made React hydrate all of it in that one task, 450-550 ms on a slow phone. A transition is rendered in
 * slices, after the hydration.
 */
export function useIsIdleAfterPaint(timeoutMs = 3000): boolean {
  const [isIdle, setIsIdle] = useState(false);
  useEffect(() => {
    const markIdle = () => startTransition(() => setIsIdle(true));
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(markIdle, 0);
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(markIdle, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }, [timeoutMs]);
  return isIdle;
}
