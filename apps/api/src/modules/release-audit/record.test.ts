import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { DURATION_BIN_COUNT, durationBin, histogramQuantile } from './histogram';
import { rebuildReleaseAuditRollup, recordReleaseEvent } from './record';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface RollupRow {
  grain: string;
  bucket: string;
  field_type: string;
  count: number;
  ok: number;
  errors: number;
  retries: number;
  duration_hist: number[];
}

async function rollup() {
  const rows = await t.database.query<RollupRow>(
    `select grain, bucket::text, field_type, count, ok, errors, retries, duration_hist
     from release_audit_rollup order by grain, bucket, field_type`,
  );
  return rows.map((r) => ({ ...r, bucket: new Date(r.bucket).toISOString() }));
}

describe('recordReleaseEvent', () => {
  it('stores the event and counts it in the minute and hour rollups, which a rebuild reproduces', async () => {
    const base = Date.parse('2026-03-08T05:00:00Z');
    const durations = [0, 3, 40, 40, 250, 1200, 90_000, 700_000];
    for (const [i, durationMs] of durations.entries()) {
      await recordReleaseEvent(t.app.db, {
        event: 'release.class-video',
        status: i === 2 ? 'error' : i === 3 ? 'retry' : 'ok',
        fieldType: i % 2 === 0 ? 'class-video' : 'banner',
        durationMs,
        itemId: `item-${i}`,
        jobId: 'job-1',
        attempts: i === 3 ? 2 : 1,
        context: { n: i },
        scheduleTimeUtc: new Date(base),
        at: new Date(base + i * 25_000),
      });
    }
    const events = await t.database.query<{ n: number }>(
      'select count(*)::int as n from release_audit_events',
    );
    expect(events[0]?.n).toBe(durations.length);
    const kept = await rollup();
    const hours = kept.filter((r) => r.grain === 'hour');
    expect(hours.map((r) => [r.field_type, r.count, r.ok, r.errors, r.retries])).toEqual([
      ['banner', 4, 3, 0, 1],
      ['class-video', 4, 3, 1, 0],
    ]);
    expect(kept.filter((r) => r.grain === 'minute').reduce((n, r) => n + r.count, 0)).toBe(durations.length);
    for (const row of kept) expect(row.duration_hist).toHaveLength(DURATION_BIN_COUNT);
    const classHour = hours.find((r) => r.field_type === 'class-video')!;
    expect(classHour.duration_hist[durationBin(40)]).toBe(1);

    await t.app.db.execute(sql`delete from release_audit_rollup`);
    await rebuildReleaseAuditRollup(t.app.db, new Date(base), new Date(base + 3_600_000));
    expect(await rollup()).toEqual(kept);
  });

  it('rejects a status outside ok, error and retry', async () => {
    await expect(
      recordReleaseEvent(t.app.db, {
        event: 'x',
        status: 'done' as 'ok',
        fieldType: 'banner',
        durationMs: 1,
      }),
    ).rejects.toThrow();
  });
});

describe('histogramQuantile', () => {
  it('is within a bin of the exact p95 and null when empty', () => {
    expect(histogramQuantile(new Array(DURATION_BIN_COUNT).fill(0), 0.95)).toBeNull();
    const durations = Array.from({ length: 1000 }, (_, i) => 10 + i * 3);
    const hist = new Array<number>(DURATION_BIN_COUNT).fill(0);
    for (const d of durations) hist[durationBin(d)]! += 1;
    const exact = durations[Math.ceil(0.95 * durations.length) - 1]!;
    const estimate = histogramQuantile(hist, 0.95)!;
    expect(Math.abs(estimate - exact) / exact).toBeLessThan(0.1);
  });
});
