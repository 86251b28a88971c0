import { addDays } from '../release';

/**
 * The practice log's rules (issue 20 item 5, decision 0050): what a report may claim, the day cap, and the
 * calendar maths of streaks and weeks in the member's time zone. Days are ISO dates (YYYY-MM-DD).
 */
export const PRACTICE_LIMITS = {
  /** The player reports at most this often while playing (and on leaving the page). */
  reportEverySeconds: 30,
  /** One report never claims more than this (a tab left playing for hours reports in many small batches). */
  maxReportSeconds: 300,
  /** A report may claim the time since the previous one plus this slack (network and timer jitter). */
  slackSeconds: 5,
  /** No day holds more than 16 hours of practice, however many devices report. */
  maxSecondsPerDay: 16 * 3600,
  /** The weekly goal a member may set, in minutes. */
  minWeeklyGoalMinutes: 10,
  maxWeeklyGoalMinutes: 10_080,
  /** The heatmap's span, in weeks (the current one included). */
  heatmapWeeks: 26,
  /** The "practised most" list. */
  topVideos: 5,
} as const;

/** The calendar day of an instant in a time zone, as YYYY-MM-DD. */
export function dayIn(instant: Date, timeZone: string): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The Monday that starts the week of `day` (weeks run Monday to Sunday). */
export function weekStart(day: string): string {
  const weekday = new Date(toUtc(day)).getUTCDay(); // 0 Sunday .. 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * Streaks over the days with practice: `current` counts back from today, or from yesterday when today has
 * none yet (a streak is not broken before the day is over); `longest` is the longest run ever.
 */
export function streaks(
  practisedDays: Iterable<string>,
  today: string,
): { current: number; longest: number } {
  const days = new Set(practisedDays);
  let current = 0;
  let cursor = days.has(today) ? today : addDays(today, -1);
  while (days.has(cursor)) {
    current += 1;
    cursor = addDays(cursor, -1);
  }
  let longest = 0;
  for (const day of days) {
    if (days.has(addDays(day, -1))) continue; // not the start of a run
    let length = 1;
    while (days.has(addDays(day, length))) length += 1;
    longest = Math.max(longest, length);
  }
  return { current, longest };
}

/**
 * The seconds a report is credited with: what it claims, but never more than elapsed since the member's
 * previous report (plus slack), one report's maximum, or what is left of the day's cap.
 */
export function creditedSeconds(input: {
  claimed: number;
  /** Seconds since the previous report of this member from any device; null for the first report ever. */
  sinceLastReport: number | null;
  alreadyToday: number;
}): number {
  const { claimed, sinceLastReport, alreadyToday } = input;
  const elapsedCap =
    sinceLastReport === null
      ? PRACTICE_LIMITS.maxReportSeconds
      : sinceLastReport + PRACTICE_LIMITS.slackSeconds;
  const left = Math.max(0, PRACTICE_LIMITS.maxSecondsPerDay - alreadyToday);
  return Math.max(0, Math.floor(Math.min(claimed, elapsedCap, PRACTICE_LIMITS.maxReportSeconds, left)));
}

/** A dancer is reminded of an assignment at most once in this many hours. */
export const REMINDER_INTERVAL_HOURS = 24;

export const PRACTICE_MESSAGES = {
  playlistNotFound: 'That studio playlist was not found.',
  dancerNotFound: 'One of those dancers is not in your studio.',
  alreadyAssigned: 'This playlist is already assigned. Withdraw it first to assign it again.',
  assignmentNotFound: 'That assignment was not found.',
  assigned: 'Playlist assigned.',
  withdrawn: 'Assignment withdrawn.',
  reminded: (n: number) => (n === 1 ? 'Reminder sent to 1 dancer.' : `Reminder sent to ${n} dancers.`),
  nobodyToRemind: 'Everyone assigned has finished this playlist.',
  remindedRecently: 'These dancers were reminded in the last 24 hours. Try again tomorrow.',
  goalSaved: 'Weekly goal saved.',
} as const;
