import type { TAdminUser } from '@dance/domain';
import { and, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type UserRow, users } from '../../db/schema';
import { likePattern } from '../admin-videos/queries';

export function toAdminUser(row: UserRow): TAdminUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    userType: row.userType,
    imageUrl: row.imageUrl,
    studioOwnerId: row.studioOwnerId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One page of users, newest first; the search matches email, first, last or full name. */
export async function selectAdminUserPage(
  db: DbOrTx,
  params: { search?: string; limit: number; offset: number },
) {
  const pattern = params.search ? likePattern(params.search) : null;
  const where = pattern
    ? or(
        ilike(users.email, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      )
    : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(params.limit)
      .offset(params.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { items: rows.map(toAdminUser), total: counted?.n ?? 0 };
}

export async function findUserRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function isEmailTakenByOther(db: DbOrTx, email: string, userId: string) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)));
  return taken !== undefined;
}

export async function updateUserName(
  db: DbOrTx,
  id: string,
  fields: Pick<UserRow, 'firstName' | 'lastName' | 'email'>,
) {
  const [row] = await db
    .update(users)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

/** The deleted row, or null when there was none. */
export async function deleteUser(db: DbOrTx, id: string) {
  const [deleted] = await db.delete(users).where(eq(users.id, id)).returning();
  return deleted ?? null;
}
