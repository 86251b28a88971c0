import { and, desc, eq, gte, inArray, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { practiceLog, practiceSettings, videos } from '../../db/schema';

export async function findSettings(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(practiceSettings).where(eq(practiceSettings.userId, userId));
  return row ?? null;
}

/** The member's settings row, created if missing and locked for the rest of the transaction. */
export async function lockSettings(db: DbOrTx, userId: string, timeZone: string) {
  await db.insert(practiceSettings).values({ userId, timeZone }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(practiceSettings)
    .where(eq(practiceSettings.userId, userId))
    .for('update');
  return row!;
}

export async function updateSettings(
  db: DbOrTx,
  userId: string,
  values: Partial<
    Pick<typeof practiceSettings.$inferInsert, 'weeklyGoalMinutes' | 'timeZone' | 'lastReportAt'>
  >,
) {
  await db
    .insert(practiceSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: practiceSettings.userId, set: { ...values, updatedAt: new Date() } });
}

export async function secondsOnDay(db: DbOrTx, userId: string, day: string) {
  const [row] = await db
    .select({ n: sum(practiceLog.seconds).mapWith(Number) })
    .from(practiceLog)
    .where(and(eq(practiceLog.userId, userId), eq(practiceLog.day, day)));
  return row?.n ?? 0;
}

export async function addSeconds(db: DbOrTx, userId: string, day: string, videoId: string, seconds: number) {
  await db
    .insert(practiceLog)
    .values({ userId, day, videoId, seconds })
    .onConflictDoUpdate({
      target: [practiceLog.userId, practiceLog.day, practiceLog.videoId],
      set: { seconds: sql`${practiceLog.seconds} + ${seconds}`, updatedAt: new Date() },
    });
}

/** Seconds per day from `from` on. */
export async function selectDays(db: DbOrTx, userId: string, from: string) {
  return db
    .select({ day: practiceLog.day, seconds: sum(practiceLog.seconds).mapWith(Number) })
    .from(practiceLog)
    .where(and(eq(practiceLog.userId, userId), gte(practiceLog.day, from)))
    .groupBy(practiceLog.day)
    .orderBy(practiceLog.day);
}

/** Every day the member practised (for the streaks: one short row per day). */
export async function selectPractisedDays(db: DbOrTx, userId: string) {
  const rows = await db
    .selectDistinct({ day: practiceLog.day })
    .from(practiceLog)
    .where(eq(practiceLog.userId, userId));
  return rows.map((r) => r.day);
}

export async function selectTopVideos(db: DbOrTx, userId: string, limit: number) {
  const total = sum(practiceLog.seconds).mapWith(Number);
  return db
    .select({ video: videos, seconds: total })
    .from(practiceLog)
    .innerJoin(videos, eq(videos.id, practiceLog.videoId))
    .where(eq(practiceLog.userId, userId))
    .groupBy(videos.id)
    .orderBy(desc(total), videos.id)
    .limit(limit);
}

/** Seconds each member practised on these videos from `from` on (studio assignments read it). */
export async function secondsOnVideos(db: DbOrTx, userIds: string[], videoIds: string[], from: string) {
  if (userIds.length === 0 || videoIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ userId: practiceLog.userId, seconds: sum(practiceLog.seconds).mapWith(Number) })
    .from(practiceLog)
    .where(
      and(
        inArray(practiceLog.userId, userIds),
        inArray(practiceLog.videoId, videoIds),
        gte(practiceLog.day, from),
      ),
    )
    .groupBy(practiceLog.userId);
  return new Map(rows.map((r) => [r.userId, r.seconds]));
}
