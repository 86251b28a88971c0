import type { FastifyBaseLogger } from 'fastify';

/** The marketing events of spec 1 §1 ("a social-ads pixel tracks sign-up and plan events"). */
export type MarketingEventName = 'Lead' | 'StartTrial' | 'Subscribe';

export interface MarketingEvent {
  name: MarketingEventName;
  /** Deduplicates the event at the pixel (e.g. the billing event id). */
  eventId: string;
  /** Plan events: the plan and its price; never anything about the person. */
  planId?: string;
  value?: number;
  currency?: 'USD';
}

export interface MarketingAnalytics {
  readonly isEnabled: boolean;
  /** Fire and forget: a slow or failing pixel never delays or breaks the member's request. */
  track(event: MarketingEvent): void;
  /** Resolves when every event sent so far has been answered (tests, graceful shutdown). */
  flush(): Promise<void>;
}

export const PIXEL_ENDPOINT = 'https://www.facebook.com/tr';

/**
 * The pixel's image-beacon endpoint, called from the server: id, event name, event id and plan data only.
 * No email, name, IP or user agent is sent (no personal data leaves for the ads network).
 */
export function createPixelAnalytics(
  pixelId: string | null,
  log: FastifyBaseLogger,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): MarketingAnalytics {
  const pending = new Set<Promise<void>>();
  return {
    isEnabled: pixelId !== null,
    track(event) {
      if (!pixelId) return;
      const params = new URLSearchParams({
        id: pixelId,
        ev: event.name,
        eid: event.eventId,
        noscript: '1',
      });
      if (event.planId) params.set('cd[content_name]', event.planId);
      if (event.value !== undefined) params.set('cd[value]', event.value.toFixed(2));
      if (event.currency) params.set('cd[currency]', event.currency);
      const sent = fetchImpl(`${PIXEL_ENDPOINT}?${params}`, {
        method: 'GET',
        signal: AbortSignal.timeout(5000),
        // The server has no cookies or referrer of the member; say nothing more than the event.
        headers: { 'user-agent': 'dance-training-api' },
      })
        .then((response) => {
          if (!response.ok) log.warn({ status: response.status, event: event.name }, 'pixel event refused');
        })
        .catch((err: unknown) => log.warn({ err, event: event.name }, 'pixel event failed'))
        .finally(() => pending.delete(sent));
      pending.add(sent);
    },
    async flush() {
      await Promise.all([...pending]);
    },
  };
}
