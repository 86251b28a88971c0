import { addDays, releaseInstant, todayInNewYork } from '@dance/domain';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { banners, popups, releaseAuditEvents, releaseRuns, videos } from '../db/schema';
import { rebuildReleaseAuditRollup } from '../modules/release-audit/record';

/** A small deterministic generator, so every fresh demo shows the same week. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/**
 * A week of release history for the release audit (DESIGN.md "Demo data"): the seven midnights before today,
 * each releasing a few class videos, banners and popups of the demo catalogue, with a retried item on two
 * nights and an item that failed every attempt on one. Those runs are recorded as done, so the real job at
 * the first start releases only today's items. Skipped when any audit event exists.
 */
export async function seedDemoReleaseAudit(db: Db, now = new Date()): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(releaseAuditEvents);
  if ((existing?.n ?? 0) > 0) return 0;
  const classes = await db
    .select({ id: videos.id, title: videos.title })
    .from(videos)
    .where(eq(videos.kind, 'class'))
    .orderBy(desc(videos.releaseAt))
    .limit(12);
  const bannerRows = await db.select({ id: banners.id, title: banners.title }).from(banners).limit(3);
  const popupRows = await db.select({ id: popups.id, title: popups.headerText }).from(popups).limit(3);
  if (classes.length === 0) return 0;

  const random = seeded(17);
  const workers = ['api-1:4123', 'api-2:4188'];
  const today = todayInNewYork(now);
  const rows: (typeof releaseAuditEvents.$inferInsert)[] = [];
  const runs: (typeof releaseRuns.$inferInsert)[] = [];
  for (let back = 7; back >= 1; back--) {
    const day = addDays(today, -back);
    const midnight = releaseInstant(day);
    const workerId = workers[back % 2]!;
    const jobId = `demo-${day}`;
    let clock = midnight.getTime() + 400 + Math.floor(random() * 900);
    const items = [
      ...Array.from({ length: 2 + Math.floor(random() * 3) }, (_, i) => ({
        kind: 'class-video',
        row: classes[(back * 3 + i) % classes.length]!,
      })),
      ...(bannerRows.length && back % 3 === 1
        ? [{ kind: 'banner', row: bannerRows[back % bannerRows.length]! }]
        : []),
      ...(popupRows.length && back % 4 === 2
        ? [{ kind: 'popup', row: popupRows[back % popupRows.length]! }]
        : []),
    ];
    let released = 0;
    let failed = 0;
    for (const [index, item] of items.entries()) {
      const base = {
        event: `release.${item.kind}`,
        fieldType: item.kind,
        workerId,
        jobId,
        itemId: item.row.id,
        context: { title: item.row.title, releaseDate: day },
        scheduleTimeUtc: midnight,
      };
      // Two nights had a flaky storage call, retried once; one night an item failed every attempt.
      const retries =
        (back === 5 && index === 0) || (back === 2 && index === 1) ? 1 : back === 4 && index === 1 ? 2 : 0;
      for (let attempt = 1; attempt <= retries; attempt++) {
        const durationMs = 1500 + Math.floor(random() * 3500);
        clock += durationMs;
        rows.push({
          ...base,
          status: 'retry',
          durationMs,
          attempts: attempt,
          error: 'Connection terminated unexpectedly',
          message: `Retrying in ${1000 * 2 ** (attempt - 1)} ms`,
          createdAt: new Date(clock),
        });
        clock += 1000 * 2 ** (attempt - 1);
      }
      const hasFailed = back === 4 && index === 1;
      const durationMs = hasFailed
        ? 5000
        : 30 + Math.floor(random() * (item.kind === 'class-video' ? 420 : 120));
      clock += durationMs;
      rows.push({
        ...base,
        status: hasFailed ? 'error' : 'ok',
        durationMs,
        attempts: retries + 1,
        message: hasFailed
          ? 'Failed after 3 attempts'
          : item.kind === 'class-video'
            ? 'Released; "coming soon" removed'
            : 'Visible to members',
        error: hasFailed ? 'canceling statement due to statement timeout' : null,
        createdAt: new Date(clock),
      });
      if (hasFailed) failed += 1;
      else released += 1;
    }
    runs.push({
      scheduleTimeUtc: midnight,
      releaseDate: day,
      fromDate: day,
      status: 'done',
      workerId,
      jobId,
      attempts: failed ? 2 : 1,
      released,
      failed: 0,
      startedAt: midnight,
      finishedAt: new Date(clock),
    });
    // The failed item went out with the job's retry two minutes later.
    if (failed) {
      const item = items[1]!;
      clock = midnight.getTime() + 120_000 + Math.floor(random() * 2000);
      rows.push({
        event: `release.${item.kind}`,
        fieldType: item.kind,
        workerId: workers[(back + 1) % 2]!,
        jobId,
        itemId: item.row.id,
        context: { title: item.row.title, releaseDate: day },
        scheduleTimeUtc: midnight,
        status: 'ok',
        durationMs: 180,
        attempts: 1,
        message: 'Released; "coming soon" removed',
        createdAt: new Date(clock),
      });
    }
  }
  await db.transaction(async (tx) => {
    await tx.insert(releaseAuditEvents).values(rows);
    await tx.insert(releaseRuns).values(runs).onConflictDoNothing();
    const first = releaseInstant(addDays(today, -7));
    await rebuildReleaseAuditRollup(
      tx,
      new Date(Math.floor(first.getTime() / 3_600_000) * 3_600_000),
      new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000),
    );
  });
  return rows.length;
}
