import type { FastifyReply, FastifyRequest } from 'fastify';
import { ExpiringLru } from '../../lib/lru';
import { SESSION_COOKIE } from '../../plugins/auth';

interface GuestAnswer {
  /** The catalogue version and New York day the answer was made under. */
  stamp: string;
  bytes: Buffer;
}

/** A request without a session token (no bearer header, no session cookie): its answer is the public one. */
const isGuest = (request: FastifyRequest) =>
  !request.headers.authorization && !request.cookies?.[SESSION_COOKIE];

/**
 * Public answers by exact URL, for guests: a route's onRequest hook answers a URL already answered under the
 * current catalogue version and day with the stored bytes, before query validation and the handler run (most
 * of a cached answer's cost). Any other request goes the normal way, which stores what it answers a guest.
 * Global hooks (security headers, CORS, rate limit, under-pressure) still run first.
 */
export function createGuestAnswers(readStamp: () => Promise<string>, entries: number, ttlMs: number) {
  const byUrl = new ExpiringLru<GuestAnswer>(entries, ttlMs);
  return {
    /** Remembers the bytes answered to a guest for this URL. */
    store(request: FastifyRequest, stamp: string, bytes: Buffer) {
      if (isGuest(request)) byUrl.set(request.url, { stamp, bytes });
    },
    async onRequest(request: FastifyRequest, reply: FastifyReply) {
      if (!isGuest(request)) return;
      const stored = byUrl.get(request.url);
      if (!stored || stored.stamp !== (await readStamp())) return;
      return reply.code(200).type('application/json; charset=utf-8').send(stored.bytes);
    },
  };
}
