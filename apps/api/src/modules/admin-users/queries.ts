import { findPlan, SUBSCRIPTION_STATUS_LABELS, type TAdminUser, type TAdminUsersQuery } from '@dance/domain';
import { and, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { subscriptions, type UserRow, users } from '../../db/schema';
import { likePattern } from '../admin-videos/queries';

type UserFilters = Pick<TAdminUsersQuery, 'kind' | 'status'>;

/** Whose subscription gives the user access: a sub-user's studio owner, anyone else themselves. */
const accessOwner = sql`coalesce(case when ${users.userType} = 'subuser' then ${users.studioOwnerId} end, ${users.id})`;
const latestStatus = sql`(select ${subscriptions.status} from ${subscriptions} where ${subscriptions.userId} = ${accessOwner} order by ${subscriptions.updatedAt} desc, ${subscriptions.resourceVersion} desc limit 1)`;

function kindFilter(kind: UserFilters['kind']): SQL | undefined {
  switch (kind) {
    case 'admin':
      return eq(users.role, 'admin');
    case 'individual':
      return and(eq(users.role, 'user'), eq(users.userType, 'individual-user'));
    case 'vip':
      return and(eq(users.role, 'user'), eq(users.userType, 'vip'));
    case 'studio-owner':
      return and(eq(users.role, 'user'), eq(users.userType, 'studio-owner'));
    case 'subuser':
      return and(eq(users.role, 'user'), eq(users.userType, 'subuser'));
    case 'no-plan':
      return and(eq(users.role, 'user'), isNull(users.userType));
    default:
      return undefined;
  }
}

function statusFilter(status: UserFilters['status']): SQL | undefined {
  if (!status) return undefined;
  return status === 'none' ? sql`${latestStatus} is null` : sql`${latestStatus} = ${status}`;
}

/** Rows as the admin list shows them: with the plan that gives access and a sub-user's studio. */
export async function toAdminUsers(db: DbOrTx, rows: UserRow[]): Promise<TAdminUser[]> {
  const ownerOf = (r: UserRow) => (r.userType === 'subuser' && r.studioOwnerId ? r.studioOwnerId : r.id);
  const ownerIds = [...new Set(rows.map(ownerOf))];
  const studioIds = [
    ...new Set(rows.flatMap((r) => (r.userType === 'subuser' && r.studioOwnerId ? [r.studioOwnerId] : []))),
  ];
  const [subs, studios] = await Promise.all([
    ownerIds.length
      ? db
          .select({
            userId: subscriptions.userId,
            planId: subscriptions.planId,
            status: subscriptions.status,
          })
          .from(subscriptions)
          .where(inArray(subscriptions.userId, ownerIds))
          .orderBy(desc(subscriptions.updatedAt), desc(subscriptions.resourceVersion))
      : [],
    studioIds.length
      ? db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(users)
          .where(inArray(users.id, studioIds))
      : [],
  ]);
  const latest = new Map<string, (typeof subs)[number]>();
  for (const sub of subs) if (!latest.has(sub.userId)) latest.set(sub.userId, sub);
  const studioById = new Map(studios.map((s) => [s.id, s]));
  return rows.map((row) => {
    const sub = row.role === 'admin' ? undefined : latest.get(ownerOf(row));
    const studio =
      row.userType === 'subuser' && row.studioOwnerId ? studioById.get(row.studioOwnerId) : undefined;
    return {
      ...toAdminUser(row),
      plan: sub
        ? {
            planId: sub.planId,
            title: findPlan(sub.planId).title,
            status: sub.status,
            statusLabel: SUBSCRIPTION_STATUS_LABELS[sub.status],
            via: ownerOf(row) === row.id ? ('own' as const) : ('studio' as const),
          }
        : null,
      studio: studio
        ? { id: studio.id, name: `${studio.firstName} ${studio.lastName}`.trim(), email: studio.email }
        : null,
    };
  });
}

function toAdminUser(row: UserRow): Omit<TAdminUser, 'plan' | 'studio'> {
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

/**
 * One page of users, newest first; the search matches email, first, last or full name; the filters the kind
 * and the status of the plan that gives access.
 */
export async function selectAdminUserPage(
  db: DbOrTx,
  params: { search?: string; limit: number; offset: number } & UserFilters,
) {
  const pattern = params.search ? likePattern(params.search) : null;
  const where = and(
    pattern
      ? or(
          ilike(users.email, pattern),
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        )
      : undefined,
    kindFilter(params.kind),
    statusFilter(params.status),
  );
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
  return { items: await toAdminUsers(db, rows), total: counted?.n ?? 0 };
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

/** The deleted rows of those ids (unknown ids are skipped). */
export async function deleteUsers(db: DbOrTx, ids: string[]) {
  return db.delete(users).where(inArray(users.id, ids)).returning();
}
