import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { commentImages, commentMutes, commentSettings, comments, uploads, users } from '../../db/schema';

/** Rows of a raw statement, whichever driver ran it (postgres.js answers an array, PGlite `{ rows }`). */
async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Who reads: pending comments and images are shown to their author and to admins only. */
export interface Reader {
  userId: string;
  isAdmin: boolean;
}

/** A position in a subject's newest-first list of top-level comments. */
export interface Position {
  /** created_at as PostgreSQL prints it (microseconds kept: a JS Date would round them off). */
  createdAt: string;
  id: string;
}

export interface ThreadRow {
  id: string;
  subject_type: string;
  subject_id: string;
  author_id: string;
  reply_to: string | null;
  content: string;
  requires_validation: boolean;
  created_at: Date | string;
  position_at: string;
  edited_at: Date | string | null;
  first_name: string;
  last_name: string;
  image_url: string | null;
  images: { id: string; url: string; pending: boolean }[] | string;
  total: number;
}

/**
 * One page of a subject's comments in ONE statement, whatever the number of replies: the top-level comments
 * after `after` (newest first, by created_at then id, so equal timestamps page correctly), at most `limit`, or
 * every one down to `until` (a target); their replies; authors; visible images; and the subject's visible total.
 */
export function selectThreadPage(
  db: DbOrTx,
  input: {
    subjectType: string;
    subjectId: string;
    reader: Reader;
    after: Position | null;
    until: Position | null;
    limit: number;
  },
) {
  const { subjectType, subjectId, reader, after, until, limit } = input;
  const visible = (alias: string) =>
    sql
      .raw(`(not ${alias}.requires_validation or ${alias}.author_id = `)
      .append(sql`${reader.userId}::uuid or ${reader.isAdmin}::boolean)`);
  return rowsOf<ThreadRow>(
    db,
    sql`
    with page as (
      select c.* from comments c
      where c.subject_type = ${subjectType} and c.subject_id = ${subjectId} and c.reply_to is null
        and c.deleted_at is null and ${visible('c')}
        ${after ? sql`and (c.created_at, c.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
        ${until ? sql`and (c.created_at, c.id) >= (${until.createdAt}::timestamptz, ${until.id}::uuid)` : sql``}
      order by c.created_at desc, c.id desc
      limit ${limit}
    ), rows as (
      select p.* from page p
      union all
      select r.* from comments r join page p on r.reply_to = p.id
      where r.deleted_at is null and ${visible('r')}
    )
    select rows.id, rows.subject_type, rows.subject_id, rows.author_id, rows.reply_to, rows.content,
      rows.requires_validation, rows.created_at, rows.created_at::text as position_at, rows.edited_at,
      u.first_name, u.last_name, u.image_url,
      coalesce((
        select json_agg(json_build_object('id', i.id, 'url', i.url, 'pending', i.requires_validation) order by i.created_at, i.id)
        from comment_images i
        where i.comment_id = rows.id and i.deleted_at is null
          and (not i.requires_validation or rows.author_id = ${reader.userId}::uuid or ${reader.isAdmin}::boolean)
      ), '[]'::json) as images,
      (select count(*)::int from comments t
        where t.subject_type = ${subjectType} and t.subject_id = ${subjectId} and t.deleted_at is null
          and ${visible('t')}) as total
    from rows join users u on u.id = rows.author_id
    order by rows.created_at desc, rows.id desc`,
  );
}

/** The visible total of a subject when its page is empty (the page statement carries it on every row). */
export async function countVisible(db: DbOrTx, subjectType: string, subjectId: string, reader: Reader) {
  const [row] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from comments t
      where t.subject_type = ${subjectType} and t.subject_id = ${subjectId} and t.deleted_at is null
        and (not t.requires_validation or t.author_id = ${reader.userId}::uuid or ${reader.isAdmin}::boolean)`,
  );
  return row?.total ?? 0;
}

/** A comment's position in its subject's list (of its top-level comment for a reply). */
export async function positionOf(db: DbOrTx, id: string): Promise<Position | null> {
  const [row] = await rowsOf<{ id: string; position_at: string }>(
    db,
    sql`select top.id, top.created_at::text as position_at
      from comments c join comments top on top.id = coalesce(c.reply_to, c.id)
      where c.id = ${id}::uuid`,
  );
  return row ? { id: row.id, createdAt: row.position_at } : null;
}

export async function findComment(db: DbOrTx, id: string) {
  const [row] = await db.select().from(comments).where(eq(comments.id, id));
  return row ?? null;
}

export async function readSettings(db: DbOrTx) {
  const [row] = await db.select().from(commentSettings).where(eq(commentSettings.id, 1));
  if (row) return row;
  const [created] = await db.insert(commentSettings).values({ id: 1 }).onConflictDoNothing().returning();
  return created ?? (await db.select().from(commentSettings).where(eq(commentSettings.id, 1)))[0]!;
}

export async function isMuted(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ userId: commentMutes.userId })
    .from(commentMutes)
    .where(eq(commentMutes.userId, userId));
  return Boolean(row);
}

/** The author's comments since a moment (abuse limits). */
export async function countSince(db: DbOrTx, authorId: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(comments)
    .where(and(eq(comments.authorId, authorId), gte(comments.createdAt, since)));
  return Number(row?.n ?? 0);
}

/** The author's latest comment (duplicate check). */
export async function latestByAuthor(db: DbOrTx, authorId: string) {
  const [row] = await db
    .select({ content: comments.content, createdAt: comments.createdAt })
    .from(comments)
    .where(and(eq(comments.authorId, authorId), isNull(comments.deletedAt)))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(1);
  return row ?? null;
}

/** The caller's uploads of comment images among these keys, not yet attached to a comment. */
export async function ownUnattachedUploads(db: DbOrTx, uploaderId: string, keys: string[]) {
  if (keys.length === 0) return [];
  const owned = await db
    .select({ key: uploads.key })
    .from(uploads)
    .where(and(eq(uploads.uploaderId, uploaderId), eq(uploads.kind, 'image'), inArray(uploads.key, keys)));
  const attached = await db
    .select({ key: commentImages.key })
    .from(commentImages)
    .where(inArray(commentImages.key, keys));
  const taken = new Set(attached.map((row) => row.key));
  return owned.map((row) => row.key).filter((key) => !taken.has(key));
}

/** A comment with its author and images, as a write answers it. */
export async function commentWithAuthor(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      comment: comments,
      firstName: users.firstName,
      lastName: users.lastName,
      imageUrl: users.imageUrl,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(eq(comments.id, id));
  if (!row) return null;
  const images = await db
    .select()
    .from(commentImages)
    .where(and(eq(commentImages.commentId, id), isNull(commentImages.deletedAt)))
    .orderBy(commentImages.createdAt, commentImages.id);
  return { ...row, images };
}

// ---- moderation ----

export interface ModerationFilter {
  status?: 'pending' | 'approved' | 'rejected';
  start?: Date;
  /** Exclusive. */
  end?: Date;
  offset: number;
  limit: number;
}

function statusWhere(
  table: typeof comments | typeof commentImages,
  status: ModerationFilter['status'],
): SQL | undefined {
  if (status === 'rejected') return isNotNull(table.deletedAt);
  if (status === 'pending') return and(isNull(table.deletedAt), eq(table.requiresValidation, true));
  if (status === 'approved') return and(isNull(table.deletedAt), eq(table.requiresValidation, false));
  return undefined;
}

const authorColumns = {
  authorId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  muted: sql<boolean>`exists (select 1 from ${commentMutes} m where m.user_id = ${users.id})`,
};

export async function selectModerationComments(db: DbOrTx, filter: ModerationFilter) {
  const where = and(
    statusWhere(comments, filter.status),
    filter.start ? gte(comments.createdAt, filter.start) : undefined,
    filter.end ? lt(comments.createdAt, filter.end) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select({ comment: comments, ...authorColumns })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.authorId))
      .where(where)
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(comments).where(where),
  ]);
  return { items, total: Number(total?.n ?? 0) };
}

export async function selectModerationImages(db: DbOrTx, filter: ModerationFilter) {
  const where = and(
    statusWhere(commentImages, filter.status),
    filter.start ? gte(commentImages.createdAt, filter.start) : undefined,
    filter.end ? lt(commentImages.createdAt, filter.end) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select({ image: commentImages, comment: comments, ...authorColumns })
      .from(commentImages)
      .innerJoin(comments, eq(comments.id, commentImages.commentId))
      .innerJoin(users, eq(users.id, comments.authorId))
      .where(where)
      .orderBy(desc(commentImages.createdAt), desc(commentImages.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(commentImages).where(where),
  ]);
  return { items, total: Number(total?.n ?? 0) };
}

export async function findModerationComment(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ comment: comments, ...authorColumns })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(eq(comments.id, id));
  return row ?? null;
}

export async function findModerationImage(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ image: commentImages, comment: comments, ...authorColumns })
    .from(commentImages)
    .innerJoin(comments, eq(comments.id, commentImages.commentId))
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(eq(commentImages.id, id));
  return row ?? null;
}
