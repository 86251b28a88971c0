import { addDays, todayInNewYork } from '@dance/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { notify } from '../notifications/service';
import { recordReleaseEvent, WORKER_ID } from '../release-audit/record';
import { claimLedgerItem, claimRun, finishRun, lastDoneReleaseDate } from './queries';
import { type DueItem, RELEASERS, type Releaser, type ReleaseWindow } from './releasers';
import { CATCH_UP_DAYS, releaseRunAt, retryDelayMs } from './schedule';

/** The release job's clock and pauses, replaced by tests (a midnight in 2027, no real waiting). */
export interface ReleaseClock {
  now(): Date;
  sleep(ms: number): Promise<void>;
}

export const systemClock: ReleaseClock = {
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Tries per item within a run; the job itself is then retried by pg-boss with backoff. */
export const ITEM_ATTEMPTS = 3;

export interface RunOptions {
  /** The midnight (UTC instant) the run is for. */
  scheduleTimeUtc: Date;
  jobId?: string | null;
  clock?: ReleaseClock;
  releasers?: readonly Releaser[];
  /** The first backoff, doubled per attempt (1 s). */
  backoffBaseMs?: number;
  /** How a releaser tells members (the notifications module's notify); without it nothing is sent. */
  notify?: ReleaseWindow['notify'];
  workerId?: string;
}

export interface RunResult {
  status: 'done' | 'failed' | 'skipped';
  released: number;
  failed: number;
  window?: { fromDate: string; toDate: string };
}

export class ReleaseRunFailedError extends Error {
  constructor(
    message: string,
    /** Items that failed every attempt. */
    readonly failed: number,
  ) {
    super(message);
  }
}

/**
 * One midnight run: releases every due item of every releaser, each once (the ledger row commits with the
 * change and its audit event), retrying an item with backoff before recording it as an error. The window
 * starts the day after the last done run (at most CATCH_UP_DAYS back), so a missed midnight is caught up.
 * Throws ReleaseRunFailedError when an item failed every attempt, so pg-boss retries the job later.
 */
export async function runRelease(db: Db, options: RunOptions): Promise<RunResult> {
  const clock = options.clock ?? systemClock;
  const releasers = options.releasers ?? RELEASERS;
  const workerId = options.workerId ?? WORKER_ID;
  const jobId = options.jobId ?? null;
  const { scheduleTimeUtc } = options;
  const startedAt = clock.now();
  if (scheduleTimeUtc.getTime() > startedAt.getTime()) return { status: 'skipped', released: 0, failed: 0 };

  const releaseDate = todayInNewYork(scheduleTimeUtc);
  const lastDone = await lastDoneReleaseDate(db, scheduleTimeUtc);
  const earliest = addDays(releaseDate, -CATCH_UP_DAYS);
  const afterLast = lastDone ? addDays(lastDone, 1) : releaseDate;
  // The middle one of the three: afterLast clamped to [earliest, releaseDate].
  const fromDate = [earliest, afterLast, releaseDate].sort()[1] as string;
  const run = await claimRun(db, { scheduleTimeUtc, releaseDate, fromDate, workerId, jobId, startedAt });
  if (!run) return { status: 'skipped', released: 0, failed: 0 };

  const window: ReleaseWindow = {
    fromDate: run.fromDate,
    toDate: releaseDate,
    now: startedAt,
    ...(options.notify ? { notify: options.notify } : {}),
  };
  let released = 0;
  let failed = 0;
  for (const releaser of releasers) {
    let items: DueItem[];
    try {
      items = await releaser.due(db, window);
    } catch (error) {
      failed += 1;
      await recordReleaseEvent(db, {
        event: releaser.event,
        status: 'error',
        fieldType: releaser.fieldType,
        durationMs: clock.now().getTime() - startedAt.getTime(),
        jobId,
        workerId,
        error: messageOf(error),
        message: 'Could not list the items to release',
        context: { window: { fromDate: window.fromDate, toDate: window.toDate } },
        scheduleTimeUtc,
        at: clock.now(),
      });
      continue;
    }
    for (const item of items) {
      const outcome = await releaseItem(db, releaser, item, window, {
        clock,
        jobId,
        workerId,
        scheduleTimeUtc,
        backoffBaseMs: options.backoffBaseMs ?? 1000,
      });
      if (outcome === 'released') released += 1;
      else if (outcome === 'failed') failed += 1;
    }
  }
  const status = failed === 0 ? 'done' : 'failed';
  await finishRun(db, scheduleTimeUtc, { status, released, failed, finishedAt: clock.now() });
  if (status === 'failed')
    throw new ReleaseRunFailedError(
      `${failed} item(s) of the ${releaseDate} release failed every attempt`,
      failed,
    );
  return { status, released, failed, window: { fromDate: window.fromDate, toDate: window.toDate } };
}

async function releaseItem(
  db: Db,
  releaser: Releaser,
  item: DueItem,
  window: ReleaseWindow,
  ctx: {
    clock: ReleaseClock;
    jobId: string | null;
    workerId: string;
    scheduleTimeUtc: Date;
    backoffBaseMs: number;
  },
): Promise<'released' | 'already' | 'failed'> {
  const { clock, jobId, workerId, scheduleTimeUtc } = ctx;
  const base = {
    event: releaser.event,
    fieldType: releaser.fieldType,
    jobId,
    workerId,
    itemId: item.id,
    scheduleTimeUtc,
    context: { ...item.context, releaseDate: item.releaseDate },
  };
  for (let attempt = 1; ; attempt += 1) {
    const started = clock.now();
    try {
      const outcome = await db.transaction(async (tx) => {
        const isNew = await claimLedgerItem(tx, {
          fieldType: releaser.fieldType,
          itemId: item.id,
          releaseDate: item.releaseDate,
          scheduleTimeUtc,
          releasedAt: started,
        });
        // Another process released it between the listing and now: nothing to do, nothing to record.
        if (!isNew) return 'already' as const;
        const message = await releaser.release(tx, item, window);
        const finished = clock.now();
        await recordReleaseEvent(tx, {
          ...base,
          status: 'ok',
          durationMs: finished.getTime() - started.getTime(),
          attempts: attempt,
          message,
          at: finished,
        });
        return 'released' as const;
      });
      return outcome;
    } catch (error) {
      const finished = clock.now();
      const isLast = attempt >= ITEM_ATTEMPTS;
      await recordReleaseEvent(db, {
        ...base,
        status: isLast ? 'error' : 'retry',
        durationMs: finished.getTime() - started.getTime(),
        attempts: attempt,
        error: messageOf(error),
        message: isLast
          ? `Failed after ${attempt} attempts`
          : `Retrying in ${retryDelayMs(attempt, ctx.backoffBaseMs)} ms`,
        at: finished,
      });
      if (isLast) return 'failed';
      await clock.sleep(retryDelayMs(attempt, ctx.backoffBaseMs));
    }
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/** The job's entry point: the run of `scheduleTimeUtc`, or of the last midnight before the clock's now. */
export function runScheduledRelease(app: FastifyInstance, data: { scheduleTimeUtc?: string }, jobId: string) {
  const clock = app.releaseClock;
  return runRelease(app.db, {
    scheduleTimeUtc: data.scheduleTimeUtc ? new Date(data.scheduleTimeUtc) : releaseRunAt(clock.now()),
    jobId,
    clock,
    notify: (input) => notify(app, input),
  });
}
