import {
  CLASSES_TAG,
  COMING_SOON_TAG,
  checkChapters,
  PLAYER_MESSAGES,
  playerEndpoints,
  releaseInstant,
  todayInNewYork,
} from '@dance/domain';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { categories, instructors, mediaAssets, tags, videos } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/rich-text';
import { route } from '../../lib/route';
import { recordAudit } from '../audit/record';
import { buildSearchText } from '../catalogue/search-text';
import { quotaExceeded, usedUploadBytes } from '../files/quota';
import {
  createDirectUpload,
  findAssetById,
  importAsset,
  providerOf,
  refreshUpload,
  toPlaybackRef,
} from '../videos-media/service';

/** The asset behind a playback id: our own id (local), or a Mux signed playback id. */
async function findAssetByPlayback(app: FastifyInstance, playbackId: string) {
  const byId = await findAssetById(app.db, playbackId);
  if (byId) return byId;
  const [row] = await app.db.select().from(mediaAssets).where(eq(mediaAssets.playbackId, playbackId));
  return row ?? null;
}

/** The upload wizard of spec 3 (/AdminDashboard/AddVideos): direct upload, status, import, chapters, create. */
export async function adminUploadRoutes(app: FastifyInstance) {
  route(app, playerEndpoints.createDirectUpload, async (request) => {
    const { user } = request.caller;
    // The uploader's video quota (issue 13, 12c): no new upload once it is used up.
    if ((await usedUploadBytes(app.db, user.id, 'video')) >= app.config.uploadQuota.videoBytes)
      throw quotaExceeded();
    const upload = await createDirectUpload(app, request.body.title, user.id);
    await recordAudit(app.db, request, {
      actorId: user.id,
      action: 'create',
      entity: 'direct-upload',
      entityId: upload.uploadId,
      changes: { title: request.body.title, provider: upload.provider },
    });
    return upload;
  });

  route(app, playerEndpoints.directUploadStatus, async (request) => {
    return refreshUpload(app, request.params.uploadId);
  });

  route(app, playerEndpoints.muxAsset, async (request) => {
    const { user } = request.caller;
    return importAsset(app, request.query.assetId, user.id);
  });

  route(app, playerEndpoints.chapterThumbnail, async (request) => {
    const { playbackId, timecode } = request.body;
    if (!playbackId || timecode === undefined)
      throw new AppError('VALIDATION_FAILED', PLAYER_MESSAGES.requiredFieldsMissing);
    const asset = await findAssetByPlayback(app, playbackId);
    if (!asset) throw new AppError('NOT_FOUND', PLAYER_MESSAGES.muxAssetFailed);
    if (asset.status !== 'ready') throw new AppError('MEDIA_NOT_READY', PLAYER_MESSAGES.mediaNotReady);
    if (timecode > (asset.durationSeconds ?? 0))
      throw new AppError('VALIDATION_FAILED', PLAYER_MESSAGES.chapterTimeExceedsDuration);
    const expiresAt = new Date(Date.now() + app.config.video.mediaUrlTtlSeconds * 1000);
    return {
      thumbnailUrl: await providerOf(app, asset).thumbnailAt(toPlaybackRef(asset), timecode, expiresAt),
    };
  });

  route(app, playerEndpoints.uploadVideo, async (request) => {
    const { user } = request.caller;
    const body = request.body;
    const asset = await findAssetById(app.db, body.videoLink);
    if (!asset)
      throw new AppError('VALIDATION_FAILED', PLAYER_MESSAGES.addVideoToContinue, {
        fields: { videoLink: PLAYER_MESSAGES.addVideoToContinue },
      });
    if (asset.status !== 'ready') throw new AppError('MEDIA_NOT_READY', PLAYER_MESSAGES.mediaNotReady);
    const trailer = body.trailerLink ? await findAssetById(app.db, body.trailerLink) : null;
    if (body.trailerLink && trailer?.status !== 'ready')
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
    const [autoTags, chosenTags, instructor, classCategory] = await Promise.all([
      wantedTagNames.length
        ? app.db
            .select()
            .from(tags)
            .where(or(...wantedTagNames.map((n) => eq(sql`lower(${tags.name})`, n.toLowerCase()))))
        : [],
      body.tagIds.length ? app.db.select().from(tags).where(inArray(tags.id, body.tagIds)) : [],
      body.instructorId ? app.db.select().from(instructors).where(eq(instructors.id, body.instructorId)) : [],
      body.isClass && !body.categoryId
        ? app.db
            .select()
            .from(categories)
            .where(eq(sql`lower(${categories.name})`, 'classes'))
        : [],
    ]);
    if (chosenTags.length !== new Set(body.tagIds).size)
      throw new AppError('VALIDATION_FAILED', 'Unknown tag', { fields: { tagIds: 'Unknown tag' } });
    if (body.instructorId && instructor.length === 0)
      throw new AppError('VALIDATION_FAILED', 'Unknown instructor', {
        fields: { instructorId: 'Unknown instructor' },
      });
    const allTags = [...new Map([...chosenTags, ...autoTags].map((t) => [t.id, t])).values()];
    const description = sanitizeRichText(body.description);

    const id = await app.db.transaction(async (tx) => {
      const [video] = await tx
        .insert(videos)
        .values({
          kind: body.isClass ? 'class' : 'library',
          title: body.title,
          description,
          shortDescription: body.shortDescription,
          instructorId: body.instructorId ?? null,
          categoryId: body.categoryId ?? classCategory[0]?.id ?? null,
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
            instructorName: instructor[0]?.name ?? null,
            tagNames: allTags.map((t) => t.name),
            keywords: body.keywords,
          }),
        })
        .returning({ id: videos.id });
      await recordAudit(tx, request, {
        actorId: user.id,
        action: 'create',
        entity: 'video',
        entityId: video!.id,
        changes: { title: body.title, videoLink: asset.id, isClass: body.isClass, chapters: chapters.length },
      });
      return video!.id;
    });
    return { id };
  });
}
