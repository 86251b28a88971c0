import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { text } from '../http/strings';

/** The release audit (spec 3 §2 /AdminDashboard/release-audit, §3 Audit event and summary, §9). */
export const AUDIT_MESSAGES = {
  invalidRange: 'Select a valid date range (From must be ≤ To).',
  failedToLoad: 'Failed to load',
  noData: 'No data for the selected filters.',
  /** Ours: a range too long for the chosen interval (the page only offers intervals that fit). */
  tooManyPoints: 'Choose a longer interval for this date range.',
  /** Ours: the API keeps the range to a year. */
  rangeTooLong: 'Select a date range of at most 366 days.',
} as const;

export const AUDIT_PAGE_SIZES = [10, 25, 50, 100] as const;
export const AUDIT_DEFAULT_PAGE_SIZE = 25;
export const AUDIT_GRID_HEIGHT = 500;
export const AUDIT_INTERVALS = ['minute', 'hour', 'day'] as const;
export const AUDIT_METRICS = ['count', 'p95'] as const;
/** Quick ranges in hours: 24 h, 7 d (168 h), 30 d (720 h); the default is the last 24 hours. */
export const AUDIT_QUICK_RANGES = [
  { value: '24h', label: '24 h', hours: 24 },
  { value: '7d', label: '7 d', hours: 168 },
  { value: '30d', label: '30 d', hours: 720 },
] as const;
export const AUDIT_DEFAULT_RANGE = '24h';
/** The end of the range follows now, every 60 seconds. */
export const AUDIT_REFRESH_MS = 60_000;
export const AUDIT_TIMESERIES_DEBOUNCE_MS = 350;
/** The most points a time series answers; a longer range needs a longer interval. */
export const AUDIT_MAX_POINTS = 3000;
export const AUDIT_MAX_RANGE_DAYS = 366;

export type TAuditInterval = (typeof AUDIT_INTERVALS)[number];
export type TAuditMetric = (typeof AUDIT_METRICS)[number];

const INTERVAL_MS: Record<TAuditInterval, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/** How many points a range has at an interval (days counted as 24 h, enough for the cap). */
export function auditPointCount(from: Date, to: Date, interval: TAuditInterval): number {
  return Math.floor((to.getTime() - from.getTime()) / INTERVAL_MS[interval]) + 1;
}

/** The intervals a range may be charted at (those within AUDIT_MAX_POINTS). */
export function auditIntervalsFor(from: Date, to: Date): TAuditInterval[] {
  return AUDIT_INTERVALS.filter((i) => auditPointCount(from, to, i) <= AUDIT_MAX_POINTS);
}

/**
 * The colour family of a status (spec 3 §9): ok, success and completed are green; error and failed red;
 * retry, warning and partial yellow; anything else grey.
 */
export function auditStatusTone(status: string): 'success' | 'error' | 'warning' | 'neutral' {
  const s = status.toLowerCase();
  if (s === 'ok' || s === 'success' || s === 'completed') return 'success';
  if (s === 'error' || s === 'failed') return 'error';
  if (s === 'retry' || s === 'warning' || s === 'partial') return 'warning';
  return 'neutral';
}

export const ZAuditStatus = z.enum(['ok', 'error', 'retry']);

const instant = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be a date and time (ISO 8601)` });

const rangeShape = {
  from: instant('from'),
  to: instant('to'),
  fieldType: text().trim().min(1).max(64).optional(),
};

type Range = { from: string; to: string };
const checkRange = (v: Range, ctx: z.RefinementCtx) => {
  const from = Date.parse(v.from);
  const to = Date.parse(v.to);
  if (from > to) ctx.addIssue({ code: 'custom', path: ['from'], message: AUDIT_MESSAGES.invalidRange });
  else if (to - from > AUDIT_MAX_RANGE_DAYS * 86_400_000)
    ctx.addIssue({ code: 'custom', path: ['from'], message: AUDIT_MESSAGES.rangeTooLong });
};

export const ZAuditRangeQuery = z.object(rangeShape).strict().superRefine(checkRange);
export type TAuditRangeQuery = z.input<typeof ZAuditRangeQuery>;

export const ZAuditEventsQuery = z
  .object({
    ...rangeShape,
    status: ZAuditStatus.optional(),
    page: z.coerce
      .number({ error: 'page must be a whole number from 1' })
      .int('page must be a whole number from 1')
      .min(1, 'page must be a whole number from 1')
      .max(100_000)
      .default(1),
    limit: z.coerce
      .number()
      .int()
      .refine((n) => (AUDIT_PAGE_SIZES as readonly number[]).includes(n), 'limit is one of 10, 25, 50, 100')
      .default(AUDIT_DEFAULT_PAGE_SIZE),
  })
  .strict()
  .superRefine(checkRange);
export type TAuditEventsQuery = z.input<typeof ZAuditEventsQuery>;

export const ZAuditExportQuery = z
  .object({ ...rangeShape, status: ZAuditStatus.optional() })
  .strict()
  .superRefine(checkRange);

export const ZAuditTimeseriesQuery = z
  .object({
    ...rangeShape,
    interval: z.enum(AUDIT_INTERVALS).default('hour'),
    metric: z.enum(AUDIT_METRICS).default('count'),
  })
  .strict()
  .superRefine((v, ctx) => {
    checkRange(v, ctx);
    if (
      Date.parse(v.from) <= Date.parse(v.to) &&
      auditPointCount(new Date(v.from), new Date(v.to), v.interval) > AUDIT_MAX_POINTS
    )
      ctx.addIssue({ code: 'custom', path: ['interval'], message: AUDIT_MESSAGES.tooManyPoints });
  });
export type TAuditTimeseriesQuery = z.input<typeof ZAuditTimeseriesQuery>;

/** Spec 3 §3 "Audit event". */
export const ZAuditEvent = z.object({
  id: z.string(),
  createdAt: z.string(),
  event: z.string(),
  status: ZAuditStatus,
  fieldType: z.string(),
  workerId: z.string(),
  jobId: z.string().nullable(),
  itemId: z.string().nullable(),
  durationMs: z.number().int(),
  attempts: z.number().int(),
  message: z.string().nullable(),
  error: z.string().nullable(),
  context: z.record(z.string(), z.unknown()),
  scheduleTimeUTC: z.string().nullable(),
});
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

export const ZAuditEventsPage = z.object({
  items: z.array(ZAuditEvent),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
});
export type TAuditEventsPage = z.infer<typeof ZAuditEventsPage>;

/** Spec 3 §3 "Audit summary": the totals of the range, and the field types seen in it (the filter's options). */
export const ZAuditSummary = z.object({
  totals: z.object({
    total: z.number().int(),
    successes: z.number().int(),
    errors: z.number().int(),
    retries: z.number().int(),
  }),
  fieldTypes: z.array(z.string()),
});
export type TAuditSummary = z.infer<typeof ZAuditSummary>;

export const ZAuditTimeseries = z.object({
  interval: z.enum(AUDIT_INTERVALS),
  metric: z.enum(AUDIT_METRICS),
  /** One point per interval of the range, oldest first; `value` is null for a p95 without events. */
  series: z.array(z.object({ t: z.string(), value: z.number().nullable() })),
});
export type TAuditTimeseries = z.infer<typeof ZAuditTimeseries>;

const tags = ['admin: release audit'];
const adminErrors = ['UNAUTHENTICATED', 'ROLE_MISMATCH'] as const;

export const releaseAuditEndpoints = {
  events: defineEndpoint({
    method: 'GET',
    path: '/admin/audit/events',
    summary: 'Audit events of a range, newest first, a page at a time (25 by default)',
    tags,
    auth: 'admin',
    query: ZAuditEventsQuery,
    response: ZAuditEventsPage,
    errors: ['VALIDATION_FAILED', ...adminErrors],
  }),
  summary: defineEndpoint({
    method: 'GET',
    path: '/admin/audit/summary',
    summary: 'Totals of a range: events, successes, errors, retries; the field types seen',
    tags,
    auth: 'admin',
    query: ZAuditRangeQuery,
    response: ZAuditSummary,
    errors: ['VALIDATION_FAILED', ...adminErrors],
  }),
  timeseries: defineEndpoint({
    method: 'GET',
    path: '/admin/audit/timeseries',
    summary: 'Count or p95 duration of a range per minute, hour or day (New York days)',
    tags,
    auth: 'admin',
    query: ZAuditTimeseriesQuery,
    response: ZAuditTimeseries,
    errors: ['VALIDATION_FAILED', ...adminErrors],
  }),
  exportCsv: defineEndpoint({
    method: 'GET',
    path: '/admin/audit/events.csv',
    summary: 'Every audit event of a range as CSV, oldest first, streamed',
    tags,
    auth: 'admin',
    query: ZAuditExportQuery,
    response: z.string().describe('text/csv'),
    errors: ['VALIDATION_FAILED', ...adminErrors],
  }),
};
