import { PLAYER_MESSAGES } from '@dance/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  instructors,
  products,
  savedVideos,
  tags,
  type VideoRow,
  videoReactions,
  videos,
  watchProgress,
} from '../../db/schema';
import { notFound } from '../../lib/errors';

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

/** What a video's detail page shows beside the video row: independent reads, run in parallel. */
export async function selectDetailExtras(db: DbOrTx, video: VideoRow, userId: string) {
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
  return { instructor: instructorRows[0], tagRows, productRows, isSaved: saved.length > 0, reactions };
}

export async function findProgress(db: DbOrTx, userId: string, videoId: string) {
  const [progress] = await db
    .select()
    .from(watchProgress)
    .where(and(eq(watchProgress.userId, userId), eq(watchProgress.videoId, videoId)));
  return progress ?? null;
}
