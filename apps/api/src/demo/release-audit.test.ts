import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logInAs, type TestApp } from '../../test/helpers';
import { insertBanner, insertClassVideo, insertPopup } from '../../test/release-fixtures';
import { seedDemoReleaseAudit } from './release-audit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo release audit', () => {
  it('seeds a week of runs with retries and a failure, which the dashboard reads back exactly', async () => {
    for (let i = 0; i < 4; i++) await insertClassVideo(t.app.db, `Class ${i}`, '2026-11-01');
    await insertBanner(t.app.db, 'Banner', '2026-11-01');
    await insertPopup(t.app.db, 'Popup', '2026-11-01', '2026-11-30');
    const now = new Date('2026-11-25T15:00:00Z');
    const seeded = await seedDemoReleaseAudit(t.app.db, now);
    expect(seeded).toBeGreaterThan(15);
    expect(await seedDemoReleaseAudit(t.app.db, now)).toBe(0);

    const runs = await t.database.query<{ release_date: string; status: string }>(
      `select release_date::text, status from release_runs order by schedule_time_utc`,
    );
    expect(runs.map((r) => r.release_date)).toEqual([
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
    ]);
    expect(runs.every((r) => r.status === 'done')).toBe(true);

    const admin = await logInAs(t.app, (await createUser(t.app, { role: 'admin' })).email);
    const query = new URLSearchParams({ from: '2026-11-18T00:00:00Z', to: now.toISOString() });
    const summary = (
      await t.app.inject({ url: `/api/v1/admin/audit/summary?${query}`, headers: admin.headers })
    ).json();
    expect(summary.totals.total).toBe(seeded);
    expect(summary.totals.errors).toBe(1);
    expect(summary.totals.retries).toBe(4);
    expect(summary.fieldTypes).toEqual(expect.arrayContaining(['banner', 'class-video', 'popup']));
    const days = (
      await t.app.inject({
        url: `/api/v1/admin/audit/timeseries?${query}&interval=day`,
        headers: admin.headers,
      })
    ).json();
    expect(days.series.reduce((n: number, p: { value: number }) => n + p.value, 0)).toBe(seeded);
  });
});
