import {
  isComingSoonTag,
  LINKS,
  PLAYER_MESSAGES,
  playbackAccess,
  playbackEndpoints,
  type TChapterView,
  type TVideoDetail,
} from '@dance/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import {
  type Chapter,
  instructors,
  type MediaAssetRow,
  products,
  savedVideos,
  tags,
  type VideoRow,
  videoReactions,
  videos,
  watchProgress,
} from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { toSessionUser } from '../auth/sessions';
import { hasActiveAccess } from '../subscriptions/access';
import { findAssetById, providerOf, signStream, toPlaybackRef } from '../videos-media/service';
import { requirePlayerSession } from './viewer';

export async function findVideo(db: DbOrTx, videoId: string): Promise<VideoRow> {
  const [video] = await db.select().from(videos).where(eq(videos.id, videoId));
  if (!video) throw notFound(PLAYER_MESSAGES.videoFetchFailed);
  return video;
}

/** Reaction counts and the member's own reaction. */
export async function readReactions(db: DbOrTx, videoId: string, userId: string) {
  const rows = await db
    .select({ reaction: videoReactions.reaction, n: count() })
    .from(videoReactions)
    .where(eq(videoReactions.videoId, videoId))
    .groupBy(videoReactions.reaction);
  const [mine] = await db
    .select({ reaction: videoReactions.reaction })
    .from(videoReactions)
    .where(and(eq(videoReactions.videoId, videoId), eq(videoReactions.userId, userId)));
  return {
    reaction: mine?.reaction ?? null,
    likeCount: rows.find((r) => r.reaction === 'like')?.n ?? 0,
    dislikeCount: rows.find((r) => r.reaction === 'dislike')?.n ?? 0,
  };
}

async function buildDetail(db: DbOrTx, video: VideoRow, userId: string, now: Date): Promise<TVideoDetail> {
  const [instructorRows, tagRows, productRows, saved, reactions] = await Promise.all([
    video.instructorId ? db.select().from(instructors).where(eq(instructors.id, video.instructorId)) : [],
    video.tagIds.length ? db.select().from(tags).where(inArray(tags.id, video.tagIds)) : [],
    video.productIds.length ? db.select().from(products).where(inArray(products.id, video.productIds)) : [],
    db
      .select({ videoId: savedVideos.videoId })
      .from(savedVideos)
      .where(and(eq(savedVideos.userId, userId), eq(savedVideos.videoId, video.id))),
    readReactions(db, video.id, userId),
  ]);
  const isComingSoon = video.releaseAt.getTime() > now.getTime();
  const instructor = instructorRows[0];
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
    isSaved: saved.length > 0,
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

export async function playbackRoutes(app: FastifyInstance) {
  route(
    app,
    playbackEndpoints.videoDetail,
    async (request) => {
      const { user } = request.caller;
      const video = await findVideo(app.db, request.params.videoId);
      return buildDetail(app.db, video, user.id, new Date());
    },
    { authenticate: requirePlayerSession },
  );

  route(
    app,
    playbackEndpoints.playback,
    async (request) => {
      const { user } = request.caller;
      const viewer = toSessionUser(user);
      const video = await findVideo(app.db, request.params.videoId);
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
      if (access === 'plans')
        throw new AppError('SUBSCRIPTION_REQUIRED', PLAYER_MESSAGES.subscriptionRequired);
      const expiresAt = new Date(now.getTime() + app.config.video.mediaUrlTtlSeconds * 1000);
      const [asset, trailerAsset] = await Promise.all([
        video.videoUrl ? findAssetById(app.db, video.videoUrl) : null,
        video.trailerUrl ? findAssetById(app.db, video.trailerUrl) : null,
      ]);
      const trailer =
        trailerAsset?.status === 'ready' ? await signStream(app, trailerAsset, expiresAt) : null;
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
      if (asset?.status !== 'ready') {
        throw new AppError(
          'MEDIA_NOT_READY',
          asset?.status === 'errored' ? PLAYER_MESSAGES.mediaFailed : PLAYER_MESSAGES.mediaNotReady,
        );
      }
      const [progress] = await app.db
        .select()
        .from(watchProgress)
        .where(and(eq(watchProgress.userId, user.id), eq(watchProgress.videoId, video.id)));
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
    },
    { authenticate: requirePlayerSession },
  );
}
