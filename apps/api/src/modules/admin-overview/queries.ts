import { OVERVIEW_MIN_VIEWERS, OVERVIEW_TOP, type PlanId, seatsOfPlan, type TOverview } from '@dance/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** The rows of a raw query, whichever driver ran it (postgres.js answers an array, PGlite an object with rows). */
async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } & T[];
  return result.rows ?? result;
}

/** A range of whole days in UTC: from its first day's midnight to the midnight after its last day. */
export interface DayRange {
  from: string;
  to: string;
}

// Whatever the session's time zone: the days are UTC days.
const start = (r: DayRange) => sql`(${r.from}::date::timestamp at time zone 'UTC')`;
const end = (r: DayRange) => sql`((${r.to}::date + 1)::timestamp at time zone 'UTC')`;

/**
 * Members now, by plan and status: each member counted once, by their latest subscription. Read from the counts a
 * trigger on subscriptions keeps (migration 0023, decision 0059): a few rows instead of every subscription.
 */
export function selectMembersByPlan(db: DbOrTx) {
  return rowsOf<{ planId: string; status: string; members: number }>(
    db,
    sql`select plan_id as "planId", status, members from member_plan_counts where members > 0
        order by plan_id, status`,
  );
}

/** The same counted from every subscription (the reference the tests hold the counts to). */
export function selectMembersByPlanCounted(db: DbOrTx) {
  return rowsOf<{ planId: string; status: string; members: number }>(
    db,
    sql`select plan_id as "planId", status, count(*)::int as members
        from (select distinct on (user_id) plan_id, status from subscriptions
              order by user_id, created_at desc nulls last, id desc nulls last) latest
        group by plan_id, status order by plan_id, status`,
  );
}

/**
 * Trials started in the range; of the trials whose end fell in the range (and has passed), those lapsed (the
 * subscription cancelled by the end of its trial) and those converted (on to a paid term: any other state but
 * still in trial or future).
 */
export async function selectTrials(db: DbOrTx, range: DayRange) {
  const [row] = await rowsOf<{ started: number; converted: number; lapsed: number }>(
    db,
    sql`select
      (select count(*)::int from subscriptions where trial_start >= ${start(range)} and trial_start < ${end(range)}) as started,
      count(*) filter (where not lapsed and status not in ('in_trial', 'future'))::int as converted,
      count(*) filter (where lapsed)::int as lapsed
    from (
      select status, (status = 'cancelled' and (cancelled_at is null or cancelled_at <= trial_end)) as lapsed
      from subscriptions
      where trial_end >= ${start(range)} and trial_end < least(${end(range)}, now())
    ) ended`,
  );
  return row ?? { started: 0, converted: 0, lapsed: 0 };
}

/** Per ISO week (from its Monday) of the range: subscriptions started and cancelled within the range. */
export function selectWeekly(db: DbOrTx, range: DayRange) {
  return rowsOf<{ week: string; new: number; cancelled: number; net: number }>(
    db,
    sql`with weeks as (
      select w::date as week,
        greatest(w at time zone 'UTC', ${start(range)}) as lo,
        least((w + interval '7 days') at time zone 'UTC', ${end(range)}) as hi
      from generate_series(date_trunc('week', ${range.from}::date), date_trunc('week', ${range.to}::date), interval '7 days') w
    ), counted as (
      select to_char(week, 'YYYY-MM-DD') as week,
        (select count(*)::int from subscriptions s where s.created_at >= lo and s.created_at < hi) as new,
        (select count(*)::int from subscriptions s where s.cancelled_at >= lo and s.cancelled_at < hi) as cancelled
      from weeks
    )
    select week, new, cancelled, new - cancelled as net from counted order by week`,
  );
}

/**
 * Minutes watched per day of the range (every day, zero when nobody watched): a closed day's total as the watch
 * windows' roll stored it (migration 0023, decision 0059), else (today, or a day the roll has not reached) the sum
 * of the day's daily rows. Both sum in double precision, so the figure is the same either way.
 */
export function selectWatchMinutesByDay(db: DbOrTx, range: DayRange) {
  return rowsOf<{ day: string; minutes: number }>(
    db,
    sql`select to_char(g.d, 'YYYY-MM-DD') as day,
          coalesce(round((coalesce(t.seconds,
            (select sum(w.seconds::float8) from video_watch_daily w where w.day = g.d)) / 60)::numeric, 1), 0)::float8 as minutes
        from (select generate_series(${range.from}::date, ${range.to}::date, interval '1 day')::date as d) g
        left join watch_day_totals t on t.day = g.d
        order by g.d`,
  );
}

/** The same, summed from the daily rows alone (the reference the tests hold the totals to). */
export function selectWatchMinutesByDayCounted(db: DbOrTx, range: DayRange) {
  return rowsOf<{ day: string; minutes: number }>(
    db,
    sql`select to_char(d, 'YYYY-MM-DD') as day, coalesce(round((sum(w.seconds::float8) / 60)::numeric, 1), 0)::float8 as minutes
        from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') d
        left join video_watch_daily w on w.day = d::date
        group by d order by d`,
  );
}

export function selectTopByMinutes(db: DbOrTx, range: DayRange) {
  return rowsOf<{ id: string; title: string; minutes: number }>(
    db,
    // Summed in double precision, as the watch windows (decision 0059) sum them: the same figure either way.
    sql`select v.id, v.title, round((t.seconds / 60)::numeric, 1)::float8 as minutes
        from (select video_id, sum(seconds::float8) as seconds from video_watch_daily
              where day between ${range.from}::date and ${range.to}::date group by video_id
              order by sum(seconds) desc, video_id limit ${OVERVIEW_TOP}) t
        join videos v on v.id = t.video_id
        order by t.seconds desc, v.id`,
  );
}

/** Completed over started among members who watched the video in the range (OVERVIEW_MIN_VIEWERS at least). */
export function selectTopByCompletion(db: DbOrTx, range: DayRange) {
  return rowsOf<{ id: string; title: string; viewers: number; completed: number; completionRate: number }>(
    db,
    sql`select v.id, v.title, t.viewers, t.completed, round(t.completed::numeric / t.viewers, 4)::float8 as "completionRate"
        from (select video_id, count(*)::int as viewers, count(*) filter (where is_completed)::int as completed
              from watch_progress where updated_at >= ${start(range)} and updated_at < ${end(range)}
              group by video_id having count(*) >= ${OVERVIEW_MIN_VIEWERS}) t
        join videos v on v.id = t.video_id
        order by t.completed::float8 / t.viewers desc, t.viewers desc, v.id
        limit ${OVERVIEW_TOP}`,
  );
}

/** Likes given in the range (a like still standing, dated by its last change). */
export function selectTopByLikes(db: DbOrTx, range: DayRange) {
  return rowsOf<{ id: string; title: string; likes: number }>(
    db,
    sql`select v.id, v.title, t.likes
        from (select video_id, count(*)::int as likes from video_reactions
              where reaction = 'like' and updated_at >= ${start(range)} and updated_at < ${end(range)}
              group by video_id order by count(*) desc, video_id limit ${OVERVIEW_TOP}) t
        join videos v on v.id = t.video_id
        order by t.likes desc, v.id`,
  );
}

/**
 * The same ranking read from the likes window of `days` days (migration 0022, decision 0053) when the range is
 * that window ending today (UTC, by the database's clock): the window is first moved to today if the job has not
 * done it yet. Null when no window serves the range; the caller then counts the likes themselves.
 */
export async function selectTopByLikesFromWindow(db: DbOrTx, range: DayRange) {
  const days = (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000 + 1;
  const [state] = await rowsOf<{ endDay: string | null; today: string }>(
    db,
    sql`select end_day::text as "endDay", ((now() at time zone 'UTC')::date)::text as today
        from likes_window_state where days = ${days}`,
  );
  if (!state || state.today !== range.to) return null;
  if (state.endDay !== state.today) await rollLikesWindows(db, state.today);
  // One statement, so the rows are of the window the state names (a roll between two reads would mix them).
  const [answer] = await rowsOf<{
    isReady: boolean;
    top: { id: string; title: string; likes: number }[] | null;
  }>(
    db,
    sql`select s.end_day = ${range.to}::date as "isReady",
          (select json_agg(json_build_object('id', v.id, 'title', v.title, 'likes', w.likes) order by w.likes desc, v.id)
           from (select video_id, likes from video_likes_windows
                 where days = s.days and likes > 0
                 -- nulls last as the index has it (likes is never null): the index gives the order, 10 rows read
                 order by likes desc nulls last, video_id limit ${OVERVIEW_TOP}) w
           join videos v on v.id = w.video_id) as top
        from likes_window_state s where s.days = ${days}`,
  );
  if (!answer?.isReady) return null;
  return answer.top ?? [];
}

type TopByMinutes = { id: string; title: string; minutes: number }[];
type TopByCompletion = {
  id: string;
  title: string;
  viewers: number;
  completed: number;
  completionRate: number;
}[];

/**
 * The top by minutes and by completion read from the watch window of `days` days (migration 0023, decision 0059)
 * when the range is that window ending today (UTC, by the database's clock), as the likes are: the window is first
 * moved to today if the job has not done it yet. Null when no window serves the range.
 */
export async function selectWatchTopsFromWindow(db: DbOrTx, range: DayRange) {
  const days = (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000 + 1;
  const [state] = await rowsOf<{ endDay: string | null; today: string }>(
    db,
    sql`select end_day::text as "endDay", ((now() at time zone 'UTC')::date)::text as today
        from watch_window_state where days = ${days}`,
  );
  if (!state || state.today !== range.to) return null;
  if (state.endDay !== state.today) await rollWatchWindows(db, state.today);
  // One statement, so both rankings are of the window the state names.
  const [answer] = await rowsOf<{
    isReady: boolean;
    minutes: TopByMinutes | null;
    completion: TopByCompletion | null;
  }>(
    db,
    sql`select s.end_day = ${range.to}::date as "isReady",
          (select json_agg(json_build_object('id', v.id, 'title', v.title,
                    'minutes', round((w.seconds / 60)::numeric, 1)::float8) order by w.seconds desc, v.id)
           from (select video_id, seconds from video_watch_windows
                 where days = s.days and seconds > 0
                 -- nulls last as the index has it: the index gives the order, 10 rows read
                 order by seconds desc nulls last, video_id limit ${OVERVIEW_TOP}) w
           join videos v on v.id = w.video_id) as minutes,
          (select json_agg(json_build_object('id', v.id, 'title', v.title, 'viewers', w.viewers,
                    'completed', w.completed, 'completionRate', round(w.completed::numeric / w.viewers, 4)::float8)
                  order by w.completed::float8 / w.viewers desc, w.viewers desc, v.id)
           from (select video_id, viewers, completed from video_watch_windows
                 where days = s.days and viewers >= ${OVERVIEW_MIN_VIEWERS}
                 order by completed::float8 / viewers desc, viewers desc, video_id limit ${OVERVIEW_TOP}) w
           join videos v on v.id = w.video_id) as completion
        from watch_window_state s where s.days = ${days}`,
  );
  if (!answer?.isReady) return null;
  return { topByMinutes: answer.minutes ?? [], topByCompletion: answer.completion ?? [] };
}

/** Moves every watch window to end on `day` (today by the database's clock when left out). */
export async function rollWatchWindows(db: DbOrTx, day?: string) {
  const target = day ? sql`${day}::date` : sql`(now() at time zone 'UTC')::date`;
  await db.execute(sql`select video_watch_windows_roll(${target})`);
}

/**
 * Moves every likes window to end on `day` (a UTC day, YYYY-MM-DD; today by the database's clock when left out);
 * the SQL function does the work.
 */
export async function rollLikesWindows(db: DbOrTx, day?: string) {
  const target = day ? sql`${day}::date` : sql`(now() at time zone 'UTC')::date`;
  await db.execute(sql`select video_likes_windows_roll(${target})`);
}

/** Studios (studio owners) with their plan's seats and the seats taken: the owner and each sub-user. */
export async function selectStudios(db: DbOrTx): Promise<TOverview['studios']> {
  const rows = await rowsOf<{ id: string; name: string; planId: string | null; subusers: number }>(
    db,
    sql`select u.id, trim(u.first_name || ' ' || u.last_name) as name, p.plan_id as "planId",
          (select count(*)::int from users s where s.studio_owner_id = u.id) as subusers
        from users u
        left join lateral (select plan_id from subscriptions
                           where user_id = u.id and status in ('active', 'in_trial', 'non_renewing', 'future', 'paused')
                           -- nulls last as the index has it (created_at is never null): its order, no sort
                           order by created_at desc nulls last, id desc nulls last limit 1) p on true
        where u.user_type = 'studio-owner'
        order by subusers desc, name, u.id
        limit 200`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    planId: r.planId,
    seats: seatsOfPlan(r.planId as PlanId | null),
    used: Number(r.subusers) + 1,
  }));
}
