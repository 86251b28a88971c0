import { SESSION_TTL_MS, type TSessionUser } from '@dance/domain';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type SessionRow, sessions, type UserRow, users } from '../../db/schema';
import { generateToken, sha256 } from '../../lib/tokens';

export interface CreatedSession {
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

export async function createSession(
  db: DbOrTx,
  userId: string,
  kind: 'cookie' | 'bearer',
  meta: { userAgent?: string; ip?: string },
): Promise<CreatedSession> {
  const token = generateToken();
  const csrfToken = generateToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({
    id: sha256(token),
    userId,
    csrfToken,
    kind,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 300),
    ip: meta.ip,
  });
  return { token, csrfToken, expiresAt };
}

export interface ResolvedSession {
  session: SessionRow;
  user: UserRow;
  /** The expiry moved forward on this request: a cookie client gets the cookie again. */
  wasRenewed?: boolean;
}

/** Finds a live session by its token and slides its expiry once half of its lifetime has passed. */
export async function findSession(db: DbOrTx, token: string): Promise<ResolvedSession | null> {
  const id = sha256(token);
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row) return null;
  const remaining = row.session.expiresAt.getTime() - Date.now();
  if (remaining < SESSION_TTL_MS / 2) {
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await db.update(sessions).set({ expiresAt, lastUsedAt: new Date() }).where(eq(sessions.id, id));
    row.session.expiresAt = expiresAt;
    return { ...row, wasRenewed: true };
  }
  return row;
}

export async function deleteSession(db: DbOrTx, token: string) {
  await db.delete(sessions).where(eq(sessions.id, sha256(token)));
}

/** Ends every session of a user except, optionally, the one still in use. */
export async function deleteOtherSessions(db: DbOrTx, userId: string, keepSessionId?: string) {
  await db
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
        : eq(sessions.userId, userId),
    );
}

export async function deleteExpiredSessions(db: DbOrTx) {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

export function toSessionUser(user: UserRow): TSessionUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    userType: user.userType ?? null,
    signupRole: user.signupRole ?? null,
    subscriptionId: user.subscriptionId ?? null,
    isTrialAvailed: user.isTrialAvailed,
    imageUrl: user.imageUrl ?? null,
    studioOwnerId: user.studioOwnerId ?? null,
  };
}
