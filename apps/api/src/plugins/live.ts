import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { LIVE_RESET_EVENT, type LiveEvent, liveEndpoints } from '@dance/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import postgres from 'postgres';
import { notFound } from '../lib/errors';
import { route } from '../lib/route';
import type { ResolvedSession } from '../modules/auth/sessions';

/**
 * Live channels (issue 15): Server-Sent Events fed by `app.live.publish(channel, event)`.
 *
 * - Fan-out: on PostgreSQL every API process LISTENs on one notification channel and a publish is a
 *   `pg_notify`, so a subscriber on any process gets an event published on any other. On the embedded PGlite
 *   (one process) an in-process emitter does the same job.
 * - Resume: each process keeps the last events it received in arrival order. PostgreSQL delivers notifications
 *   to every listener in commit order, so that order is the same on every process, and a client reconnecting
 *   with `Last-Event-ID` (EventSource sends it by itself) gets the events after it, on whichever process it
 *   lands. An id no longer held answers a `reset` event: the client refetches what it shows.
 * - Authorisation: a module owns a channel prefix and says who may follow its channels,
 *   `app.live.authorise('comments', (caller, channel) => …)`. A channel nobody owns, or one the caller may not
 *   follow, answers 404 (the same answer, so a subscription cannot probe what exists).
 * - A comment line every `heartbeatMs` keeps proxies from closing an idle stream and finds dead clients.
 */

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveChannels;
  }
  interface FastifyContextConfig {
    /** A long-lived answer (a live stream): the database load shedder does not count it as a request in flight. */
    longLived?: boolean;
  }
}

/** What a module publishes: the SSE event name and its JSON data (keep it small: NOTIFY carries 8000 bytes). */
export interface LivePublication<T = unknown> {
  type: string;
  data: T;
}

/** May this caller follow this channel? (The channel starts with the prefix the check was registered for.) */
export type LiveAuthoriser = (caller: ResolvedSession, channel: string) => boolean | Promise<boolean>;

export interface LiveOptions {
  /** Milliseconds between heartbeats (comment lines); default 25 s. */
  heartbeatMs?: number;
  /** Events each process keeps for resuming; default 2000. */
  historySize?: number;
}

/** PostgreSQL's NOTIFY channel every API process listens on. */
export const LIVE_NOTIFY_CHANNEL = 'dance_live';
/** NOTIFY refuses payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7900;
/** Browsers wait this long before reconnecting a dropped stream. */
const RETRY_MS = 3000;

export class LiveChannels {
  private readonly emitter = new EventEmitter();
  private readonly history: LiveEvent[] = [];
  private readonly authorisers = new Map<string, LiveAuthoriser>();
  private readonly streams = new Set<FastifyReply>();
  private sequence = 0;
  private readonly processTag = randomBytes(3).toString('hex');

  constructor(
    private readonly send: (payload: string) => Promise<void>,
    private readonly historySize: number,
  ) {
    // One listener per open stream: no warning at a few hundred viewers.
    this.emitter.setMaxListeners(0);
  }

  /** Says who may follow the channels starting with `prefix` (the longest registered prefix decides). */
  authorise(prefix: string, check: LiveAuthoriser) {
    if (this.authorisers.has(prefix)) throw new Error(`live: channel prefix ${prefix} is already registered`);
    this.authorisers.set(prefix, check);
  }

  /** Whether the caller may follow the channel: false for a channel no module owns. */
  async mayFollow(caller: ResolvedSession, channel: string): Promise<boolean> {
    let best: string | null = null;
    for (const prefix of this.authorisers.keys())
      if (
        (channel === prefix || channel.startsWith(`${prefix}:`)) &&
        (best === null || prefix.length > best.length)
      )
        best = prefix;
    if (best === null) return false;
    return (await this.authorisers.get(best)!(caller, channel)) === true;
  }

  /**
   * Sends an event to every follower of the channel, on every API process. Call it after the change is
   * committed; it resolves once the event is handed to the database (or the in-process emitter).
   */
  async publish<T>(channel: string, event: LivePublication<T>): Promise<void> {
    this.sequence += 1;
    const id = `${Date.now().toString(36)}-${this.processTag}-${this.sequence.toString(36)}`;
    const payload = JSON.stringify({ id, channel, type: event.type, data: event.data ?? null });
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES)
      throw new Error(
        `live: the ${event.type} event on ${channel} is too large for NOTIFY; publish ids instead`,
      );
    await this.send(payload);
  }

  /** A payload arrived (from NOTIFY or the in-process emitter): remember it for resuming and fan it out. */
  receive(payload: string) {
    let event: LiveEvent;
    try {
      event = JSON.parse(payload) as LiveEvent;
    } catch {
      return;
    }
    if (typeof event?.id !== 'string' || typeof event.channel !== 'string') return;
    this.history.push(event);
    if (this.history.length > this.historySize)
      this.history.splice(0, this.history.length - this.historySize);
    this.emitter.emit(event.channel, event);
  }

  /**
   * The events of a channel after the one with this id, or null when that id is not held any more (or never
   * was): then the follower must refetch.
   */
  eventsAfter(channel: string, lastEventId: string): LiveEvent[] | null {
    const index = this.history.findLastIndex((event) => event.id === lastEventId);
    if (index === -1) return null;
    return this.history.slice(index + 1).filter((event) => event.channel === channel);
  }

  /** Follows a channel; returns the function that stops following. */
  follow(channel: string, onEvent: (event: LiveEvent) => void): () => void {
    this.emitter.on(channel, onEvent);
    return () => this.emitter.off(channel, onEvent);
  }

  /** How many streams are open on this process (tests, logs). */
  get openStreams() {
    return this.streams.size;
  }

  track(reply: FastifyReply) {
    this.streams.add(reply);
    return () => this.streams.delete(reply);
  }

  /** Ends every open stream (the server is shutting down; clients reconnect elsewhere and resume). */
  endAll() {
    for (const reply of this.streams) reply.raw.end();
    this.streams.clear();
  }
}

/** One SSE frame. Data is JSON (one line), so it never needs splitting. */
function frame(event: LiveEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** `app.live`, on the root so every module, seed and test reaches it; its route is `liveRoutes`. */
export const livePlugin = fp(async (app: FastifyInstance, options: LiveOptions) => {
  const heartbeatMs = options.heartbeatMs ?? 25_000;
  const historySize = options.historySize ?? 2000;
  let live: LiveChannels;
  if (app.database.driver === 'postgres' && app.config.databaseUrl) {
    // Its own connection: a LISTENing connection cannot go back to the pool.
    const listener = postgres(app.config.databaseUrl, { max: 1, onnotice: () => {} });
    live = new LiveChannels(async (payload) => {
      await app.database.query('select pg_notify($1, $2)', [LIVE_NOTIFY_CHANNEL, payload]);
    }, historySize);
    await listener.listen(LIVE_NOTIFY_CHANNEL, (payload) => live.receive(payload));
    app.addHook('onClose', async () => {
      await listener.end({ timeout: 5 });
    });
  } else {
    live = new LiveChannels(async (payload) => {
      // As NOTIFY would: after the publisher's turn, never inside it.
      setImmediate(() => live.receive(payload));
    }, historySize);
  }
  app.decorate('live', live);
  // Open streams would hold the server's close forever.
  app.addHook('preClose', async () => live.endAll());
  streamSettings.set(live, { heartbeatMs });
});

const streamSettings = new WeakMap<LiveChannels, { heartbeatMs: number }>();

/** The one route of the live channels, `GET /api/v1/live?channel=`: registered in the web API's context. */
export async function liveRoutes(app: FastifyInstance) {
  const { live } = app;
  const { heartbeatMs } = streamSettings.get(live)!;
  route(
    app,
    liveEndpoints.subscribe,
    async (request, reply) => {
      const { channel, poll } = request.query;
      if (!(await live.mayFollow(request.caller, channel))) throw notFound();
      const lastEventId = request.headers['last-event-id'];
      const resumeFrom = typeof lastEventId === 'string' && lastEventId.length <= 100 ? lastEventId : null;

      reply.hijack();
      const raw = reply.raw;
      // The headers set so far (request id, security headers, a renewed session cookie) and the stream's own.
      const headers: Record<string, string | string[] | number> = {};
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) headers[name] = value as string | string[] | number;
      raw.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // Reverse proxies (nginx, Caddy's buffering) pass each event on at once.
        'x-accel-buffering': 'no',
        ...(poll ? {} : { connection: 'keep-alive' }),
      });
      raw.write(`retry: ${RETRY_MS}\n\n`);

      // Follow first, then replay, so nothing published in between is lost; replayed ids are not sent twice.
      const pending: LiveEvent[] = [];
      let replaying = true;
      const unfollow = poll
        ? () => {}
        : live.follow(channel, (event) => {
            if (replaying) pending.push(event);
            else raw.write(frame(event));
          });
      const sent = new Set<string>();
      if (resumeFrom) {
        const missed = live.eventsAfter(channel, resumeFrom);
        if (missed === null) raw.write(`event: ${LIVE_RESET_EVENT}\ndata: {}\n\n`);
        else
          for (const event of missed) {
            raw.write(frame(event));
            sent.add(event.id);
          }
      }
      for (const event of pending) if (!sent.has(event.id)) raw.write(frame(event));
      replaying = false;

      if (poll) {
        raw.end();
        return '';
      }
      const untrack = live.track(reply);
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), heartbeatMs);
      heartbeat.unref();
      raw.once('close', () => {
        clearInterval(heartbeat);
        unfollow();
        untrack();
      });
      return '';
    },
    // A stream is long-lived: it does not count against the requests in flight in front of the database.
    { config: { longLived: true } },
  );
}
