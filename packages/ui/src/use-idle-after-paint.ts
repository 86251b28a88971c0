import { useEffect, useState } from 'react';

/**
 * False until the browser is first idle after this component mounted (at the latest `timeoutMs` later).
 * For code the first page does not show (toasts, the member popup): loaded then, it neither takes the
 * slow phone's bandwidth from the first page's answers and images nor its main thread from the first paint
 * (issue 21 item 3).
 */
export function useIsIdleAfterPaint(timeoutMs = 3000): boolean {
  const [isIdle, setIsIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setIsIdle(true), 0);
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(() => setIsIdle(true), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }, [timeoutMs]);
  return isIdle;
}
