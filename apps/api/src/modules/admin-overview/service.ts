import type { TOverview } from '@dance/domain';
import type { DbOrTx } from '../../db/client';
import {
  type DayRange,
  selectMembersByPlan,
  selectStudios,
  selectTopByCompletion,
  selectTopByLikes,
  selectTopByLikesFromWindow,
  selectTopByMinutes,
  selectTrials,
  selectWatchMinutesByDay,
  selectWatchTopsFromWindow,
  selectWeekly,
} from './queries';

/** The most liked videos of the range: from a likes window when one is the range, else counted. */
async function readTopByLikes(db: DbOrTx, range: DayRange) {
  return (await selectTopByLikesFromWindow(db, range)) ?? selectTopByLikes(db, range);
}

/** The top videos by minutes and by completion: from a watch window when one is the range, else counted. */
async function readWatchTops(db: DbOrTx, range: DayRange) {
  const fromWindow = await selectWatchTopsFromWindow(db, range);
  if (fromWindow) return fromWindow;
  const [topByMinutes, topByCompletion] = await Promise.all([
    selectTopByMinutes(db, range),
    selectTopByCompletion(db, range),
  ]);
  return { topByMinutes, topByCompletion };
}

/** Every figure of the overview for a range of UTC days, each computed by the database. */
export async function readOverview(db: DbOrTx, range: DayRange): Promise<TOverview> {
  const [
    membersByPlan,
    trials,
    weekly,
    watchMinutesByDay,
    { topByMinutes, topByCompletion },
    topByLikes,
    studios,
  ] = await Promise.all([
    selectMembersByPlan(db),
    selectTrials(db, range),
    selectWeekly(db, range),
    selectWatchMinutesByDay(db, range),
    readWatchTops(db, range),
    readTopByLikes(db, range),
    selectStudios(db),
  ]);
  const num = <T extends Record<string, unknown>>(rows: T[], keys: (keyof T)[]) =>
    rows.map((r) => ({ ...r, ...Object.fromEntries(keys.map((k) => [k, Number(r[k])])) }) as T);
  return {
    from: range.from,
    to: range.to,
    membersByPlan: num(membersByPlan, ['members']),
    trials: {
      started: Number(trials.started),
      converted: Number(trials.converted),
      lapsed: Number(trials.lapsed),
    },
    weekly: num(weekly, ['new', 'cancelled', 'net']),
    watchMinutesByDay: num(watchMinutesByDay, ['minutes']),
    topByMinutes: num(topByMinutes, ['minutes']),
    topByCompletion: num(topByCompletion, ['viewers', 'completed', 'completionRate']),
    topByLikes: num(topByLikes, ['likes']),
    studios,
  };
}
