import {
  addUnique,
  CLASSES_TAG,
  COMING_SOON_TAG,
  CONTENT_MESSAGES,
  releaseInstant,
  todayInNewYork,
  type ZCreateVideoRequest,
} from '@dance/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import type { VideoRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/rich-text';
import { recordAudit } from '../audit/record';
import { buildSearchText } from '../catalogue/search-text';
import { resolveMediaLink } from '../videos-media/imports';
import {
  categoryExists,
  countProducts,
  findClassesCategoryId,
  findInstructorByName,
  findInstructorRow,
  findTagByName,
  insertInstructorNamed,
  insertTagLast,
  insertVideo,
  tagsByIds,
} from './queries';

export type CreateVideoInput = z.output<typeof ZCreateVideoRequest>;

const TAG_COLORS: Record<string, string> = { [CLASSES_TAG]: '#7048e8', [COMING_SOON_TAG]: '#868e96' };

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: { [field]: message } });

/** The tag of that name (any casing), created at the end of the priority order when missing. */
export async function ensureTag(db: DbOrTx, name: string) {
  const found = await findTagByName(db, name);
  if (found) return { tag: found, isCreated: false };
  return { tag: await insertTagLast(db, name, TAG_COLORS[name] ?? '#868e96'), isCreated: true };
}

async function assertTagsExist(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await tagsByIds(db, ids);
  if (rows.length !== ids.length) throw invalid('tagIds', 'Unknown tag');
  return rows;
}

async function assertProductsExist(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return;
  if ((await countProducts(db, ids)) !== ids.length) throw invalid('productIds', 'Unknown product');
}

export interface CreatedVideo {
  video: VideoRow;
  createdTags: string[];
  createdInstructorId: string | null;
  /** New imports (video, trailer) to queue once the transaction commits. */
  importAssetIds: string[];
}

/**
 * Adds a library or class video. The release date is a New York date from today on; the video goes live at
 * 12:00 AM New York. Class videos carry CLASSES, and "coming soon" while their release is ahead.
 */
export async function createVideo(
  db: DbOrTx,
  input: CreateVideoInput,
  adminId: string | null = null,
  now = new Date(),
): Promise<CreatedVideo> {
  if (input.releaseDate < todayInNewYork(now))
    throw invalid('releaseDate', CONTENT_MESSAGES.releaseDateInPast);

  let categoryId = input.categoryId ?? null;
  if (categoryId) {
    if (!(await categoryExists(db, categoryId))) throw invalid('categoryId', 'Unknown category');
  } else if (input.kind === 'class') {
    categoryId = await findClassesCategoryId(db);
  }

  let instructorId: string | null = null;
  let instructorName: string | null = null;
  let createdInstructorId: string | null = null;
  if (input.instructorId) {
    const row = await findInstructorRow(db, input.instructorId);
    if (!row) throw invalid('instructorId', 'Unknown instructor');
    instructorId = row.id;
    instructorName = row.name;
  } else if (input.newInstructorName) {
    const name = input.newInstructorName;
    const existing = await findInstructorByName(db, name);
    const row = existing ?? (await insertInstructorNamed(db, name));
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

  // The links become media the player can play: an upload's asset, or an import of the library or Vimeo
  // video, prepared in the background (decision 0033).
  const importAssetIds: string[] = [];
  const media = await resolveMediaLink(db, input.videoUrl, 'videoUrl', { title: input.title, adminId });
  if (media.isNew) importAssetIds.push(media.assetId);
  let trailerAssetId: string | null = null;
  if (input.kind === 'class' && input.trailerUrl) {
    const trailer = await resolveMediaLink(db, input.trailerUrl, 'trailerUrl', {
      title: `${input.title} (trailer)`,
      adminId,
    });
    if (trailer.isNew) importAssetIds.push(trailer.assetId);
    trailerAssetId = trailer.assetId;
  }

  const video = await insertVideo(db, {
    kind: input.kind,
    title: input.title,
    description,
    shortDescription: input.shortDescription,
    instructorId,
    categoryId,
    durationSeconds: input.durationSeconds,
    thumbnailUrl: input.thumbnailUrl,
    videoUrl: media.assetId,
    trailerUrl: trailerAssetId,
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
  });
  return { video, createdTags, createdInstructorId, importAssetIds };
}

/** Adds the video and audits it, with the instructor and tags it created on the way, in one transaction. */
export async function addVideo(
  db: Db,
  request: Pick<FastifyRequest, 'id'>,
  actorId: string,
  input: CreateVideoInput,
) {
  return db.transaction(async (tx) => {
    const result = await createVideo(tx, input, actorId);
    if (result.createdInstructorId)
      await recordAudit(tx, request, {
        actorId,
        action: 'create',
        entity: 'instructor',
        entityId: result.createdInstructorId,
        changes: { name: input.newInstructorName },
      });
    for (const tagId of result.createdTags)
      await recordAudit(tx, request, { actorId, action: 'create', entity: 'tag', entityId: tagId });
    await recordAudit(tx, request, {
      actorId,
      action: 'create',
      entity: 'video',
      entityId: result.video.id,
      changes: {
        kind: result.video.kind,
        title: result.video.title,
        releaseDate: result.video.releaseDate,
        videoUrl: input.videoUrl,
        mediaAssetId: result.video.videoUrl,
      },
    });
    return result;
  });
}
