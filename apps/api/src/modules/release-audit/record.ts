import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { releaseAuditEvents } from '../../db/schema';
import { DURATION_BIN_COUNT, DURATION_BIN_EDGES_MS, durationBin } from './histogram';

export type ReleaseEventStatus = 'ok' | 'error' | 'retry';

/** One item a job handled (spec 3 §3 "Audit event"). */
export interface ReleaseEventInput {
  /** What happened, e.g. `release.class-video`, `notification.weekly`. */
  event: string;
  status: ReleaseEventStatus;
  /** The kind of item: `class-video`, `banner`, `popup`, `trc-content`, `notification`… */
  fieldType: string;
  durationMs: number;
  /** The pg-boss job id. */
  jobId?: string | null;
  itemId?: string | null;
  /** 1 for the first try. */
  attempts?: number;
  message?: string | null;
  error?: string | null;
  context?: Record<string, unknown>;
  /** The instant the run was scheduled for (midnight New York, in UTC). */
  scheduleTimeUtc?: Date | null;
  /** Defaults to this process (host:pid). */
  workerId?: string;
  /** Defaults to now (the injected clock of a job, or backfilled demo data). */
  at?: Date;
}

/** This process, as audit events name it. */
export const WORKER_ID = `${hostname()}:${process.pid}`;

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/**
 * Records one audit event and counts it in the per-minute and per-hour rollups, in one transaction (a savepoint
 * when called inside one), so the dashboard's totals always match the events.
 */
export async function recordReleaseEvent(db: DbOrTx, input: ReleaseEventInput): Promise<void> {
  const at = input.at ?? new Date();
  const durationMs = Math.max(0, Math.round(input.durationMs));
  await db.transaction(async (tx) => {
    await tx.insert(releaseAuditEvents).values({
      createdAt: at,
      event: input.event,
      status: input.status,
      fieldType: input.fieldType,
      workerId: input.workerId ?? WORKER_ID,
      jobId: input.jobId ?? null,
      itemId: input.itemId ?? null,
      durationMs,
      attempts: input.attempts ?? 1,
      message: input.message ?? null,
      error: input.error ?? null,
      context: input.context ?? {},
      scheduleTimeUtc: input.scheduleTimeUtc ?? null,
    });
    const hist = new Array<number>(DURATION_BIN_COUNT).fill(0);
    const bin = durationBin(durationMs);
    hist[bin] = 1;
    const minute = new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS).toISOString();
    const hour = new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS).toISOString();
    const ok = input.status === 'ok' ? 1 : 0;
    const errors = input.status === 'error' ? 1 : 0;
    const retries = input.status === 'retry' ? 1 : 0;
    const histLiteral = `{${hist.join(',')}}`;
    // Minute before hour, always: concurrent writers lock the two rows in the same order.
    await tx.execute(sql`
      insert into release_audit_rollup (grain, bucket, field_type, count, ok, errors, retries, duration_hist)
      values ('minute', ${minute}::timestamptz, ${input.fieldType}, 1, ${ok}, ${errors}, ${retries}, ${histLiteral}::int[]),
             ('hour', ${hour}::timestamptz, ${input.fieldType}, 1, ${ok}, ${errors}, ${retries}, ${histLiteral}::int[])
      on conflict (grain, bucket, field_type) do update set
        count = release_audit_rollup.count + 1,
        ok = release_audit_rollup.ok + excluded.ok,
        errors = release_audit_rollup.errors + excluded.errors,
        retries = release_audit_rollup.retries + excluded.retries,
        duration_hist[${bin + 1}::int] = release_audit_rollup.duration_hist[${bin + 1}::int] + 1`);
  });
}

/**
 * Recomputes the rollups of events created in [from, to) from the events themselves: after a bulk load (the
 * demo seed, the benchmark) or a change of the histogram's edges. Whole hours: pass hour-aligned bounds.
 */
export async function rebuildReleaseAuditRollup(db: DbOrTx, from: Date, to: Date): Promise<void> {
  const edges = `{${DURATION_BIN_EDGES_MS.join(',')}}`;
  const fromIso = from.toISOString();
  const toIso = to.toISOString();
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      delete from release_audit_rollup where bucket >= ${fromIso}::timestamptz and bucket < ${toIso}::timestamptz`);
    for (const grain of ['minute', 'hour'] as const) {
      await tx.execute(sql`
        with per_bin as (
          select date_trunc(${grain}, created_at, 'UTC') as bucket, field_type,
                 width_bucket(duration_ms, ${edges}::int[]) as bin, count(*)::int as n,
                 (count(*) filter (where status = 'ok'))::int as ok,
                 (count(*) filter (where status = 'error'))::int as errors,
                 (count(*) filter (where status = 'retry'))::int as retries
          from release_audit_events
          where created_at >= ${fromIso}::timestamptz and created_at < ${toIso}::timestamptz
          group by 1, 2, 3
        ),
        dense as (
          select k.bucket, k.field_type, s.bin, coalesce(p.n, 0) as n, coalesce(p.ok, 0) as ok,
                 coalesce(p.errors, 0) as errors, coalesce(p.retries, 0) as retries
          from (select distinct bucket, field_type from per_bin) as k
          cross join generate_series(0, ${DURATION_BIN_COUNT - 1}::int) as s(bin)
          left join per_bin as p on p.bucket = k.bucket and p.field_type = k.field_type and p.bin = s.bin
        )
        insert into release_audit_rollup (grain, bucket, field_type, count, ok, errors, retries, duration_hist)
        select ${grain}, bucket, field_type, sum(n)::int, sum(ok)::int, sum(errors)::int, sum(retries)::int,
               array_agg(n order by bin)
        from dense
        group by bucket, field_type`);
    }
  });
}
