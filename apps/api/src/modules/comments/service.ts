import {
  COMMENT_MESSAGES,
  COMMENT_PAGE_SIZE,
  commentsChannel,
  MODERATION_PAGE_SIZE,
  moderationStatusOf,
  type TComment,
  type TCommentListQuery,
  type TCommentSubjectType,
  type TCommentThread,
  type TModerationComment,
  type TModerationImage,
  type TModerationQuery,
  type TModerationSettings,
  type TPostComment,
  type TUpdateModerationSettings,
} from '@dance/domain';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { renderActionMail } from '../../adapters/mail';
import type { DbOrTx } from '../../db/client';
import {
  type CommentImageRow,
  type CommentRow,
  commentImages,
  commentMutes,
  commentSettings,
  comments,
  users,
} from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { unsubscribeParts } from '../../lib/unsubscribe';
import { type AdminChange, recordAudit } from '../audit/record';
import type { ResolvedSession } from '../auth/sessions';
import {
  commentWithAuthor,
  countSince,
  countVisible,
  findComment,
  findModerationComment,
  findModerationImage,
  isMuted,
  latestByAuthor,
  ownUnattachedUploads,
  type Position,
  positionOf,
  type Reader,
  readSettings,
  selectModerationComments,
  selectModerationImages,
  selectThreadPage,
  type ThreadRow,
} from './queries';
import { commentSubject, type DescribedSubject, withTarget } from './subjects';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const readerOf = (caller: ResolvedSession): Reader => ({
  userId: caller.user.id,
  isAdmin: caller.user.role === 'admin',
});

// ---- hooks ----

/** What a reply hook is told: the reply, the comment it answers (its author is the one to notify) and the link. */
export interface ReplyEvent {
  reply: CommentRow;
  repliedTo: CommentRow;
  /** The member app's URL of the reply (with `target`). */
  url: string;
}
type ReplyListener = (app: FastifyInstance, event: ReplyEvent) => Promise<void>;
const replyListeners = new Set<ReplyListener>();

/**
 * The one place another module hears of replies (the notifications inbox and push plug in here at merge):
 * `onReply(listener)` at its module's top level; the same function registered twice runs once.
 */
export function onReply(listener: ReplyListener) {
  replyListeners.add(listener);
}

/**
 * The reply mail (spec: the author of a comment hears of replies unless `commentNotifications` is off; that flag
 * is the reply row's mail cell of the notification preferences, decision 0038).
 */
async function mailReply(app: FastifyInstance, { reply, repliedTo, url }: ReplyEvent) {
  if (reply.authorId === repliedTo.authorId) return;
  const [[recipient], [replier]] = await Promise.all([
    app.db.select().from(users).where(eq(users.id, repliedTo.authorId)),
    app.db.select().from(users).where(eq(users.id, reply.authorId)),
  ]);
  if (!recipient || !replier || !recipient.commentNotifications) return;
  const excerpt = reply.content.length > 200 ? `${reply.content.slice(0, 200)}…` : reply.content;
  // One click turns the reply mail off (decision 0038): the body's link and the RFC 8058 headers.
  const unsubscribe = unsubscribeParts(app.config, recipient.id, 'reply');
  await app.mail.send({
    headers: unsubscribe.headers,
    to: recipient.email,
    subject: `${replier.firstName} replied to your comment`,
    ...renderActionMail({
      greeting: `Hi ${recipient.firstName},`,
      lines: [`${replier.firstName} ${replier.lastName} replied to your comment:`, `“${excerpt}”`],
      actionLabel: 'View the reply',
      actionUrl: url,
      footer: `You can turn these mails off on your account page, or with one click: ${unsubscribe.pageUrl} Dance Training`,
    }),
  });
}
onReply(mailReply);

// ---- reading ----

function subjectOrNotFound(type: string) {
  const subject = commentSubject(type);
  if (!subject) throw notFound();
  return subject;
}

/** The subject exists and the caller may read its comments; otherwise 404. */
async function requireReadable(app: FastifyInstance, caller: ResolvedSession, type: string, id: string) {
  const subject = subjectOrNotFound(type);
  if (!(await subject.canRead(app.db, caller, id))) throw notFound();
  return subject;
}

function toComment(row: ThreadRow, reader: Reader): TComment {
  const images = typeof row.images === 'string' ? JSON.parse(row.images) : row.images;
  return {
    id: row.id,
    subjectType: row.subject_type as TCommentSubjectType,
    subjectId: row.subject_id,
    replyTo: row.reply_to,
    content: row.content,
    createdAt: iso(row.created_at)!,
    editedAt: iso(row.edited_at),
    pending: row.requires_validation,
    author: {
      id: row.author_id,
      firstName: row.first_name,
      lastName: row.last_name,
      imageUrl: row.image_url,
    },
    images,
    canModify: reader.isAdmin || reader.userId === row.author_id,
  };
}

const encodeCursor = (position: Position) =>
  Buffer.from(`${position.createdAt}|${position.id}`).toString('base64url');
function decodeCursor(cursor: string): Position {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (
    !createdAt ||
    !id ||
    !/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/.test(createdAt) ||
    !/^[0-9a-f-]{36}$/i.test(id)
  )
    throw new AppError('VALIDATION_FAILED', 'Invalid cursor', { fields: { cursor: 'Invalid cursor' } });
  return { createdAt, id };
}

/** Most top-level comments a target may pull into its first page. */
const MAX_TARGET_PAGE = 500;

export async function listComments(
  app: FastifyInstance,
  caller: ResolvedSession,
  query: TCommentListQuery & { cursor?: string; target?: string },
) {
  await requireReadable(app, caller, query.subjectType, query.subjectId);
  const reader = readerOf(caller);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  let until: Position | null = null;
  if (query.target && !after) {
    const target = await findComment(app.db, query.target);
    if (target && target.subjectType === query.subjectType && target.subjectId === query.subjectId)
      until = await positionOf(app.db, target.id);
  }
  const base = { subjectType: query.subjectType, subjectId: query.subjectId, reader, after };
  let rows = until
    ? await selectThreadPage(app.db, { ...base, until, limit: MAX_TARGET_PAGE })
    : await selectThreadPage(app.db, { ...base, until: null, limit: COMMENT_PAGE_SIZE + 1 });
  let topLevel = rows.filter((row) => row.reply_to === null);
  // A target within the first page: the ordinary page, so the next cursor is where it would be.
  if (until && topLevel.length < COMMENT_PAGE_SIZE) {
    rows = await selectThreadPage(app.db, { ...base, until: null, limit: COMMENT_PAGE_SIZE + 1 });
    topLevel = rows.filter((row) => row.reply_to === null);
    until = null;
  }
  const hasMore = until ? true : topLevel.length > COMMENT_PAGE_SIZE;
  const shown = until ? topLevel : topLevel.slice(0, COMMENT_PAGE_SIZE);
  const shownIds = new Set(shown.map((row) => row.id));
  const threads: TCommentThread[] = shown.map((row) => ({ ...toComment(row, reader), replies: [] }));
  const byId = new Map(threads.map((thread) => [thread.id, thread]));
  // Replies oldest first under their comment (the statement orders newest first).
  for (const row of [...rows].reverse())
    if (row.reply_to && shownIds.has(row.reply_to))
      byId.get(row.reply_to)!.replies.push(toComment(row, reader));
  const last = shown.at(-1);
  const settings = await readSettings(app.db);
  return {
    comments: threads,
    total: rows[0]?.total ?? (await countVisible(app.db, query.subjectType, query.subjectId, reader)),
    nextCursor: hasMore && last ? encodeCursor({ createdAt: last.position_at, id: last.id }) : null,
    commentValidation: settings.commentValidation,
  };
}

/** The comment as its writer gets it back. */
async function answerOf(app: FastifyInstance, id: string, reader: Reader): Promise<TComment> {
  const found = await commentWithAuthor(app.db, id);
  if (!found) throw notFound();
  const { comment } = found;
  return {
    id: comment.id,
    subjectType: comment.subjectType as TCommentSubjectType,
    subjectId: comment.subjectId,
    replyTo: comment.replyTo,
    content: comment.content,
    createdAt: comment.createdAt.toISOString(),
    editedAt: iso(comment.editedAt),
    pending: comment.requiresValidation,
    author: {
      id: comment.authorId,
      firstName: found.firstName,
      lastName: found.lastName,
      imageUrl: found.imageUrl,
    },
    images: found.images.map((image) => ({
      id: image.id,
      url: image.url,
      pending: image.requiresValidation,
    })),
    canModify: reader.isAdmin || reader.userId === comment.authorId,
  };
}

// ---- writing ----

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether the text holds a blocked word or phrase (whole words, any case). */
export function containsBlockedWord(content: string, blockedWords: string[]): boolean {
  const lower = content.toLowerCase();
  return blockedWords.some((word) =>
    new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(word.toLowerCase())}($|[^\\p{L}\\p{N}])`, 'u').test(lower),
  );
}

/** The file-store key of an image URL this API answered for a comment image, or null. */
function commentImageKey(url: string): string | null {
  const match = /(?:^|\/)(comment-image\/\d{4}-\d{2}\/[0-9a-f-]{36}\.[a-z]{3,4})$/.exec(url);
  return match ? match[1]! : null;
}

async function publish(app: FastifyInstance, comment: CommentRow, type: string) {
  try {
    await app.live.publish(commentsChannel(comment.subjectType as TCommentSubjectType, comment.subjectId), {
      type,
      data: { commentId: comment.id, replyTo: comment.replyTo },
    });
  } catch (error) {
    // Live is a convenience: the change is committed; followers catch up at their next load.
    app.log.warn({ err: error }, 'live publish failed');
  }
}

export async function postComment(app: FastifyInstance, caller: ResolvedSession, input: TPostComment) {
  const subject = await requireReadable(app, caller, input.subjectType, input.subjectId);
  const reader = readerOf(caller);
  const { user } = caller;
  let repliedTo: CommentRow | null = null;
  if (input.replyTo) {
    repliedTo = await findComment(app.db, input.replyTo);
    const visible =
      repliedTo &&
      !repliedTo.deletedAt &&
      repliedTo.subjectType === input.subjectType &&
      repliedTo.subjectId === input.subjectId &&
      (!repliedTo.requiresValidation || reader.isAdmin || repliedTo.authorId === user.id);
    if (!visible) throw notFound();
  }
  const urls = input.images ?? [];
  const keys = urls.map(commentImageKey);
  if (keys.some((key) => key === null) || new Set(keys).size !== keys.length)
    throw new AppError('VALIDATION_FAILED', COMMENT_MESSAGES.imageNotUploaded, {
      fields: { images: COMMENT_MESSAGES.imageNotUploaded },
    });

  const created = await app.db.transaction(async (tx) => {
    // One author's posts take turns, so the limits and the duplicate check see each other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`comments:${user.id}`}))`);
    if (!reader.isAdmin) {
      if (await isMuted(tx, user.id)) throw new AppError('FORBIDDEN', COMMENT_MESSAGES.muted);
      const settings = await readSettings(tx);
      const now = Date.now();
      if ((await countSince(tx, user.id, new Date(now - 60_000))) >= settings.maxPerMinute)
        throw new AppError('TOO_MANY_ATTEMPTS', COMMENT_MESSAGES.tooFast);
      if ((await countSince(tx, user.id, new Date(now - 86_400_000))) >= settings.maxPerDay)
        throw new AppError('TOO_MANY_ATTEMPTS', COMMENT_MESSAGES.tooManyToday);
    }
    const latest = await latestByAuthor(tx, user.id);
    if (latest && latest.content === input.content)
      throw new AppError('CONFLICT', COMMENT_MESSAGES.duplicate);
    const owned = await ownUnattachedUploads(tx, user.id, keys as string[]);
    if (owned.length !== keys.length)
      throw new AppError('VALIDATION_FAILED', COMMENT_MESSAGES.imageNotUploaded, {
        fields: { images: COMMENT_MESSAGES.imageNotUploaded },
      });
    const settings = await readSettings(tx);
    const requiresValidation =
      !reader.isAdmin &&
      (settings.commentValidation || containsBlockedWord(input.content, settings.blockedWords));
    const [row] = await tx
      .insert(comments)
      .values({
        subjectType: input.subjectType,
        subjectId: input.subjectId,
        authorId: user.id,
        // A reply to a reply attaches to the top-level comment.
        replyTo: repliedTo ? (repliedTo.replyTo ?? repliedTo.id) : null,
        content: input.content,
        requiresValidation,
      })
      .returning();
    if (keys.length)
      await tx.insert(commentImages).values(
        (keys as string[]).map((key, index) => ({
          commentId: row!.id,
          key,
          url: urls[index]!,
          requiresValidation: !reader.isAdmin && settings.imageValidation,
        })),
      );
    return row!;
  });

  if (!created.requiresValidation) await publish(app, created, 'comment-created');
  if (repliedTo && !created.requiresValidation) await notifyReply(app, subject, created, repliedTo);
  return { comment: await answerOf(app, created.id, reader), requiresValidation: created.requiresValidation };
}

async function notifyReply(
  app: FastifyInstance,
  subject: ReturnType<typeof subjectOrNotFound>,
  reply: CommentRow,
  repliedTo: CommentRow,
) {
  const described = (await subject.describe(app.db, [reply.subjectId])).get(reply.subjectId);
  if (!described) return;
  const url = `${app.config.memberAppUrl}${withTarget(described.memberPath, reply.id)}`;
  for (const listener of replyListeners) {
    try {
      await listener(app, { reply, repliedTo, url });
    } catch (error) {
      app.log.error({ err: error }, 'reply notification failed');
    }
  }
}

/** A live comment the caller may change: its author or an admin; anyone else is told it does not exist. */
async function modifiable(app: FastifyInstance, caller: ResolvedSession, id: string) {
  const comment = await findComment(app.db, id);
  const reader = readerOf(caller);
  if (!comment || comment.deletedAt || (!reader.isAdmin && comment.authorId !== caller.user.id))
    throw notFound();
  return comment;
}

export async function editComment(
  app: FastifyInstance,
  caller: ResolvedSession,
  id: string,
  content: string,
  request: { id: string },
) {
  const comment = await modifiable(app, caller, id);
  const reader = readerOf(caller);
  if (!reader.isAdmin && (await isMuted(app.db, caller.user.id)))
    throw new AppError('FORBIDDEN', COMMENT_MESSAGES.muted);
  const settings = await readSettings(app.db);
  // An admin's edit keeps the comment's state; a member's edit waits again when moderation asks for it.
  const requiresValidation = reader.isAdmin
    ? comment.requiresValidation
    : settings.commentValidation || containsBlockedWord(content, settings.blockedWords);
  const [updated] = await app.db.transaction(async (tx) => {
    const rows = await tx
      .update(comments)
      .set({ content, requiresValidation, editedAt: new Date() })
      .where(and(eq(comments.id, comment.id), isNull(comments.deletedAt)))
      .returning();
    if (reader.isAdmin && comment.authorId !== caller.user.id)
      await recordAudit(tx, request, {
        actorId: caller.user.id,
        action: 'update',
        entity: 'comment',
        entityId: comment.id,
        changes: { content: { from: comment.content, to: content } },
      });
    return rows;
  });
  if (!updated) throw notFound();
  await publish(app, updated, updated.requiresValidation ? 'comment-deleted' : 'comment-updated');
  return { comment: await answerOf(app, updated.id, reader), requiresValidation: updated.requiresValidation };
}

export async function deleteComment(
  app: FastifyInstance,
  caller: ResolvedSession,
  id: string,
  request: { id: string },
) {
  const comment = await modifiable(app, caller, id);
  const now = new Date();
  await app.db.transaction(async (tx) => {
    // The comment and, for a top-level one, its replies.
    await tx
      .update(comments)
      .set({ deletedAt: now, deletedBy: caller.user.id })
      .where(
        and(or(eq(comments.id, comment.id), eq(comments.replyTo, comment.id)), isNull(comments.deletedAt)),
      );
    if (caller.user.role === 'admin' && comment.authorId !== caller.user.id)
      await recordAudit(tx, request, {
        actorId: caller.user.id,
        action: 'delete',
        entity: 'comment',
        entityId: comment.id,
      });
  });
  await publish(app, comment, 'comment-deleted');
  return { id: comment.id };
}

// ---- moderation ----

function dateRange(query: TModerationQuery & { page: number }) {
  const start = query.start ? new Date(`${query.start}T00:00:00Z`) : undefined;
  const end = query.end ? new Date(new Date(`${query.end}T00:00:00Z`).getTime() + 86_400_000) : undefined;
  if ((start && Number.isNaN(start.getTime())) || (end && Number.isNaN(end.getTime())))
    throw new AppError('VALIDATION_FAILED', 'Use a date such as 2026-01-31');
  return {
    status: query.status,
    start,
    end,
    offset: (query.page - 1) * MODERATION_PAGE_SIZE,
    limit: MODERATION_PAGE_SIZE,
  };
}

async function describeSubjects(db: DbOrTx, rows: { subjectType: string; subjectId: string }[]) {
  const byType = new Map<string, Set<string>>();
  for (const row of rows) {
    if (!byType.has(row.subjectType)) byType.set(row.subjectType, new Set());
    byType.get(row.subjectType)!.add(row.subjectId);
  }
  const found = new Map<string, DescribedSubject>();
  for (const [type, ids] of byType) {
    const subject = commentSubject(type);
    if (!subject) continue;
    for (const [id, described] of await subject.describe(db, [...ids])) found.set(`${type}:${id}`, described);
  }
  return (type: string, id: string, commentId?: string) => {
    const described = found.get(`${type}:${id}`);
    return {
      type: type as TCommentSubjectType,
      id,
      title: described?.title ?? 'Removed content',
      thumbnailUrl: described?.thumbnailUrl ?? null,
      memberPath: described ? withTarget(described.memberPath, commentId) : '/',
    };
  };
}

type AuthorColumns = { authorId: string; firstName: string; lastName: string; email: string; muted: boolean };
const authorOf = (row: AuthorColumns) => ({
  id: row.authorId,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  muted: Boolean(row.muted),
});

function toModerationComment(
  row: AuthorColumns & { comment: CommentRow },
  subjectOf: Awaited<ReturnType<typeof describeSubjects>>,
): TModerationComment {
  const { comment } = row;
  return {
    id: comment.id,
    content: comment.content,
    createdAt: comment.createdAt.toISOString(),
    status: moderationStatusOf({
      deleted: comment.deletedAt !== null,
      requiresValidation: comment.requiresValidation,
    }),
    isReply: comment.replyTo !== null,
    subject: subjectOf(comment.subjectType, comment.subjectId, comment.id),
    author: authorOf(row),
  };
}

function toModerationImage(
  row: AuthorColumns & { image: CommentImageRow; comment: CommentRow },
  subjectOf: Awaited<ReturnType<typeof describeSubjects>>,
): TModerationImage {
  const { image, comment } = row;
  return {
    id: image.id,
    url: image.url,
    commentId: comment.id,
    createdAt: image.createdAt.toISOString(),
    status: moderationStatusOf({
      deleted: image.deletedAt !== null,
      requiresValidation: image.requiresValidation,
    }),
    subject: subjectOf(comment.subjectType, comment.subjectId, comment.id),
    author: authorOf(row),
  };
}

export async function listModerationComments(db: DbOrTx, query: TModerationQuery & { page: number }) {
  const { items, total } = await selectModerationComments(db, dateRange(query));
  const subjectOf = await describeSubjects(
    db,
    items.map((row) => row.comment),
  );
  return {
    items: items.map((row) => toModerationComment(row, subjectOf)),
    total,
    page: query.page,
    pageSize: MODERATION_PAGE_SIZE,
  };
}

export async function listModerationImages(db: DbOrTx, query: TModerationQuery & { page: number }) {
  const { items, total } = await selectModerationImages(db, dateRange(query));
  const subjectOf = await describeSubjects(
    db,
    items.map((row) => row.comment),
  );
  return {
    items: items.map((row) => toModerationImage(row, subjectOf)),
    total,
    page: query.page,
    pageSize: MODERATION_PAGE_SIZE,
  };
}

/** Approve (shown to everyone) or decline (deleted: Rejected) a comment; audited; followers refresh live. */
export async function decideComment(app: FastifyInstance, change: AdminChange, id: string, approve: boolean) {
  const before = await findComment(change.db, id);
  if (!before) throw notFound();
  await change.db.transaction(async (tx) => {
    await tx
      .update(comments)
      .set(
        approve
          ? { requiresValidation: false, deletedAt: null, deletedBy: null }
          : { deletedAt: before.deletedAt ?? new Date(), deletedBy: before.deletedBy ?? change.actorId },
      )
      .where(eq(comments.id, id));
    await recordAudit(tx, change.request, {
      actorId: change.actorId,
      action: approve ? 'approve' : 'decline',
      entity: 'comment',
      entityId: id,
      changes: { status: approve ? 'approved' : 'rejected' },
    });
  });
  const row = await findModerationComment(change.db, id);
  await publish(app, row!.comment, approve ? 'comment-updated' : 'comment-deleted');
  if (approve && before.requiresValidation && before.replyTo) {
    const repliedTo = await findComment(change.db, before.replyTo);
    const subject = commentSubject(before.subjectType);
    if (repliedTo && subject) await notifyReply(app, subject, row!.comment, repliedTo);
  }
  return toModerationComment(row!, await describeSubjects(change.db, [row!.comment]));
}

export async function decideImage(app: FastifyInstance, change: AdminChange, id: string, approve: boolean) {
  const before = await findModerationImage(change.db, id);
  if (!before) throw notFound();
  await change.db.transaction(async (tx) => {
    await tx
      .update(commentImages)
      .set(
        approve
          ? { requiresValidation: false, deletedAt: null }
          : { deletedAt: before.image.deletedAt ?? new Date() },
      )
      .where(eq(commentImages.id, id));
    await recordAudit(tx, change.request, {
      actorId: change.actorId,
      action: approve ? 'approve' : 'decline',
      entity: 'comment-image',
      entityId: id,
      changes: { status: approve ? 'approved' : 'rejected' },
    });
  });
  const row = await findModerationImage(change.db, id);
  await publish(app, row!.comment, 'comment-updated');
  return toModerationImage(row!, await describeSubjects(change.db, [row!.comment]));
}

const toSettings = (row: Awaited<ReturnType<typeof readSettings>>): TModerationSettings => ({
  commentValidation: row.commentValidation,
  imageValidation: row.imageValidation,
  blockedWords: row.blockedWords,
  maxPerMinute: row.maxPerMinute,
  maxPerDay: row.maxPerDay,
});

export async function getModerationSettings(db: DbOrTx) {
  return toSettings(await readSettings(db));
}

export async function updateModerationSettings(change: AdminChange, input: TUpdateModerationSettings) {
  return change.db.transaction(async (tx) => {
    const before = await readSettings(tx);
    const blockedWords = input.blockedWords
      ? [...new Set(input.blockedWords.map((word) => word.trim().toLowerCase()).filter(Boolean))]
      : undefined;
    const [after] = await tx
      .update(commentSettings)
      .set({
        ...(input.commentValidation !== undefined ? { commentValidation: input.commentValidation } : {}),
        ...(blockedWords ? { blockedWords } : {}),
        ...(input.maxPerMinute !== undefined ? { maxPerMinute: input.maxPerMinute } : {}),
        ...(input.maxPerDay !== undefined ? { maxPerDay: input.maxPerDay } : {}),
        updatedAt: new Date(),
      })
      .where(eq(commentSettings.id, 1))
      .returning();
    await recordAudit(tx, change.request, {
      actorId: change.actorId,
      action: 'update',
      entity: 'moderation-settings',
      changes: { before: toSettings(before), after: toSettings(after!) },
    });
    return toSettings(after!);
  });
}

export async function setMute(change: AdminChange, userId: string, muted: boolean) {
  const [user] = await change.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  await change.db.transaction(async (tx) => {
    if (muted)
      await tx.insert(commentMutes).values({ userId, mutedBy: change.actorId }).onConflictDoNothing();
    else await tx.delete(commentMutes).where(eq(commentMutes.userId, userId));
    await recordAudit(tx, change.request, {
      actorId: change.actorId,
      action: muted ? 'mute' : 'unmute',
      entity: 'comment-mute',
      entityId: userId,
    });
  });
  return { userId, muted };
}
