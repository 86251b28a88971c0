/** Seconds as practice minutes: "0 min", "Under 1 min", "45 min", "1 h 5 min". */
export function formatMinutes(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (seconds > 0 && minutes === 0) return 'Under 1 min';
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest === 0 ? `${Math.floor(minutes / 60)} h` : `${Math.floor(minutes / 60)} h ${rest} min`;
}

/** An ISO day as "Mon 2 Mar 2026" (read in UTC: the day is already the member's). */
export function formatDay(day: string, withWeekday = true): string {
  return new Intl.DateTimeFormat('en-GB', {
    ...(withWeekday ? { weekday: 'short' } : {}),
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}
