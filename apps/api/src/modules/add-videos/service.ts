import {
  addUnique,
  CLASSES_TAG,
  COMING_SOON_TAG,
  CONTENT_MESSAGES,
  releaseInstant,
  todayInNewYork,
  type ZCreateVideoRequest,
} from '@dance/domain';
import { eq, inArray, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { categories, instructors, products, tags, videos } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/rich-text';
import { buildSearchText } from '../catalogue/search-text';

export type CreateVideoInput = z.output<typeof ZCreateVideoRequest>;

const TAG_COLORS: Record<string, string> = { [CLASSES_TAG]: '#7048e8', [COMING_SOON_TAG]: '#868e96' };

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: { [field]: message } });

/** The tag of that name (any casing), created at the end of the priority order when missing. */
export async function ensureTag(db: DbOrTx, name: string) {
  const [found] = await db.select().from(tags).where(sql`lower(${tags.name}) = ${name.toLowerCase()}`);
  if (found) return { tag: found, isCreated: false };
  const [top] = await db.select({ value: max(tags.priority) }).from(tags);
  const [created] = await db
    .insert(tags)
    .values({ name, color: TAG_COLORS[name] ?? '#868e96', priority: (top?.value ?? 0) + 1 })
    .returning();
  return { tag: created!, isCreated: true };
}

async function assertTagsExist(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db.select().from(tags).where(inArray(tags.id, ids));
  if (rows.length !== ids.length) throw invalid('tagIds', 'Unknown tag');
  return rows;
}

async function assertProductsExist(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return;
  const rows = await db.select({ id: products.id }).from(products).where(inArray(products.id, ids));
  if (rows.length !== ids.length) throw invalid('productIds', 'Unknown product');
}

export interface CreatedVideo {
  video: typeof videos.$inferSelect;
  createdTags: string[];
  createdInstructorId: string | null;
}

/**
 * Adds a library or class video. The release date is a New York date from today on; the video goes live at
 * 12:00 AM New York. Class videos carry CLASSES, and "coming soon" while their release is ahead.
 */
export async function createVideo(
  db: DbOrTx,
  input: CreateVideoInput,
  now = new Date(),
): Promise<CreatedVideo> {
  if (input.releaseDate < todayInNewYork(now))
    throw invalid('releaseDate', CONTENT_MESSAGES.releaseDateInPast);

  let categoryId = input.categoryId ?? null;
  if (categoryId) {
    const [category] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, categoryId));
    if (!category) throw invalid('categoryId', 'Unknown category');
  } else if (input.kind === 'class') {
    const [classes] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(sql`lower(${categories.name}) = 'classes'`);
    categoryId = classes?.id ?? null;
  }

  let instructorId: string | null = null;
  let instructorName: string | null = null;
  let createdInstructorId: string | null = null;
  if (input.instructorId) {
    const [row] = await db.select().from(instructors).where(eq(instructors.id, input.instructorId));
    if (!row) throw invalid('instructorId', 'Unknown instructor');
    instructorId = row.id;
    instructorName = row.name;
  } else if (input.newInstructorName) {
    const name = input.newInstructorName;
    const [existing] = await db
      .select()
      .from(instructors)
      .where(sql`lower(${instructors.name}) = ${name.toLowerCase()}`);
    const row = existing ?? (await db.insert(instructors).values({ name }).returning())[0]!;
    if (!existing) createdInstructorId = row.id;
    instructorId = row.id;
    instructorName = row.name;
  }

  const tagIds = [...new Set(input.tagIds)];
  const productIds = [...new Set(input.productIds)];
  const tagRows = await assertTagsExist(db, tagIds);
  await assertProductsExist(db, productIds);

  const releaseAt = releaseInstant(input.releaseDate);
  const createdTags: string[] = [];
  if (input.kind === 'class') {
    const wanted = [CLASSES_TAG, ...(releaseAt.getTime() > now.getTime() ? [COMING_SOON_TAG] : [])];
    for (const name of wanted) {
      const { tag, isCreated } = await ensureTag(db, name);
      if (isCreated) createdTags.push(tag.id);
      if (!tagIds.includes(tag.id)) {
        tagIds.push(tag.id);
        tagRows.push(tag);
      }
    }
  }

  let keywords: string[] = [];
  for (const k of input.keywords) keywords = addUnique(keywords, k).list;
  const description = sanitizeRichText(input.description);

  const [video] = await db
    .insert(videos)
    .values({
      kind: input.kind,
      title: input.title,
      description,
      shortDescription: input.shortDescription,
      instructorId,
      categoryId,
      durationSeconds: input.durationSeconds,
      thumbnailUrl: input.thumbnailUrl,
      videoUrl: input.videoUrl,
      trailerUrl: input.kind === 'class' ? input.trailerUrl : null,
      trailerThumbnailUrl: input.kind === 'class' ? input.trailerThumbnailUrl : null,
      trailerDurationSeconds: input.kind === 'class' ? (input.trailerDurationSeconds ?? null) : null,
      releaseDate: input.releaseDate,
      releaseAt,
      levels: [...new Set(input.levels)],
      keywords,
      tagIds,
      productIds,
      searchText: buildSearchText({
        title: input.title,
        description,
        shortDescription: input.shortDescription,
        instructorName,
        tagNames: tagRows.map((t) => t.name),
        keywords,
      }),
    })
    .returning();
  return { video: video!, createdTags, createdInstructorId };
}
