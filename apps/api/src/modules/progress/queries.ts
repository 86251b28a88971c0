import type { TPlayerPreferences } from '@dance/domain';
import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { playerPreferences, videos, watchProgress } from '../../db/schema';

/** The member's videos in progress, most recent first (the home page's "Continue watching" row). */
export async function selectContinueWatching(db: DbOrTx, userId: string, limit: number) {
  const rows = await db
    .select({ video: videos })
    .from(watchProgress)
    .innerJoin(videos, eq(videos.id, watchProgress.videoId))
    .where(and(eq(watchProgress.userId, userId), eq(watchProgress.isCompleted, false)))
    .orderBy(desc(watchProgress.updatedAt))
    .limit(limit);
  return rows.map((r) => r.video);
}

export async function upsertProgress(
  db: DbOrTx,
  userId: string,
  videoId: string,
  values: { positionSeconds: number; durationSeconds: number; isCompleted: boolean; updatedAt: Date },
) {
  await db
    .insert(watchProgress)
    .values({ userId, videoId, ...values })
    .onConflictDoUpdate({ target: [watchProgress.userId, watchProgress.videoId], set: values });
}

/** A page of the member's history, most recent first, with its total: the two reads in parallel. */
export async function selectHistoryPage(
  db: DbOrTx,
  userId: string,
  inProgress: boolean | undefined,
  page: { limit: number; offset: number },
) {
  const where = inProgress
    ? and(eq(watchProgress.userId, userId), eq(watchProgress.isCompleted, false))
    : eq(watchProgress.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ progress: watchProgress, video: videos })
      .from(watchProgress)
      .innerJoin(videos, eq(videos.id, watchProgress.videoId))
      .where(where)
      .orderBy(desc(watchProgress.updatedAt), desc(watchProgress.videoId))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(watchProgress).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function deleteProgress(db: DbOrTx, userId: string, videoId: string) {
  await db
    .delete(watchProgress)
    .where(and(eq(watchProgress.userId, userId), eq(watchProgress.videoId, videoId)));
}

export async function findPreferences(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(playerPreferences).where(eq(playerPreferences.userId, userId));
  return row ?? null;
}

export async function upsertPreferences(
  db: DbOrTx,
  userId: string,
  values: TPlayerPreferences & { updatedAt: Date },
) {
  await db
    .insert(playerPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: playerPreferences.userId, set: values });
}
