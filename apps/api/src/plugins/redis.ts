import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { ConfigError } from '../config/env';

/** Redis address without its password, for messages. */
function safeAddress(url: string) {
  const u = new URL(url);
  u.password = '';
  u.username = '';
  return u.toString();
}

/**
 * The shared Redis (REDIS_URL): connected and answering before the app starts, else a clear error. A Redis that
 * refuses or drops the first connection (starting, restarting, busy) is tried again until `startTimeoutMs` has
 * passed, so the API and Redis can start together. Later, a lost Redis does not queue or stall requests (no
 * offline queue, a short command timeout): the rate limit lets requests through while it is down (decision 0044),
 * and the client reconnects by itself.
 */
export async function connectRedis(
  url: string,
  log: FastifyBaseLogger,
  { startTimeoutMs = 10_000 }: { startTimeoutMs?: number } = {},
): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // Generous enough for a busy machine, short enough that a hung Redis does not hold requests for long.
    connectTimeout: 5000,
    commandTimeout: 1000,
    // Reconnect soon, then at most every 2 s.
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  let up = false;
  let loggedDown = false;
  let lastError: Error | undefined;
  redis.on('error', (err: Error) => {
    lastError = err;
    if (!up || loggedDown) return;
    loggedDown = true;
    log.error({ err }, 'Redis unreachable: rate limits are per process until it is back');
  });
  redis.on('ready', () => {
    if (loggedDown) log.warn('Redis reachable again: rate limits are shared again');
    up = true;
    loggedDown = false;
  });
  try {
    await untilReady(redis, startTimeoutMs, () => lastError);
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new ConfigError(
      `Redis did not answer at REDIS_URL (${safeAddress(url)}): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return redis;
}

/**
 * Resolves when the client is ready. `connect()` alone rejects at the first closed connection even though the
 * retry strategy goes on reconnecting, so this waits for `ready` across those retries, up to the deadline.
 */
function untilReady(redis: Redis, timeoutMs: number, lastError: () => Error | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      reject(lastError() ?? new Error(`not ready within ${timeoutMs} ms`));
    }, timeoutMs);
    function onReady() {
      clearTimeout(timer);
      resolve();
    }
    redis.once('ready', onReady);
    // The retry strategy reconnects after a failed first attempt; the rejection itself says nothing more.
    redis.connect().catch(() => {});
  });
}

/**
 * Counts the rate-limit checks Redis failed to answer (the plugin's `skipOnError` lets those requests through):
 * wraps the Lua commands the plugin's Redis store defined on the client.
 */
export function countRateLimitStoreErrors(redis: Redis, onError: (error: Error) => void) {
  const client = redis as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const command of ['rateLimit', 'rateLimitRead']) {
    const original = client[command];
    if (typeof original !== 'function') continue;
    client[command] = (...args: unknown[]) => {
      const callback = args.at(-1);
      if (typeof callback === 'function')
        args[args.length - 1] = (error: Error | null, result: unknown) => {
          if (error) onError(error);
          callback(error, result);
        };
      return original.apply(redis, args);
    };
  }
}
