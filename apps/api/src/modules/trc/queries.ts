import { DURATION_BUCKETS, type TrcCategoryId } from '@dance/domain';
import {
  and,
  arrayContains,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  instructors,
  products,
  tags,
  trcApplications,
  trcContent,
  trcDocuments,
  trcReactions,
} from '../../db/schema';
import { notFound } from '../../lib/errors';

export type TrcContentRow = typeof trcContent.$inferSelect;
export type TrcApplicationRow = typeof trcApplications.$inferSelect;
export type TrcDocumentRow = typeof trcDocuments.$inferSelect;
export type TrcContentValues = Omit<typeof trcContent.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ---------------------------------------------------------------------------------------------------------
// Applications
// ---------------------------------------------------------------------------------------------------------

export async function findApplicationOfUser(db: DbOrTx, userId: string): Promise<TrcApplicationRow | null> {
  const [row] = await db.select().from(trcApplications).where(eq(trcApplications.userId, userId));
  return row ?? null;
}

export async function findApplication(db: DbOrTx, id: string): Promise<TrcApplicationRow> {
  const [row] = await db.select().from(trcApplications).where(eq(trcApplications.id, id));
  if (!row) throw notFound('Request not found');
  return row;
}

export async function upsertApplication(
  db: DbOrTx,
  values: Pick<TrcApplicationRow, 'userId' | 'name' | 'email' | 'link' | 'roles' | 'gain'>,
): Promise<TrcApplicationRow> {
  const now = new Date();
  const [row] = await db
    .insert(trcApplications)
    .values({ ...values, status: 'pending' })
    .onConflictDoUpdate({
      target: trcApplications.userId,
      set: { ...values, status: 'pending', decidedAt: null, decidedBy: null, updatedAt: now },
    })
    .returning();
  return row!;
}

/** Sets the decision only while the request is still pending (two admins deciding at once: one wins). */
export async function decideApplication(
  db: DbOrTx,
  id: string,
  status: 'approved' | 'rejected',
  adminId: string,
): Promise<TrcApplicationRow | null> {
  const now = new Date();
  const [row] = await db
    .update(trcApplications)
    .set({ status, decidedAt: now, decidedBy: adminId, updatedAt: now })
    .where(and(eq(trcApplications.id, id), eq(trcApplications.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function selectApplications(
  db: DbOrTx,
  q: { status?: string; role?: string; search?: string; page: number; pageSize: number },
) {
  const conditions: SQL[] = [];
  if (q.status) conditions.push(eq(trcApplications.status, q.status as TrcApplicationRow['status']));
  if (q.role) conditions.push(arrayContains(trcApplications.roles, [q.role]));
  if (q.search) {
    const p = likePattern(q.search);
    conditions.push(
      or(ilike(trcApplications.name, p), ilike(trcApplications.email, p), ilike(trcApplications.link, p))!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(trcApplications)
      .where(where)
      .orderBy(desc(trcApplications.createdAt), desc(trcApplications.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(trcApplications).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

// ---------------------------------------------------------------------------------------------------------
// Content
// ---------------------------------------------------------------------------------------------------------

export interface TrcFilters {
  category?: TrcCategoryId;
  type?: 'all' | 'pdf' | 'video';
  tags?: string[];
  durations?: number[];
  levels?: string[];
  instructors?: string[];
  products?: string[];
  search?: string;
}

export type TrcSort = 'latest' | 'oldest' | 'title_asc' | 'title_desc' | 'long_duration' | 'short_duration';

/** Members see an item from its release instant (12:00 AM New York on its release date). */
export const isReleased = (now: Date) => lte(trcContent.releaseAt, now);

export function trcConditions(f: TrcFilters, now: Date | null): SQL[] {
  const conditions: SQL[] = [];
  if (now) conditions.push(isReleased(now));
  if (f.category) conditions.push(arrayContains(trcContent.categories, [f.category]));
  if (f.type && f.type !== 'all') conditions.push(eq(trcContent.fileType, f.type));
  if (f.tags?.length) conditions.push(arrayOverlaps(trcContent.tagIds, f.tags));
  if (f.levels?.length) conditions.push(arrayOverlaps(trcContent.levels, f.levels));
  if (f.instructors?.length) conditions.push(inArray(trcContent.instructorId, f.instructors));
  if (f.products?.length) conditions.push(arrayOverlaps(trcContent.productIds, f.products));
  if (f.durations?.length) {
    const ranges = DURATION_BUCKETS.filter((b) => f.durations!.includes(b.value)).map((b) =>
      b.max === null
        ? gte(trcContent.durationSeconds, b.min)
        : and(gte(trcContent.durationSeconds, b.min), lt(trcContent.durationSeconds, b.max))!,
    );
    if (ranges.length) conditions.push(or(...ranges)!);
  }
  if (f.search) {
    // Every word must appear (title, about, instructor, tag names).
    for (const word of f.search.toLowerCase().split(/\s+/).filter(Boolean))
      conditions.push(ilike(trcContent.searchText, likePattern(word)));
  }
  return conditions;
}

function orderOf(sort: TrcSort) {
  switch (sort) {
    case 'oldest':
      return [asc(trcContent.releaseAt), asc(trcContent.id)];
    case 'title_asc':
      return [asc(sql`lower(${trcContent.title})`), asc(trcContent.id)];
    case 'title_desc':
      return [desc(sql`lower(${trcContent.title})`), desc(trcContent.id)];
    case 'long_duration':
      return [sql`${trcContent.durationSeconds} desc nulls last`, desc(trcContent.id)];
    case 'short_duration':
      return [sql`${trcContent.durationSeconds} asc nulls last`, asc(trcContent.id)];
    default:
      return [desc(trcContent.releaseAt), desc(trcContent.id)];
  }
}

export async function selectContentPage(
  db: DbOrTx,
  f: TrcFilters,
  sort: TrcSort,
  page: number,
  pageSize: number,
  now: Date,
) {
  const where = and(...trcConditions(f, now));
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(trcContent)
      .where(where)
      .orderBy(...orderOf(sort))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(trcContent).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

/** Released items, newest first (the home rows are cut from these per category). */
export function selectReleased(db: DbOrTx, now: Date, limit: number) {
  return db
    .select()
    .from(trcContent)
    .where(isReleased(now))
    .orderBy(desc(trcContent.releaseAt), desc(trcContent.id))
    .limit(limit);
}

export function selectAllContent(db: DbOrTx, f: { type?: 'all' | 'pdf' | 'video'; search?: string } = {}) {
  return db
    .select()
    .from(trcContent)
    .where(and(...trcConditions({ type: f.type, search: f.search }, null)))
    .orderBy(desc(trcContent.createdAt), desc(trcContent.id));
}

export async function findContent(db: DbOrTx, id: string): Promise<TrcContentRow | null> {
  const [row] = await db.select().from(trcContent).where(eq(trcContent.id, id));
  return row ?? null;
}

export async function selectContentByIds(db: DbOrTx, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select()
    .from(trcContent)
    .where(sql`${trcContent.id} = any(${sql.param(ids)}::uuid[])`);
}

export async function insertContent(db: DbOrTx, values: TrcContentValues) {
  const [row] = await db.insert(trcContent).values(values).returning();
  return row!;
}

export async function updateContent(db: DbOrTx, id: string, values: TrcContentValues) {
  const [row] = await db
    .update(trcContent)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(trcContent.id, id))
    .returning();
  return row ?? null;
}

export async function deleteContent(db: DbOrTx, id: string) {
  await db.delete(trcContent).where(eq(trcContent.id, id));
  // Other items stop pointing at it.
  await db
    .update(trcContent)
    .set({ relatedIds: sql`array_remove(${trcContent.relatedIds}, ${id}::uuid)` })
    .where(arrayContains(trcContent.relatedIds, [id]));
}

/** Tags, instructors and products of a set of items, one query each. */
export async function selectLookups(
  db: DbOrTx,
  rows: Pick<TrcContentRow, 'tagIds' | 'instructorId' | 'productIds'>[],
  withProducts = false,
) {
  const tagIds = [...new Set(rows.flatMap((r) => r.tagIds))];
  const instructorIds = [
    ...new Set(rows.map((r) => r.instructorId).filter((id): id is string => id !== null)),
  ];
  const productIds = withProducts ? [...new Set(rows.flatMap((r) => r.productIds))] : [];
  const [tagRows, instructorRows, productRows] = await Promise.all([
    tagIds.length
      ? db
          .select()
          .from(tags)
          .where(sql`${tags.id} = any(${sql.param(tagIds)}::uuid[])`)
      : [],
    instructorIds.length ? db.select().from(instructors).where(inArray(instructors.id, instructorIds)) : [],
    productIds.length
      ? db
          .select()
          .from(products)
          .where(sql`${products.id} = any(${sql.param(productIds)}::uuid[])`)
      : [],
  ]);
  return {
    tags: new Map(tagRows.map((t) => [t.id, t])),
    instructors: new Map(instructorRows.map((i) => [i.id, i])),
    products: new Map(productRows.map((p) => [p.id, p])),
  };
}

/** The tags, instructors and products used by released items (filter options). */
export async function selectFilterIds(db: DbOrTx, now: Date) {
  const [row] = await db
    .select({
      tagIds: sql<string[]>`coalesce(array_agg(distinct t.tag_id) filter (where t.tag_id is not null), '{}')`,
    })
    .from(sql`${trcContent} left join lateral unnest(${trcContent.tagIds}) as t(tag_id) on true`)
    .where(isReleased(now));
  const [p] = await db
    .select({
      productIds: sql<
        string[]
      >`coalesce(array_agg(distinct p.product_id) filter (where p.product_id is not null), '{}')`,
    })
    .from(sql`${trcContent} left join lateral unnest(${trcContent.productIds}) as p(product_id) on true`)
    .where(isReleased(now));
  const instructorRows = await db
    .selectDistinct({ id: trcContent.instructorId })
    .from(trcContent)
    .where(and(isReleased(now), sql`${trcContent.instructorId} is not null`));
  return {
    tagIds: row?.tagIds ?? [],
    productIds: p?.productIds ?? [],
    instructorIds: instructorRows.map((r) => r.id!),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Documents and reactions
// ---------------------------------------------------------------------------------------------------------

export async function insertDocument(db: DbOrTx, values: Omit<TrcDocumentRow, 'id' | 'createdAt'>) {
  const [row] = await db.insert(trcDocuments).values(values).returning();
  return row!;
}

export async function findDocument(db: DbOrTx, id: string): Promise<TrcDocumentRow | null> {
  const [row] = await db.select().from(trcDocuments).where(eq(trcDocuments.id, id));
  return row ?? null;
}

export async function reactionsOf(db: DbOrTx, contentId: string, userId: string) {
  const rows = await db
    .select({
      reaction: trcReactions.reaction,
      n: count(),
      mine: sql<number>`count(*) filter (where ${trcReactions.userId} = ${userId})`,
    })
    .from(trcReactions)
    .where(eq(trcReactions.contentId, contentId))
    .groupBy(trcReactions.reaction);
  const like = rows.find((r) => r.reaction === 'like');
  const dislike = rows.find((r) => r.reaction === 'dislike');
  const reaction = Number(like?.mine ?? 0) > 0 ? 'like' : Number(dislike?.mine ?? 0) > 0 ? 'dislike' : null;
  return {
    reaction: reaction as 'like' | 'dislike' | null,
    likeCount: Number(like?.n ?? 0),
    dislikeCount: Number(dislike?.n ?? 0),
  };
}

export async function setReaction(
  db: DbOrTx,
  contentId: string,
  userId: string,
  reaction: 'like' | 'dislike' | null,
) {
  if (reaction === null) {
    await db
      .delete(trcReactions)
      .where(and(eq(trcReactions.contentId, contentId), eq(trcReactions.userId, userId)));
    return;
  }
  await db
    .insert(trcReactions)
    .values({ contentId, userId, reaction })
    .onConflictDoUpdate({
      target: [trcReactions.userId, trcReactions.contentId],
      set: { reaction, updatedAt: new Date() },
    });
}
