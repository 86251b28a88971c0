import {
  CLASSES_TAG,
  COMING_SOON_TAG,
  checkChapters,
  PLAYER_MESSAGES,
  releaseInstant,
  todayInNewYork,
  type ZUploadVideoBody,
} from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { isPlayableStatus } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/rich-text';
import { findClassesCategoryId, findInstructorRow, insertVideo, tagsByIds } from '../add-videos/queries';
import { type AuditRequest, recordAudit } from '../audit/record';
import { buildSearchText } from '../catalogue/search-text';
import { quotaExceeded, usedUploadBytes } from '../files/quota';
import { createDirectUpload, findAssetById, providerOf, toPlaybackRef } from '../videos-media/service';
import { findAssetByPlaybackId, tagsByNames } from './queries';

type UploadVideoInput = z.output<typeof ZUploadVideoBody>;

/** A direct upload for the uploader, while their video quota (issue 13, 12c) is not used up. */
export async function startDirectUpload(
  app: FastifyInstance,
  request: AuditRequest,
  actorId: string,
  title: string,
) {
  if ((await usedUploadBytes(app.db, actorId, 'video')) >= app.config.uploadQuota.videoBytes)
    throw quotaExceeded();
  const upload = await createDirectUpload(app, title, actorId);
  await recordAudit(app.db, request, {
    actorId,
    action: 'create',
    entity: 'direct-upload',
    entityId: upload.uploadId,
    changes: { title, provider: upload.provider },
  });
  return upload;
}

/** The asset behind a playback id: our own id (local), or a Mux signed playback id. */
async function findAssetByPlayback(app: FastifyInstance, playbackId: string) {
  return (await findAssetById(app.db, playbackId)) ?? (await findAssetByPlaybackId(app.db, playbackId));
}

/** A signed thumbnail of a ready asset at a time within its duration. */
export async function chapterThumbnailUrl(app: FastifyInstance, playbackId?: string, timecode?: number) {
  if (!playbackId || timecode === undefined)
    throw new AppError('VALIDATION_FAILED', PLAYER_MESSAGES.requiredFieldsMissing);
  const asset = await findAssetByPlayback(app, playbackId);
  if (!asset) throw new AppError('NOT_FOUND', PLAYER_MESSAGES.muxAssetFailed);
  if (!isPlayableStatus(asset.status)) throw new AppError('MEDIA_NOT_READY', PLAYER_MESSAGES.mediaNotReady);
  if (timecode > (asset.durationSeconds ?? 0))
    throw new AppError('VALIDATION_FAILED', PLAYER_MESSAGES.chapterTimeExceedsDuration);
  const expiresAt = new Date(Date.now() + app.config.video.mediaUrlTtlSeconds * 1000);
  return providerOf(app, asset).thumbnailAt(toPlaybackRef(asset), timecode, expiresAt);
}

/**
 * The wizard's last step: a video from a ready uploaded asset (and trailer), with checked chapters; a class
 * carries CLASSES (and "coming soon" while its release is ahead) and defaults to the Classes category.
 */
export async function createUploadedVideo(
  app: FastifyInstance,
  request: AuditRequest,
  actorId: string,
  body: UploadVideoInput,
) {
  const asset = await findAssetById(app.db, body.videoLink);
  if (!asset)
    throw new AppError('VALIDATION_FAILED', PLAYER_MESSAGES.addVideoToContinue, {
      fields: { videoLink: PLAYER_MESSAGES.addVideoToContinue },
    });
  // Playable is enough (decision 0057): the video is created while its higher renditions finish.
  if (!isPlayableStatus(asset.status)) throw new AppError('MEDIA_NOT_READY', PLAYER_MESSAGES.mediaNotReady);
  const trailer = body.trailerLink ? await findAssetById(app.db, body.trailerLink) : null;
  if (body.trailerLink && !(trailer && isPlayableStatus(trailer.status)))
    throw new AppError('VALIDATION_FAILED', PLAYER_MESSAGES.mediaNotReady, {
      fields: { trailerLink: PLAYER_MESSAGES.mediaNotReady },
    });
  const duration = Math.floor(asset.durationSeconds ?? 0);
  const checked = checkChapters(body.chapters, duration);
  const errorEntries = Object.entries(checked.errors);
  if (errorEntries.length > 0) {
    throw new AppError('VALIDATION_FAILED', errorEntries[0]![1], {
      fields: Object.fromEntries(errorEntries.map(([i, m]) => [`chapters.${i}.timecode`, m])),
    });
  }
  // Chapter thumbnails: stored images for local media; Mux thumbnails are signed when played.
  const expiresAt = new Date(Date.now() + app.config.video.mediaUrlTtlSeconds * 1000);
  const chapters = await Promise.all(
    checked.chapters.map(async (c) => ({
      ...c,
      thumbnailUrl:
        asset.provider === 'local'
          ? (c.thumbnailUrl ??
            (await providerOf(app, asset).thumbnailAt(toPlaybackRef(asset), c.timeSeconds, expiresAt)))
          : null,
    })),
  );

  const isFuture = body.releaseDate > todayInNewYork();
  const wantedTagNames = [
    ...(body.isClass ? [CLASSES_TAG] : []),
    ...(body.isClass && isFuture ? [COMING_SOON_TAG] : []),
  ];
  const [autoTags, chosenTags, instructor, classCategoryId] = await Promise.all([
    wantedTagNames.length ? tagsByNames(app.db, wantedTagNames) : [],
    body.tagIds.length ? tagsByIds(app.db, body.tagIds) : [],
    body.instructorId ? findInstructorRow(app.db, body.instructorId) : null,
    body.isClass && !body.categoryId ? findClassesCategoryId(app.db) : null,
  ]);
  if (chosenTags.length !== new Set(body.tagIds).size)
    throw new AppError('VALIDATION_FAILED', 'Unknown tag', { fields: { tagIds: 'Unknown tag' } });
  if (body.instructorId && !instructor)
    throw new AppError('VALIDATION_FAILED', 'Unknown instructor', {
      fields: { instructorId: 'Unknown instructor' },
    });
  const allTags = [...new Map([...chosenTags, ...autoTags].map((t) => [t.id, t])).values()];
  const description = sanitizeRichText(body.description);

  return app.db.transaction(async (tx) => {
    const video = await insertVideo(tx, {
      kind: body.isClass ? 'class' : 'library',
      title: body.title,
      description,
      shortDescription: body.shortDescription,
      instructorId: body.instructorId ?? null,
      categoryId: body.categoryId ?? classCategoryId ?? null,
      durationSeconds: duration,
      thumbnailUrl: body.thumbnailUrl || asset.posterUrl,
      videoUrl: asset.id,
      trailerUrl: trailer?.id ?? null,
      trailerThumbnailUrl: trailer?.posterUrl ?? null,
      trailerDurationSeconds: trailer?.durationSeconds ? Math.floor(trailer.durationSeconds) : null,
      releaseDate: body.releaseDate,
      releaseAt: releaseInstant(body.releaseDate),
      levels: body.levels,
      keywords: [...new Set(body.keywords)],
      tagIds: allTags.map((t) => t.id),
      productIds: [...new Set(body.productIds)],
      chapters,
      searchText: buildSearchText({
        title: body.title,
        description,
        shortDescription: body.shortDescription,
        instructorName: instructor?.name ?? null,
        tagNames: allTags.map((t) => t.name),
        keywords: body.keywords,
      }),
    });
    await recordAudit(tx, request, {
      actorId,
      action: 'create',
      entity: 'video',
      entityId: video.id,
      changes: { title: body.title, videoLink: asset.id, isClass: body.isClass, chapters: chapters.length },
    });
    return video.id;
  });
}
