import {
  AUDIT_QUICK_RANGES,
  auditIntervalsFor,
  fromNewYorkLocal,
  type TAuditInterval,
  toNewYorkLocal,
} from '@dance/domain';

export type QuickRange = (typeof AUDIT_QUICK_RANGES)[number]['value'];
export type RangeChoice = QuickRange | 'custom';

export interface AuditRange {
  from: string;
  to: string;
}

/** The quick range ending at `now`: the last 24 hours, 7 days or 30 days. */
export function quickRange(choice: QuickRange, now: Date): AuditRange {
  const hours = AUDIT_QUICK_RANGES.find((r) => r.value === choice)?.hours ?? 24;
  return { from: new Date(now.getTime() - hours * 3_600_000).toISOString(), to: now.toISOString() };
}

/** A custom range from two New York wall-clock fields; invalid when either is missing or From is after To. */
export function customRange(fromLocal: string, toLocal: string): AuditRange | null {
  const from = fromNewYorkLocal(fromLocal);
  const to = fromNewYorkLocal(toLocal);
  if (!from || !to || from.getTime() > to.getTime()) return null;
  return { from: from.toISOString(), to: to.toISOString() };
}

/** The custom fields' starting values: the quick range the admin was looking at. */
export function toLocalFields(range: AuditRange) {
  return { fromLocal: toNewYorkLocal(new Date(range.from)), toLocal: toNewYorkLocal(new Date(range.to)) };
}

/** The interval to chart a range at: the one chosen if the range allows it, else the finest that fits. */
export function fittingInterval(range: AuditRange, wanted: TAuditInterval): TAuditInterval {
  const allowed = auditIntervalsFor(new Date(range.from), new Date(range.to));
  if (allowed.includes(wanted)) return wanted;
  return allowed[0] ?? 'day';
}

const TIME_ZONE = 'America/New_York';
const tickFormats: Record<TAuditInterval, Intl.DateTimeFormat> = {
  minute: new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit' }),
  hour: new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
  }),
  day: new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, month: 'short', day: 'numeric' }),
};

/** A chart tick, in New York time; anything that is not a time is shown as it is. */
export function formatTick(value: unknown, interval: TAuditInterval): string {
  const date = new Date(typeof value === 'string' || typeof value === 'number' ? value : Number.NaN);
  return Number.isNaN(date.getTime()) ? String(value ?? '') : tickFormats[interval].format(date);
}

const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  dateStyle: 'medium',
  timeStyle: 'medium',
});

/** A grid time, in New York time. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
