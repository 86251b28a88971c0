import { useEffect, useState } from 'react';

/** Spec 3 §8/§9: category messages are shown for 3 seconds. */
export const CATEGORY_MESSAGE_MS = 3000;

export interface TimedMessage {
  tone: 'success' | 'error';
  text: string;
}

/** A message that clears itself after `ms`; showing a new one restarts the clock. */
export function useTimedMessage(ms = CATEGORY_MESSAGE_MS) {
  const [message, setMessage] = useState<(TimedMessage & { at: number }) | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(null), ms);
    return () => window.clearTimeout(timer);
  }, [message, ms]);
  return {
    message,
    show: (next: TimedMessage) => setMessage({ ...next, at: Date.now() }),
  };
}
