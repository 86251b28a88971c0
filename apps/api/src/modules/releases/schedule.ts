import { addDays, RELEASE_TIME_ZONE, releaseInstant, todayInNewYork } from '@dance/domain';

/** pg-boss's cron for the release job: every day at 12:00 AM in `RELEASE_CRON_TZ` (spec 3 §9). */
export const RELEASE_CRON = '0 0 * * *';
export const RELEASE_CRON_TZ = RELEASE_TIME_ZONE;

/** How far back a run looks for items a missed run left unreleased. */
export const CATCH_UP_DAYS = 7;

/** The last 12:00 AM New York at or before `now`: the run `now` belongs to. */
export function releaseRunAt(now: Date): Date {
  return releaseInstant(todayInNewYork(now));
}

/** The next 12:00 AM New York after `now` (23, 24 or 25 hours after the last one). */
export function nextReleaseRunAt(now: Date): Date {
  return releaseInstant(addDays(todayInNewYork(now), 1));
}

/** Exponential backoff between an item's attempts: 1 s, 2 s, 4 s… capped at a minute. */
export function retryDelayMs(attempt: number, baseMs = 1000): number {
  return Math.min(60_000, baseMs * 2 ** (attempt - 1));
}
