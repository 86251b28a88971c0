import { TZDate } from '@date-fns/tz';
import { RELEASE_TIME_ZONE } from './constants';

/** The instant a release date (YYYY-MM-DD) goes live: 12:00 AM in America/New_York (EST or EDT). */
export function releaseInstant(releaseDate: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(releaseDate);
  if (!match) throw new Error(`Not a YYYY-MM-DD date: ${releaseDate}`);
  const [, y, m, d] = match;
  return new Date(new TZDate(Number(y), Number(m) - 1, Number(d), 0, 0, 0, RELEASE_TIME_ZONE).getTime());
}

/** Today's date in New York (YYYY-MM-DD): the minimum of every release-date picker. */
export function todayInNewYork(now: Date = new Date()): string {
  const ny = new TZDate(now.getTime(), RELEASE_TIME_ZONE);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${ny.getFullYear()}-${pad(ny.getMonth() + 1)}-${pad(ny.getDate())}`;
}

/** A New York date `days` after another (YYYY-MM-DD arithmetic, no time zone drift). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const utc = new Date(Date.UTC(y, m - 1, d + days));
  return utc.toISOString().slice(0, 10);
}

/** An instant as New York wall-clock time, for a datetime-local field: `YYYY-MM-DDTHH:mm`. */
export function toNewYorkLocal(instant: Date): string {
  const ny = new TZDate(instant.getTime(), RELEASE_TIME_ZONE);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${ny.getFullYear()}-${pad(ny.getMonth() + 1)}-${pad(ny.getDate())}T${pad(ny.getHours())}:${pad(ny.getMinutes())}`;
}

/**
 * The instant of a New York wall-clock time (`YYYY-MM-DDTHH:mm`, as a datetime-local field gives it); null when
 * the text is not one. A time skipped by the spring change resolves forward, as TZDate does.
 */
export function fromNewYorkLocal(local: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!match) return null;
  const [, y, m, d, h, min, s] = match;
  const date = new TZDate(
    Number(y),
    Number(m) - 1,
    Number(d),
    Number(h),
    Number(min),
    Number(s ?? 0),
    RELEASE_TIME_ZONE,
  );
  const time = date.getTime();
  return Number.isNaN(time) ? null : new Date(time);
}
