import { PLAYER_LIMITS, progressEndpoints } from '@dance/domain';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { playerPreferences, videos, watchProgress } from '../../db/schema';
import { route } from '../../lib/route';
import { toCards } from '../catalogue/cards';
import { findVideo } from '../playback/routes';

/** Watched past 95%: the video counts as finished, and the next play starts from the beginning. */
export const isFinished = (position: number, duration: number) =>
  duration > 0 && position / duration >= PLAYER_LIMITS.completedRatio;

/** The member's videos in progress, most recent first (the home page's "Continue watching" row). */
export async function selectContinueWatching(db: Db, userId: string, limit: number) {
  const rows = await db
    .select({ video: videos })
    .from(watchProgress)
    .innerJoin(videos, eq(videos.id, watchProgress.videoId))
    .where(and(eq(watchProgress.userId, userId), eq(watchProgress.isCompleted, false)))
    .orderBy(desc(watchProgress.updatedAt))
    .limit(limit);
  return rows.map((r) => r.video);
}

export async function progressRoutes(app: FastifyInstance) {
  route(app, progressEndpoints.saveProgress, async (request) => {
    const { user } = request.caller;
    const video = await findVideo(app.db, request.params.videoId);
    const duration = request.body.durationSeconds || video.durationSeconds;
    const position = Math.min(request.body.positionSeconds, duration || request.body.positionSeconds);
    const isCompleted = isFinished(position, duration);
    const values = {
      positionSeconds: position,
      durationSeconds: duration,
      isCompleted,
      updatedAt: new Date(),
    };
    await app.db
      .insert(watchProgress)
      .values({ userId: user.id, videoId: video.id, ...values })
      .onConflictDoUpdate({ target: [watchProgress.userId, watchProgress.videoId], set: values });
    return { videoId: video.id, positionSeconds: position, durationSeconds: duration, isCompleted };
  });

  route(app, progressEndpoints.history, async (request) => {
    const { user } = request.caller;
    const { page, pageSize, inProgress } = request.query;
    const where = inProgress
      ? and(eq(watchProgress.userId, user.id), eq(watchProgress.isCompleted, false))
      : eq(watchProgress.userId, user.id);
    const [rows, [total]] = await Promise.all([
      app.db
        .select({ progress: watchProgress, video: videos })
        .from(watchProgress)
        .innerJoin(videos, eq(videos.id, watchProgress.videoId))
        .where(where)
        .orderBy(desc(watchProgress.updatedAt), desc(watchProgress.videoId))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      app.db.select({ n: count() }).from(watchProgress).where(where),
    ]);
    const cards = await toCards(
      app.db,
      rows.map((r) => r.video),
      user.id,
    );
    return {
      items: rows.map((r, i) => {
        const duration = r.progress.durationSeconds || r.video.durationSeconds;
        return {
          video: cards[i]!,
          positionSeconds: r.progress.positionSeconds,
          durationSeconds: duration,
          progress: r.progress.isCompleted
            ? 1
            : duration > 0
              ? Math.min(1, r.progress.positionSeconds / duration)
              : 0,
          isCompleted: r.progress.isCompleted,
          watchedAt: r.progress.updatedAt.toISOString(),
        };
      }),
      total: total?.n ?? 0,
      page,
      pageSize,
    };
  });

  route(app, progressEndpoints.removeHistory, async (request) => {
    const { user } = request.caller;
    await app.db
      .delete(watchProgress)
      .where(and(eq(watchProgress.userId, user.id), eq(watchProgress.videoId, request.params.videoId)));
    return { videoId: request.params.videoId };
  });

  route(app, progressEndpoints.getPreferences, async (request) => {
    const { user } = request.caller;
    const [row] = await app.db.select().from(playerPreferences).where(eq(playerPreferences.userId, user.id));
    return { isMirrored: row?.isMirrored ?? false, playbackRate: row?.playbackRate ?? 1 };
  });

  route(app, progressEndpoints.setPreferences, async (request) => {
    const { user } = request.caller;
    const values = { ...request.body, updatedAt: new Date() };
    await app.db
      .insert(playerPreferences)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: playerPreferences.userId, set: values });
    return request.body;
  });
}
