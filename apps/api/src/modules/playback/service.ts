import {
  isComingSoonTag,
  LINKS,
  PLAYER_MESSAGES,
  playbackAccess,
  type TChapterView,
  type TVideoDetail,
} from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { type Chapter, isPlayableStatus, type MediaAssetRow, type VideoRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type ResolvedSession, toSessionUser } from '../auth/sessions';
import { hasActiveAccess } from '../subscriptions/access';
import { findAssetById, providerOf, signStream, toPlaybackRef } from '../videos-media/service';
import { findProgress, selectDetailExtras } from './queries';

export async function buildDetail(
  db: DbOrTx,
  video: VideoRow,
  userId: string,
  now: Date,
): Promise<TVideoDetail> {
  const { instructor, tagRows, productRows, isSaved, reactions } = await selectDetailExtras(
    db,
    video,
    userId,
  );
  const isComingSoon = video.releaseAt.getTime() > now.getTime();
  return {
    id: video.id,
    kind: video.kind,
    title: video.title,
    description: video.description,
    shortDescription: video.shortDescription,
    instructor: instructor
      ? {
          id: instructor.id,
          name: instructor.name,
          bio: instructor.bio,
          imageUrl: instructor.imageUrl,
          socials: instructor.socials,
        }
      : null,
    tags: tagRows
      .filter((t) => isComingSoon || !isComingSoonTag(t))
      .sort((a, b) => a.priority - b.priority)
      .map((t) => ({ id: t.id, name: t.name, color: t.color, priority: t.priority })),
    levels: video.levels as TVideoDetail['levels'],
    products: productRows
      .sort((a, b) => video.productIds.indexOf(a.id) - video.productIds.indexOf(b.id))
      .map((p) => ({
        id: p.id,
        title: p.title,
        subname: p.subname,
        imageUrl: p.images[0]?.src ?? null,
        buyUrl: `${LINKS.shop}/products/${encodeURIComponent(p.handle)}${p.variantId && /^\d+$/.test(p.variantId) ? `?variant=${p.variantId}` : ''}`,
      })),
    chapters: video.chapters.map((c) => ({
      title: c.title,
      timeSeconds: c.timeSeconds,
      thumbnailUrl: c.thumbnailUrl,
    })),
    durationSeconds: video.durationSeconds,
    thumbnailUrl: video.thumbnailUrl,
    releaseDate: video.releaseDate,
    isComingSoon,
    hasTrailer: Boolean(video.trailerUrl),
    isSaved,
    ...reactions,
  };
}

/** Chapter thumbnails: stored images (local), or one signed Mux thumbnail per chapter time. */
async function chapterViews(
  app: FastifyInstance,
  chapters: Chapter[],
  asset: MediaAssetRow,
  expiresAt: Date,
): Promise<TChapterView[]> {
  if (asset.provider !== 'mux')
    return chapters.map((c) => ({ ...c, thumbnailUrl: c.thumbnailUrl ?? asset.posterUrl }));
  const provider = providerOf(app, asset);
  return Promise.all(
    chapters.map(async (c) => ({
      title: c.title,
      timeSeconds: c.timeSeconds,
      thumbnailUrl: await provider.thumbnailAt(toPlaybackRef(asset), c.timeSeconds, expiresAt),
    })),
  );
}

/**
 * What the member may play of a video: the full stream (with chapters and where to resume), the trailer
 * only, or an upgrade prompt; signed URLs live for the configured media TTL. The app gives the database,
 * the media providers and the config.
 */
export async function playbackFor(app: FastifyInstance, session: ResolvedSession, video: VideoRow) {
  const { user } = session;
  const viewer = toSessionUser(user);
  const now = new Date();
  const isAdmin = viewer.role === 'admin';
  const isReleased = video.releaseAt.getTime() <= now.getTime();
  if (!isAdmin && video.kind !== 'class' && !isReleased)
    throw new AppError('FORBIDDEN', 'This video is not released yet.');
  // A class released later plays its trailer only (access 'trailer'), for everyone but admins.
  const access = playbackAccess(
    viewer,
    { isClass: video.kind === 'class', isReleased },
    await hasActiveAccess(app.db, user),
  );
  if (access === 'plans') throw new AppError('SUBSCRIPTION_REQUIRED', PLAYER_MESSAGES.subscriptionRequired);
  const expiresAt = new Date(now.getTime() + app.config.video.mediaUrlTtlSeconds * 1000);
  const [asset, trailerAsset] = await Promise.all([
    video.videoUrl ? findAssetById(app.db, video.videoUrl) : null,
    video.trailerUrl ? findAssetById(app.db, video.trailerUrl) : null,
  ]);
  const trailer =
    trailerAsset && isPlayableStatus(trailerAsset.status)
      ? await signStream(app, trailerAsset, expiresAt)
      : null;
  if (access === 'upgrade' || access === 'trailer') {
    return {
      videoId: video.id,
      access,
      source: null,
      trailer,
      chapters: [],
      resumeAtSeconds: null,
      expiresAt: expiresAt.toISOString(),
    };
  }
  // A playable asset (decision 0057) is served with the renditions it has so far.
  if (!asset || !isPlayableStatus(asset.status)) {
    throw new AppError(
      'MEDIA_NOT_READY',
      asset?.status === 'errored' ? PLAYER_MESSAGES.mediaFailed : PLAYER_MESSAGES.mediaNotReady,
    );
  }
  const progress = await findProgress(app.db, user.id, video.id);
  const resumeAtSeconds =
    progress && !progress.isCompleted && progress.positionSeconds >= 5 ? progress.positionSeconds : null;
  return {
    videoId: video.id,
    access: 'full' as const,
    source: await signStream(app, asset, expiresAt),
    trailer,
    chapters: await chapterViews(app, video.chapters, asset, expiresAt),
    resumeAtSeconds,
    expiresAt: expiresAt.toISOString(),
  };
}
