import { addDays, releaseInstant, todayInNewYork } from '@dance/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { catalogueState } from '../../db/schema';

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
