import {
  RELEASE_DATE_PAST_MESSAGE,
  RELEASE_DATE_REQUIRED_MESSAGE,
  releaseInstant,
  todayInNewYork,
  type ZUpdateAdminVideoRequest,
} from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import type { VideoRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/rich-text';
import { type AuditRequest, recordAudit } from '../audit/record';
import { prepareAgain } from '../videos-media/imports';
import { countExisting, deleteVideo, findVideo, toAdminVideos, updateVideoRow } from './queries';
import { refreshSearchText } from './search-text-refresh';

const VIDEO_NOT_FOUND = 'Video not found';

export type VideoUpdate = z.output<typeof ZUpdateAdminVideoRequest>;

function isRealDate(date: string) {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

/**
 * Checks what the body refers to exists and the release date rule (today or later in New York; an
 * unchanged past date may stay), answering every problem at once as field errors.
 */
export async function validateVideoUpdate(
  db: DbOrTx,
  current: VideoRow,
  body: VideoUpdate,
  now = new Date(),
) {
  const fields: Record<string, string> = {};
  if (!isRealDate(body.releaseDate)) fields.releaseDate = RELEASE_DATE_REQUIRED_MESSAGE;
  else if (body.releaseDate !== current.releaseDate && body.releaseDate < todayInNewYork(now))
    fields.releaseDate = RELEASE_DATE_PAST_MESSAGE;
  if (body.categoryId && (await countExisting(db, 'category', [body.categoryId])) === 0)
    fields.categoryId = 'Unknown category';
  if (body.instructorId && (await countExisting(db, 'instructor', [body.instructorId])) === 0)
    fields.instructorId = 'Unknown instructor';
  if (body.tagIds.length && (await countExisting(db, 'tag', body.tagIds)) !== body.tagIds.length)
    fields.tagIds = 'Unknown tag';
  if (
    body.productIds.length &&
    (await countExisting(db, 'product', body.productIds)) !== body.productIds.length
  )
    fields.productIds = 'Unknown product';
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

/** The edit modal's save: checked, written with fresh search text, audited; answers the video as the admin sees it. */
export async function editVideo(
  db: Db,
  request: AuditRequest,
  actorId: string,
  videoId: string,
  body: VideoUpdate,
) {
  const row = await db.transaction(async (tx) => {
    const current = await findVideo(tx, videoId);
    if (!current) throw notFound(VIDEO_NOT_FOUND);
    await validateVideoUpdate(tx, current, body);
    const changes = toVideoChanges(body);
    await updateVideoRow(tx, videoId, changes);
    // Title, descriptions, instructor, tags and keywords all feed the member search.
    await refreshSearchText(tx, [videoId]);
    await recordAudit(tx, request, {
      actorId,
      action: 'update',
      entity: 'video',
      entityId: videoId,
      changes: diffVideo(current, changes),
    });
    return (await findVideo(tx, videoId))!;
  });
  const [video] = await toAdminVideos(db, [row]);
  return video!;
}

export async function removeVideo(db: Db, request: AuditRequest, actorId: string, videoId: string) {
  await db.transaction(async (tx) => {
    const deleted = await deleteVideo(tx, videoId);
    if (!deleted) throw notFound(VIDEO_NOT_FOUND);
    await recordAudit(tx, request, {
      actorId,
      action: 'delete',
      entity: 'video',
      entityId: videoId,
      changes: { title: deleted.title, kind: deleted.kind, releaseDate: deleted.releaseDate },
    });
  });
}

/**
 * Retry on the admin's card: the video's failed media (and its trailer's) is prepared again; a link that
 * never had media but names a source becomes an import. 409 when there is nothing to retry.
 */
export async function retryVideoMedia(
  app: FastifyInstance,
  request: AuditRequest,
  actorId: string,
  videoId: string,
) {
  const video = await findVideo(app.db, videoId);
  if (!video) throw notFound(VIDEO_NOT_FOUND);
  const owner = { title: video.title, adminId: actorId };
  const main = await prepareAgain(app, video.videoUrl, owner);
  const trailer = await prepareAgain(app, video.trailerUrl, { ...owner, title: `${video.title} (trailer)` });
  if (!main && !trailer) {
    const [current] = await toAdminVideos(app.db, [video]);
    throw new AppError(
      'CONFLICT',
      current?.media.state === 'ready'
        ? 'This video is ready to play.'
        : current?.media.state === 'preparing' || current?.media.state === 'playable'
          ? 'This video is already being prepared.'
          : 'This video cannot be prepared again: upload it again with the upload wizard.',
    );
  }
  const changes: Partial<VideoRow> = {};
  if (main && main.link !== video.videoUrl) changes.videoUrl = main.link;
  if (trailer && trailer.link !== video.trailerUrl) changes.trailerUrl = trailer.link;
  await app.db.transaction(async (tx) => {
    if (Object.keys(changes).length > 0) await updateVideoRow(tx, videoId, changes);
    await recordAudit(tx, request, {
      actorId,
      action: 'update',
      entity: 'video',
      entityId: videoId,
      changes: { media: 'retry', ...changes },
    });
  });
  const [updated] = await toAdminVideos(app.db, [(await findVideo(app.db, videoId))!]);
  return updated!.media;
}
