import { Readable } from 'node:stream';
import {
  addDays,
  releaseInstant,
  type TAuditEvent,
  type TAuditEventsPage,
  type TAuditInterval,
  type TAuditMetric,
  type TAuditSummary,
  type TAuditTimeseries,
  todayInNewYork,
} from '@dance/domain';
import { stringify } from 'csv-stringify';
import type { DbOrTx } from '../../db/client';
import type { ReleaseAuditEventRow } from '../../db/schema';
import { addHistogram, DURATION_BIN_COUNT, histogramQuantile } from './histogram';
import {
  countEvents,
  type RangeFilter,
  selectEventsAfter,
  selectEventsPage,
  selectFieldTypes,
  selectRollupCounts,
  selectRollupHistograms,
  sumHourRollup,
  type Totals,
} from './queries';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const floorTo = (d: Date, ms: number) => new Date(Math.floor(d.getTime() / ms) * ms);
const ceilTo = (d: Date, ms: number) => new Date(Math.ceil(d.getTime() / ms) * ms);

const add = (a: Totals, b: Totals): Totals => ({
  total: a.total + b.total,
  ok: a.ok + b.ok,
  errors: a.errors + b.errors,
  retries: a.retries + b.retries,
});

/**
 * Exact totals of [from, to]: whole hours from the hourly rollup, the partial hours at either end counted on
 * the events (an index range of at most two hours), so a month of a million events costs a few hundred rows.
 */
export async function rangeTotals(db: DbOrTx, f: RangeFilter): Promise<Totals> {
  const firstHour = ceilTo(f.from, HOUR_MS);
  const lastHour = floorTo(f.to, HOUR_MS);
  if (firstHour.getTime() >= lastHour.getTime()) return countEvents(db, f, f.from, f.to, true);
  const [head, middle, tail] = await Promise.all([
    countEvents(db, f, f.from, firstHour, false),
    sumHourRollup(db, f.fieldType, firstHour, lastHour),
    countEvents(db, f, lastHour, f.to, true),
  ]);
  return add(add(head, middle), tail);
}

export async function auditSummary(db: DbOrTx, f: RangeFilter): Promise<TAuditSummary> {
  const [totals, fieldTypes] = await Promise.all([
    rangeTotals(db, { from: f.from, to: f.to, fieldType: f.fieldType }),
    selectFieldTypes(db, floorTo(f.from, HOUR_MS), f.to),
  ]);
  return {
    totals: { total: totals.total, successes: totals.ok, errors: totals.errors, retries: totals.retries },
    fieldTypes,
  };
}

export const toAuditEvent = (r: ReleaseAuditEventRow): TAuditEvent => ({
  id: r.id,
  createdAt: r.createdAt.toISOString(),
  event: r.event,
  status: r.status,
  fieldType: r.fieldType,
  workerId: r.workerId,
  jobId: r.jobId,
  itemId: r.itemId,
  durationMs: r.durationMs,
  attempts: r.attempts,
  message: r.message,
  error: r.error,
  context: r.context,
  scheduleTimeUTC: r.scheduleTimeUtc ? r.scheduleTimeUtc.toISOString() : null,
});

export async function auditEventsPage(
  db: DbOrTx,
  f: RangeFilter,
  page: number,
  limit: number,
): Promise<TAuditEventsPage> {
  const [rows, totals] = await Promise.all([
    selectEventsPage(db, f, (page - 1) * limit, limit),
    rangeTotals(db, { from: f.from, to: f.to, fieldType: f.fieldType }),
  ]);
  const total = !f.status
    ? totals.total
    : f.status === 'ok'
      ? totals.ok
      : f.status === 'error'
        ? totals.errors
        : totals.retries;
  return { items: rows.map(toAuditEvent), total, page, limit, totalPages: Math.ceil(total / limit) };
}

/** The buckets of a range at an interval, oldest first: minutes and hours in UTC, days in New York. */
export function bucketsOf(from: Date, to: Date, interval: TAuditInterval): Date[] {
  const buckets: Date[] = [];
  if (interval === 'day') {
    const last = todayInNewYork(to);
    for (let day = todayInNewYork(from); day <= last; day = addDays(day, 1))
      buckets.push(releaseInstant(day));
    return buckets;
  }
  const step = interval === 'minute' ? MINUTE_MS : HOUR_MS;
  for (let t = floorTo(from, step).getTime(); t <= to.getTime(); t += step) buckets.push(new Date(t));
  return buckets;
}

/**
 * The count or p95 duration per minute, hour or New York day of a range, read from the rollups (decision 0031):
 * minutes from the per-minute rollup, hours and days from the per-hour one. A bucket without events counts 0
 * and has no p95 (null).
 */
export async function auditTimeseries(
  db: DbOrTx,
  f: RangeFilter,
  interval: TAuditInterval,
  metric: TAuditMetric,
): Promise<TAuditTimeseries> {
  const buckets = bucketsOf(f.from, f.to, interval);
  const grain = interval === 'minute' ? 'minute' : 'hour';
  const start = buckets[0] ?? f.from;
  // Rows come oldest first: each falls in the last bucket starting at or before it (New York days included),
  // found by walking the buckets alongside instead of computing a time zone per row.
  const starts = buckets.map((b) => b.getTime());
  let cursor = 0;
  const bucketIndexOf = (d: Date) => {
    const time = d.getTime();
    while (cursor + 1 < starts.length && (starts[cursor + 1] as number) <= time) cursor += 1;
    return cursor;
  };
  if (metric === 'count') {
    const counts = new Array<number>(buckets.length).fill(0);
    for (const row of await selectRollupCounts(db, grain, start, f.to, f.fieldType))
      counts[bucketIndexOf(row.bucket)]! += row.count;
    return {
      interval,
      metric,
      series: buckets.map((b, i) => ({ t: b.toISOString(), value: counts[i] ?? 0 })),
    };
  }
  const hists: (number[] | undefined)[] = new Array(buckets.length);
  for (const row of await selectRollupHistograms(db, grain, start, f.to, f.fieldType)) {
    const index = bucketIndexOf(row.bucket);
    let hist = hists[index];
    if (!hist) {
      hist = new Array<number>(DURATION_BIN_COUNT).fill(0);
      hists[index] = hist;
    }
    addHistogram(hist, row.durationHist);
  }
  return {
    interval,
    metric,
    series: buckets.map((b, i) => {
      const hist = hists[i];
      return { t: b.toISOString(), value: hist ? histogramQuantile(hist, 0.95) : null };
    }),
  };
}

export const CSV_COLUMNS = [
  'id',
  'createdAt',
  'event',
  'status',
  'fieldType',
  'workerId',
  'jobId',
  'itemId',
  'durationMs',
  'attempts',
  'message',
  'error',
  'context',
  'scheduleTimeUTC',
] as const;

const EXPORT_BATCH = 1000;

/**
 * Every event of the range as CSV, oldest first, read a batch of 1,000 at a time by keyset and written as the
 * client reads: memory stays flat for a million rows. Cells that a spreadsheet would run as a formula are
 * escaped (csv-stringify's escape_formulas).
 */
export function auditEventsCsv(db: DbOrTx, f: RangeFilter): Readable {
  async function* rows() {
    let after: { createdAt: Date; id: string } | null = null;
    for (;;) {
      const batch = await selectEventsAfter(db, f, after, EXPORT_BATCH);
      for (const row of batch) {
        const e = toAuditEvent(row);
        yield [
          e.id,
          e.createdAt,
          e.event,
          e.status,
          e.fieldType,
          e.workerId,
          e.jobId ?? '',
          e.itemId ?? '',
          e.durationMs,
          e.attempts,
          e.message ?? '',
          e.error ?? '',
          JSON.stringify(e.context),
          e.scheduleTimeUTC ?? '',
        ];
      }
      const last = batch.at(-1);
      if (!last || batch.length < EXPORT_BATCH) return;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }
  const csv = stringify({ header: true, columns: [...CSV_COLUMNS], escape_formulas: true });
  const source = Readable.from(rows());
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
