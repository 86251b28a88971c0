import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';

/**
 * A live channel's name: a registered prefix (`comments`) and the subject it follows (`comments:video:<id>`).
 * Lower-case words, digits, dashes and underscores, colon-separated; at most 200 characters.
 */
export const ZLiveChannel = z
  .string()
  .max(200)
  .regex(/^[a-z][a-z0-9_-]*(:[A-Za-z0-9_-]+)*$/, 'Not a channel name');

export const ZLiveQuery = z
  .object({
    channel: ZLiveChannel,
    /**
     * Long-polling fallback for clients behind proxies that buffer streams: answer the events after
     * `Last-Event-ID` (or none) and end, instead of holding the stream open.
     */
    poll: z
      .enum(['1', 'true'])
      .optional()
      .transform((value) => value !== undefined),
  })
  .strict();

/** One event of a live channel as a client receives it (the SSE `event:` is `type`, `data:` its JSON). */
export interface LiveEvent<T = unknown> {
  /** The id the stream resumes from (`Last-Event-ID`). */
  id: string;
  channel: string;
  type: string;
  data: T;
}

/** The SSE event telling a client its resume point is gone: refetch what it shows, then follow again. */
export const LIVE_RESET_EVENT = 'reset';

/** Live channels: Server-Sent Events (the API's live plugin). */
export const liveEndpoints = {
  subscribe: defineEndpoint({
    method: 'GET',
    path: '/live',
    summary:
      'Follow a live channel as Server-Sent Events (text/event-stream); resumes after the Last-Event-ID header',
    tags: ['live'],
    auth: 'session',
    query: ZLiveQuery,
    response: z.string().describe('text/event-stream'),
    errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'NOT_FOUND'],
  }),
} as const;
