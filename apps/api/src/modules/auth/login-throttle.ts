import {
  ACCOUNT_LOCKOUT_WINDOW_MS,
  LOGIN_LOCKOUT_MS,
  MAX_FAILED_LOGINS,
  MAX_FAILED_LOGINS_PER_ACCOUNT,
  MAX_FAILED_LOGINS_PER_ADDRESS,
} from '@dance/domain';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { auditLog, loginFailures } from '../../db/schema';

/**
 * Failed logins are counted under three keys (decision 0018):
 * - `pair:{address} {email}`: one address guessing one account; 5 failures lock that pair for 15 minutes,
 *   and a successful login from that address to that account clears it. Locking the pair, not the account,
 *   means a stranger cannot lock the owner out.
 * - `ip:{address}`: one address guessing many accounts; 20 failures lock the address for 15 minutes. A success
 *   does not clear it, so logging into one's own account between guesses gains nothing. 20 leaves room for
 *   an office behind one NAT address.
 * - `email:{email}`: many addresses guessing one account; 50 failures within an hour lock the account
 *   everywhere. Only a password reset (or an hour) clears it.
 * A run of failures older than its window starts over. The address is written first: it never contains a
 * space, so the email is everything after the first space.
 */
export type ThrottleScope = 'pair' | 'address' | 'account';

export interface ThrottleKey {
  key: string;
  scope: ThrottleScope;
  max: number;
  windowMs: number;
}

/**
 * The address a failure counts against: an IPv4 address as it is, an IPv6 address by its /64 (one subscriber's
 * network, where every device, and every attacker, may pick any of 2^64 addresses).
 */
export function throttleAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = ip.includes('::') && tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array(Math.max(0, missing)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export function throttleKeys(email: string, address: string): ThrottleKey[] {
  const ip = throttleAddress(address);
  return [
    { key: `pair:${ip} ${email}`, scope: 'pair', max: MAX_FAILED_LOGINS, windowMs: LOGIN_LOCKOUT_MS },
    { key: `ip:${ip}`, scope: 'address', max: MAX_FAILED_LOGINS_PER_ADDRESS, windowMs: LOGIN_LOCKOUT_MS },
    {
      key: `email:${email}`,
      scope: 'account',
      max: MAX_FAILED_LOGINS_PER_ACCOUNT,
      windowMs: ACCOUNT_LOCKOUT_WINDOW_MS,
    },
  ];
}

/** True when one of the keys has reached its limit within its window. */
export async function isLockedOut(db: DbOrTx, keys: ThrottleKey[]): Promise<boolean> {
  const rows = await db
    .select()
    .from(loginFailures)
    .where(
      inArray(
        loginFailures.key,
        keys.map((k) => k.key),
      ),
    );
  const now = Date.now();
  return keys.some((k) => {
    const row = rows.find((r) => r.key === k.key);
    return row !== undefined && row.count >= k.max && row.lastFailedAt.getTime() > now - k.windowMs;
  });
}

export interface FailureContext {
  log: FastifyBaseLogger;
  requestId: string;
  ip: string;
  /** The account behind the email, when there is one (for the audit record). */
  userId: string | null;
}

/**
 * Counts one failure under every key. The failure that reaches a key's limit is a lockout: logged as a
 * warning and recorded in the audit log (action `login-lockout`, no actor), where admins and alerts read it.
 */
export async function recordFailure(db: DbOrTx, keys: ThrottleKey[], context: FailureContext) {
  const now = new Date();
  for (const k of keys) {
    const windowStart = new Date(now.getTime() - k.windowMs);
    const [row] = await db
      .insert(loginFailures)
      .values({ key: k.key, count: 1, lastFailedAt: now })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          count: sql`case when ${loginFailures.lastFailedAt} < ${windowStart.toISOString()}::timestamptz then 1 else ${loginFailures.count} + 1 end`,
          lastFailedAt: now,
        },
      })
      .returning({ count: loginFailures.count });
    if (row?.count === k.max) {
      const changes = { scope: k.scope, ip: context.ip, userId: context.userId, failures: k.max };
      context.log.warn({ event: 'login-lockout', ...changes }, `login locked out (${k.scope})`);
      await db.insert(auditLog).values({
        actorId: null,
        action: 'login-lockout',
        entity: 'login',
        entityId: context.userId,
        changes,
        requestId: context.requestId,
      });
    }
  }
}

/** A successful login clears only its own (address, account) pair. */
export async function clearPairFailures(db: DbOrTx, email: string, address: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, `pair:${throttleAddress(address)} ${email}`));
}

/** A new password lifts every lock of the account: its global count and every (address, account) pair. */
export async function clearAccountFailures(db: DbOrTx, email: string) {
  const suffix = ` ${email}`;
  await db
    .delete(loginFailures)
    .where(
      or(
        eq(loginFailures.key, `email:${email}`),
        sql`(${loginFailures.key} like 'pair:%' and right(${loginFailures.key}, char_length(${suffix})) = ${suffix})`,
      ),
    );
}
