import { LOGIN_LOCKOUT_MS, MAX_FAILED_LOGINS } from '@dance/domain';
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginFailures } from '../../db/schema';

/** Failures count per account and per address; a run of failures older than the lockout starts over. */
export const throttleKeys = (email: string, ip: string) => [`email:${email}`, `ip:${ip}`];

/** True when one of the keys has had MAX_FAILED_LOGINS failures in a row within the lockout window. */
export async function isLockedOut(db: DbOrTx, keys: string[]): Promise<boolean> {
  const rows = await db.select().from(loginFailures).where(inArray(loginFailures.key, keys));
  const windowStart = Date.now() - LOGIN_LOCKOUT_MS;
  return rows.some((r) => r.count >= MAX_FAILED_LOGINS && r.lastFailedAt.getTime() > windowStart);
}

export async function recordFailure(db: DbOrTx, keys: string[]) {
  const now = new Date();
  const windowStart = new Date(now.getTime() - LOGIN_LOCKOUT_MS);
  for (const key of keys) {
    await db
      .insert(loginFailures)
      .values({ key, count: 1, lastFailedAt: now })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          count: sql`case when ${loginFailures.lastFailedAt} < ${windowStart.toISOString()}::timestamptz then 1 else ${loginFailures.count} + 1 end`,
          lastFailedAt: now,
        },
      });
  }
}

export async function clearFailures(db: DbOrTx, keys: string[]) {
  await db.delete(loginFailures).where(inArray(loginFailures.key, keys));
}
