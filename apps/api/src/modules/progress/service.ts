import { PLAYER_LIMITS, type THistoryPage } from '@dance/domain';
import type { DbOrTx } from '../../db/client';
import { toCards } from '../catalogue/cards';
import { findVideo } from '../playback/queries';
import { selectHistoryPage, upsertProgress } from './queries';

/** Watched past 95%: the video counts as finished, and the next play starts from the beginning. */
export const isFinished = (position: number, duration: number) =>
  duration > 0 && position / duration >= PLAYER_LIMITS.completedRatio;

/** Saves where the member is; the position never passes the duration (the client's, else the video's). */
export async function saveProgress(
  db: DbOrTx,
  userId: string,
  videoId: string,
  reported: { positionSeconds: number; durationSeconds: number },
) {
  const video = await findVideo(db, videoId);
  const duration = reported.durationSeconds || video.durationSeconds;
  const position = Math.min(reported.positionSeconds, duration || reported.positionSeconds);
  const isCompleted = isFinished(position, duration);
  await upsertProgress(db, userId, video.id, {
    positionSeconds: position,
    durationSeconds: duration,
    isCompleted,
    updatedAt: new Date(),
  });
  return { videoId: video.id, positionSeconds: position, durationSeconds: duration, isCompleted };
}

/** A page of the member's history as cards with their progress (a finished video counts as 1). */
export async function historyPage(
  db: DbOrTx,
  userId: string,
  q: { page: number; pageSize: number; inProgress?: boolean },
): Promise<THistoryPage> {
  const { page, pageSize } = q;
  const { rows, total } = await selectHistoryPage(db, userId, q.inProgress, {
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const cards = await toCards(
    db,
    rows.map((r) => r.video),
    userId,
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
    total,
    page,
    pageSize,
  };
}
