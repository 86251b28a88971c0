import {
  addDays,
  creditedSeconds,
  dayIn,
  PRACTICE_LIMITS,
  streaks,
  type TPracticeGoal,
  type TPracticeReport,
  type TPracticeSummary,
  weekStart,
} from '@dance/domain';
import type { Db, DbOrTx } from '../../db/client';
import { toCards } from '../catalogue/cards';
import { findVideo } from '../playback/queries';
import {
  addSeconds,
  findSettings,
  lockSettings,
  secondsOnDay,
  selectDays,
  selectPractisedDays,
  selectTopVideos,
  updateSettings,
} from './queries';

/**
 * Credits a report of the player to the member's day (in the time zone it sent) and video: never more than
 * the time since their previous report from any device, one report's maximum, or the day's cap (decision
 * 0050). The settings row is locked so two devices reporting at once are credited one after the other.
 */
export async function recordPractice(db: Db, userId: string, report: TPracticeReport, now = new Date()) {
  const video = await findVideo(db, report.videoId);
  return db.transaction(async (tx) => {
    const settings = await lockSettings(tx, userId, report.timeZone);
    const day = dayIn(now, report.timeZone);
    const sinceLastReport = settings.lastReportAt
      ? Math.max(0, (now.getTime() - settings.lastReportAt.getTime()) / 1000)
      : null;
    const credited = creditedSeconds({
      claimed: report.seconds,
      sinceLastReport,
      alreadyToday: await secondsOnDay(tx, userId, day),
    });
    if (credited > 0) await addSeconds(tx, userId, day, video.id, credited);
    await updateSettings(tx, userId, { lastReportAt: now, timeZone: report.timeZone });
    return { creditedSeconds: credited, day };
  });
}

export async function setGoal(db: DbOrTx, userId: string, goal: TPracticeGoal): Promise<TPracticeGoal> {
  await updateSettings(db, userId, { weeklyGoalMinutes: goal.weeklyGoalMinutes, timeZone: goal.timeZone });
  return goal;
}

/** The practice page: the heatmap's days, this week against the goal, the streaks and the videos practised most. */
export async function practiceSummary(
  db: DbOrTx,
  userId: string,
  now = new Date(),
): Promise<TPracticeSummary> {
  const settings = await findSettings(db, userId);
  const timeZone = settings?.timeZone ?? 'UTC';
  const today = dayIn(now, timeZone);
  const from = addDays(weekStart(today), -7 * (PRACTICE_LIMITS.heatmapWeeks - 1));
  const thisWeek = weekStart(today);
  const [days, practised, top] = await Promise.all([
    selectDays(db, userId, from),
    selectPractisedDays(db, userId),
    selectTopVideos(db, userId, PRACTICE_LIMITS.topVideos),
  ]);
  const cards = await toCards(
    db,
    top.map((t) => t.video),
    userId,
    now,
  );
  return {
    timeZone,
    today,
    weeklyGoalMinutes: settings?.weeklyGoalMinutes ?? null,
    weekSeconds: days.filter((d) => d.day >= thisWeek && d.day <= today).reduce((n, d) => n + d.seconds, 0),
    streak: streaks(practised, today),
    days,
    from,
    topVideos: top.map((t, i) => ({ video: cards[i]!, seconds: t.seconds })),
  };
}
