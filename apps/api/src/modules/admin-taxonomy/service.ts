import { categoryHoldsVideosText, categoryRoutePath, MESSAGES } from '@dance/domain';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { refreshSearchText } from '../admin-videos/search-text-refresh';
import { type AuditRequest, recordAudit } from '../audit/record';
import {
  categoryRoutePaths,
  countCategoryVideos,
  countTags,
  deleteCategory,
  deleteTag,
  findCategoryRow,
  findTagRow,
  insertCategoryLast,
  insertTag,
  isCategoryNameTaken,
  isTagNameTaken,
  moveCategoryVideos,
  removeTagFromVideos,
  updateTagColor,
} from './queries';
import { compactTagPriorities, moveTag } from './tag-priorities';

const DEFAULT_TAG_COLOR = '#868e96';

/** A category with a new name (any casing), placed last. */
export async function createCategory(db: Db, request: AuditRequest, actorId: string, name: string) {
  return db.transaction(async (tx) => {
    if (await isCategoryNameTaken(tx, name))
      throw new AppError('CONFLICT', 'A category with this name already exists', {
        fields: { name: 'A category with this name already exists' },
      });
    // Its own library page and home row, like the first categories (issue 22 item 11).
    const row = await insertCategoryLast(tx, name, categoryRoutePath(name, await categoryRoutePaths(tx)));
    await recordAudit(tx, request, {
      actorId,
      action: 'create',
      entity: 'category',
      entityId: row.id,
      changes: { name, routePath: row.routePath },
    });
    return { id: row.id, name: row.name, routePath: row.routePath, videoCount: 0 };
  });
}

/** A category that still holds videos is not removed: they are moved first (moveVideos). */
export async function removeCategory(db: Db, request: AuditRequest, actorId: string, id: string) {
  await db.transaction(async (tx) => {
    const current = await findCategoryRow(tx, id);
    if (!current) throw notFound('Category not found');
    const count = await countCategoryVideos(tx, id);
    if (count > 0)
      throw new AppError('CONFLICT', categoryHoldsVideosText(current.name, count), {
        details: { videoCount: count },
      });
    const deleted = await deleteCategory(tx, id);
    if (!deleted) throw notFound('Category not found');
    await recordAudit(tx, request, {
      actorId,
      action: 'delete',
      entity: 'category',
      entityId: id,
      changes: { name: deleted.name },
    });
  });
}

/** A tag with a new name (any casing), at the end of the priority order. */
export async function createTag(
  db: Db,
  request: AuditRequest,
  actorId: string,
  input: { name: string; color?: string },
) {
  const { name, color } = input;
  return db.transaction(async (tx) => {
    if (await isTagNameTaken(tx, name))
      throw new AppError('CONFLICT', MESSAGES.tagAlreadyExists, {
        fields: { name: MESSAGES.tagAlreadyExists },
      });
    await compactTagPriorities(tx);
    const row = await insertTag(tx, {
      name,
      color: color ?? DEFAULT_TAG_COLOR,
      priority: (await countTags(tx)) + 1,
    });
    await recordAudit(tx, request, {
      actorId,
      action: 'create',
      entity: 'tag',
      entityId: row.id,
      changes: { name, color: row.color, priority: row.priority },
    });
    return { id: row.id, name: row.name, color: row.color, priority: row.priority, videoCount: 0 };
  });
}

/** Moves a tag to a priority from 1 to the number of tags, and/or recolours it. */
export async function editTag(
  db: Db,
  request: AuditRequest,
  actorId: string,
  id: string,
  input: { color?: string; priority?: number },
) {
  const { color, priority } = input;
  await db.transaction(async (tx) => {
    const current = await findTagRow(tx, id);
    if (!current) throw notFound(MESSAGES.tagNotFound);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (priority !== undefined) {
      const max = await countTags(tx);
      if (priority > max) {
        const message = `Priority must be from 1 to ${max}`;
        throw new AppError('VALIDATION_FAILED', message, { fields: { priority: message } });
      }
      await moveTag(tx, id, priority);
      changes.priority = { from: current.priority, to: priority };
    }
    if (color !== undefined && color !== current.color) {
      await updateTagColor(tx, id, color);
      changes.color = { from: current.color, to: color };
    }
    await recordAudit(tx, request, {
      actorId,
      action: 'update',
      entity: 'tag',
      entityId: id,
      changes,
    });
  });
}

export async function removeTag(db: Db, request: AuditRequest, actorId: string, id: string) {
  await db.transaction(async (tx) => {
    const deleted = await deleteTag(tx, id);
    if (!deleted) throw notFound(MESSAGES.tagNotFound);
    // The tag leaves every video, and their search text with it.
    const touched = await removeTagFromVideos(tx, id);
    await refreshSearchText(tx, touched);
    await compactTagPriorities(tx);
    await recordAudit(tx, request, {
      actorId,
      action: 'delete',
      entity: 'tag',
      entityId: id,
      changes: { name: deleted.name, priority: deleted.priority, videos: touched.length },
    });
  });
}

/** Moves a category's videos to another category, audited. */
export async function moveVideosOfCategory(
  db: Db,
  request: AuditRequest,
  actorId: string,
  fromId: string,
  toId: string,
) {
  if (fromId === toId)
    throw new AppError('VALIDATION_FAILED', 'Choose another category', {
      fields: { toCategoryId: 'Choose another category' },
    });
  return db.transaction(async (tx) => {
    const [from, to] = await Promise.all([findCategoryRow(tx, fromId), findCategoryRow(tx, toId)]);
    if (!from) throw notFound('Category not found');
    if (!to) throw notFound('The category to move the videos to was not found');
    const moved = await moveCategoryVideos(tx, fromId, toId);
    await recordAudit(tx, request, {
      actorId,
      action: 'update',
      entity: 'category',
      entityId: fromId,
      changes: { movedVideosTo: { id: to.id, name: to.name }, count: moved },
    });
    return {
      moved,
      message: `${moved === 1 ? '1 video' : `${moved} videos`} moved to "${to.name}"`,
    };
  });
}
