import { addDays, releaseInstant, todayInNewYork } from '@dance/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { catalogueState } from '../../db/schema';

/** A small least-recently-used map whose entries also expire after a time to live. */
export class ExpiringLru<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
  ) {}

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    // Re-inserting moves the key to the end: the first key of the map is the least recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, now = Date.now()) {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  delete(key: string) {
    this.entries.delete(key);
  }
}

/**
 * The catalogue version (catalogue_state, bumped by triggers on every catalogue table). On PostgreSQL it is
 * read at most every `checkEveryMs` per process (other instances' admin changes show within that time); on
 * the embedded PGlite, a single process, it is read on every lookup (one small query, never stale).
 */
export function createVersionReader(database: Database, checkEveryMs: number) {
  let version = -1;
  let checkedAt = 0;
  let pending: Promise<number> | null = null;
  const read = async () => {
    const [row] = await database.db
      .select({ version: catalogueState.version })
      .from(catalogueState)
      .where(eq(catalogueState.id, 1));
    return row?.version ?? 0;
  };
  return async function readVersion(): Promise<number> {
    if (database.driver !== 'postgres' || checkEveryMs <= 0) return read();
    const now = Date.now();
    if (now - checkedAt < checkEveryMs) return version;
    // Concurrent requests share one read.
    pending ??= read().finally(() => {
      pending = null;
    });
    version = await pending;
    checkedAt = now;
    return version;
  };
}

/**
 * The cached value of a key, computed once even when many requests ask at the same time (the promise is
 * cached); a failed computation is forgotten so the next request tries again.
 */
export function remember<V>(
  cache: ExpiringLru<Promise<V>>,
  key: string,
  compute: () => Promise<V>,
): Promise<V> {
  const cached = cache.get(key);
  if (cached) return cached;
  const pending = compute();
  cache.set(key, pending);
  pending.catch(() => {
    if (cache.get(key) === pending) cache.delete(key);
  });
  return pending;
}

/**
 * Today's New York date, recomputed only when the next 12:00 AM New York (the release instant) has passed:
 * cache keys change exactly when videos of the new day are released.
 */
export function createReleaseDay() {
  let today = '';
  let nextReleaseAt = 0;
  return function readReleaseDay(now = Date.now()): string {
    if (now >= nextReleaseAt) {
      today = todayInNewYork(new Date(now));
      nextReleaseAt = releaseInstant(addDays(today, 1)).getTime();
    }
    return today;
  };
}
