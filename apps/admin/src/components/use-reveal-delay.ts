import { useEffect, useState } from 'react';

/** Spec 3 §9: lists wait 500 ms before showing, so a fast answer does not flash. */
export const LIST_REVEAL_DELAY_MS = 500;

/**
 * False for 500 ms each time `key` changes (a new search, sort or page), then true: the list shows
 * its loading state until both the data and the delay are there.
 */
export function useRevealDelay(key: string, delayMs = LIST_REVEAL_DELAY_MS): boolean {
  const [revealedKey, setRevealedKey] = useState<string | null>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => setRevealedKey(key), delayMs);
    return () => window.clearTimeout(timer);
  }, [key, delayMs]);
  return revealedKey === key;
}
