import {
  RELEASE_DATE_PAST_MESSAGE,
  RELEASE_DATE_REQUIRED_MESSAGE,
  releaseInstant,
  todayInNewYork,
  type ZUpdateAdminVideoRequest,
} from '@dance/domain';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { categories, instructors, products, tags, type VideoRow, videos } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/rich-text';

export type VideoUpdate = z.output<typeof ZUpdateAdminVideoRequest>;

function isRealDate(date: string) {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

/**
 * Checks what the body refers to exists and the release date rule (today or later in New York; an
 * unchanged past date may stay), answering every problem at once as field errors.
 */
export async function validateVideoUpdate(tx: Tx, current: VideoRow, body: VideoUpdate, now = new Date()) {
  const fields: Record<string, string> = {};
  if (!isRealDate(body.releaseDate)) fields.releaseDate = RELEASE_DATE_REQUIRED_MESSAGE;
  else if (body.releaseDate !== current.releaseDate && body.releaseDate < todayInNewYork(now))
    fields.releaseDate = RELEASE_DATE_PAST_MESSAGE;
  if (body.categoryId) {
    const [row] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, body.categoryId));
    if (!row) fields.categoryId = 'Unknown category';
  }
  if (body.instructorId) {
    const [row] = await tx
      .select({ id: instructors.id })
      .from(instructors)
      .where(eq(instructors.id, body.instructorId));
    if (!row) fields.instructorId = 'Unknown instructor';
  }
  if (body.tagIds.length) {
    const found = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, body.tagIds));
    if (found.length !== body.tagIds.length) fields.tagIds = 'Unknown tag';
  }
  if (body.productIds.length) {
    const found = await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, body.productIds));
    if (found.length !== body.productIds.length) fields.productIds = 'Unknown product';
  }
  const first = Object.values(fields)[0];
  if (first) throw new AppError('VALIDATION_FAILED', first, { fields });
}

/** The changed fields, before and after, for the audit log. */
export function diffVideo(current: VideoRow, next: Partial<VideoRow>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, value] of Object.entries(next) as [keyof VideoRow, unknown][]) {
    if (key === 'updatedAt' || key === 'searchText' || key === 'releaseAt') continue;
    if (JSON.stringify(current[key]) !== JSON.stringify(value))
      changes[key] = { from: current[key], to: value };
  }
  return changes;
}

export function toVideoChanges(body: VideoUpdate): Partial<VideoRow> {
  return {
    title: body.title,
    description: sanitizeRichText(body.description),
    shortDescription: body.shortDescription,
    categoryId: body.categoryId,
    instructorId: body.instructorId,
    levels: body.levels,
    tagIds: body.tagIds,
    productIds: body.productIds,
    keywords: body.keywords,
    releaseDate: body.releaseDate,
    releaseAt: releaseInstant(body.releaseDate),
    updatedAt: new Date(),
  };
}

export async function updateVideoRow(tx: Tx, id: string, changes: Partial<VideoRow>) {
  const [row] = await tx.update(videos).set(changes).where(eq(videos.id, id)).returning();
  return row!;
}
