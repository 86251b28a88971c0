import { and, asc, desc, eq, gt, gte, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { releaseAuditEvents, releaseAuditRollup } from '../../db/schema';

export interface RangeFilter {
  from: Date;
  to: Date;
  fieldType?: string;
  status?: 'ok' | 'error' | 'retry';
}

export interface Totals {
  total: number;
  ok: number;
  errors: number;
  retries: number;
}

/** Events of [from, to] (both included) with the filters. */
function eventConditions(f: RangeFilter, from = f.from, to = f.to, toIncluded = true): SQL {
  return and(
    gte(releaseAuditEvents.createdAt, from),
    toIncluded ? lte(releaseAuditEvents.createdAt, to) : lt(releaseAuditEvents.createdAt, to),
    f.fieldType ? eq(releaseAuditEvents.fieldType, f.fieldType) : undefined,
    f.status ? eq(releaseAuditEvents.status, f.status) : undefined,
  )!;
}

const totalsColumns = {
  total: sql<number>`count(*)::int`,
  ok: sql<number>`(count(*) filter (where ${releaseAuditEvents.status} = 'ok'))::int`,
  errors: sql<number>`(count(*) filter (where ${releaseAuditEvents.status} = 'error'))::int`,
  retries: sql<number>`(count(*) filter (where ${releaseAuditEvents.status} = 'retry'))::int`,
};

/** Totals counted on the events themselves: for the partial hours at the ends of a range. */
export function countEventsQuery(db: DbOrTx, f: RangeFilter, from: Date, to: Date, toIncluded: boolean) {
  return db
    .select(totalsColumns)
    .from(releaseAuditEvents)
    .where(eventConditions(f, from, to, toIncluded));
}

export async function countEvents(db: DbOrTx, f: RangeFilter, from: Date, to: Date, toIncluded: boolean) {
  const [row] = await countEventsQuery(db, f, from, to, toIncluded);
  return row ?? { total: 0, ok: 0, errors: 0, retries: 0 };
}

/** Totals of whole hours [fromHour, toHour) from the hourly rollup. */
export function sumHourRollupQuery(db: DbOrTx, fieldType: string | undefined, fromHour: Date, toHour: Date) {
  return db
    .select({
      total: sql<number>`coalesce(sum(${releaseAuditRollup.count}), 0)::int`,
      ok: sql<number>`coalesce(sum(${releaseAuditRollup.ok}), 0)::int`,
      errors: sql<number>`coalesce(sum(${releaseAuditRollup.errors}), 0)::int`,
      retries: sql<number>`coalesce(sum(${releaseAuditRollup.retries}), 0)::int`,
    })
    .from(releaseAuditRollup)
    .where(
      and(
        eq(releaseAuditRollup.grain, 'hour'),
        gte(releaseAuditRollup.bucket, fromHour),
        lt(releaseAuditRollup.bucket, toHour),
        fieldType ? eq(releaseAuditRollup.fieldType, fieldType) : undefined,
      ),
    );
}

export async function sumHourRollup(db: DbOrTx, fieldType: string | undefined, fromHour: Date, toHour: Date) {
  const [row] = await sumHourRollupQuery(db, fieldType, fromHour, toHour);
  return row ?? { total: 0, ok: 0, errors: 0, retries: 0 };
}

/** The field types with events in the hours of the range (the filter's options). */
export async function selectFieldTypes(db: DbOrTx, fromHour: Date, to: Date) {
  const rows = await db
    .selectDistinct({ fieldType: releaseAuditRollup.fieldType })
    .from(releaseAuditRollup)
    .where(
      and(
        eq(releaseAuditRollup.grain, 'hour'),
        gte(releaseAuditRollup.bucket, fromHour),
        lte(releaseAuditRollup.bucket, to),
      ),
    )
    .orderBy(asc(releaseAuditRollup.fieldType));
  return rows.map((r) => r.fieldType);
}

export function selectEventsPage(db: DbOrTx, f: RangeFilter, offset: number, limit: number) {
  return db
    .select()
    .from(releaseAuditEvents)
    .where(eventConditions(f))
    .orderBy(desc(releaseAuditEvents.createdAt), desc(releaseAuditEvents.id))
    .limit(limit)
    .offset(offset);
}

/** The next batch of the export after (createdAt, id), oldest first: keyset paging, constant memory. */
export function selectEventsAfter(
  db: DbOrTx,
  f: RangeFilter,
  after: { createdAt: Date; id: string } | null,
  limit: number,
) {
  return db
    .select()
    .from(releaseAuditEvents)
    .where(
      and(
        eventConditions(f),
        after
          ? or(
              gt(releaseAuditEvents.createdAt, after.createdAt),
              and(eq(releaseAuditEvents.createdAt, after.createdAt), gt(releaseAuditEvents.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(releaseAuditEvents.createdAt), asc(releaseAuditEvents.id))
    .limit(limit);
}

/** Per-bucket counts of a grain's rollup in [from, to] (buckets), summed over the field types. */
export function selectRollupCounts(
  db: DbOrTx,
  grain: 'minute' | 'hour',
  from: Date,
  to: Date,
  fieldType: string | undefined,
) {
  return db
    .select({ bucket: releaseAuditRollup.bucket, count: sql<number>`sum(${releaseAuditRollup.count})::int` })
    .from(releaseAuditRollup)
    .where(rollupRange(grain, from, to, fieldType))
    .groupBy(releaseAuditRollup.bucket)
    .orderBy(asc(releaseAuditRollup.bucket));
}

/** Per-bucket histograms of a grain's rollup in [from, to], one row per field type. */
export function selectRollupHistograms(
  db: DbOrTx,
  grain: 'minute' | 'hour',
  from: Date,
  to: Date,
  fieldType: string | undefined,
) {
  return db
    .select({ bucket: releaseAuditRollup.bucket, durationHist: releaseAuditRollup.durationHist })
    .from(releaseAuditRollup)
    .where(rollupRange(grain, from, to, fieldType))
    .orderBy(asc(releaseAuditRollup.bucket));
}

const rollupRange = (grain: 'minute' | 'hour', from: Date, to: Date, fieldType: string | undefined) =>
  and(
    eq(releaseAuditRollup.grain, grain),
    gte(releaseAuditRollup.bucket, from),
    lte(releaseAuditRollup.bucket, to),
    fieldType ? eq(releaseAuditRollup.fieldType, fieldType) : undefined,
  );
