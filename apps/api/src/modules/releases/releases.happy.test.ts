import { createRequire } from 'node:module';
import { addDays, releaseInstant } from '@dance/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { insertBanner, insertClassVideo, insertPopup, videoState } from '../../../test/release-fixtures';
import { trcContent } from '../../db/schema';
import type { NotifyInput } from '../notifications/service';
import { catchUpMissedRelease, RELEASE_JOB } from './jobs';
import { classVideoReleaser, newThisWeekReleaser, type Releaser, trcContentReleaser } from './releasers';
import { nextReleaseRunAt, RELEASE_CRON, RELEASE_CRON_TZ, releaseRunAt } from './schedule';
import { type ReleaseClock, ReleaseRunFailedError, runRelease } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.app.db.execute(
    sql`truncate release_runs, release_ledger, release_audit_events, release_audit_rollup, videos, banners, popups cascade`,
  );
});

/** A clock stopped at `iso`; sleeping records the pause instead of waiting. */
function clockAt(iso: string | Date) {
  const sleeps: number[] = [];
  const clock: ReleaseClock = {
    now: () => new Date(iso),
    sleep: async (ms) => void sleeps.push(ms),
  };
  return { clock, sleeps };
}

interface EventRow {
  event: string;
  status: string;
  field_type: string;
  item_id: string;
  attempts: number;
  schedule_time_utc: string;
  error: string | null;
}
const events = () =>
  t.database.query<EventRow>(
    `select event, status, field_type, item_id, attempts, schedule_time_utc::text, error
     from release_audit_events order by created_at, attempts`,
  );

// Daylight saving in New York: it starts on 8 March 2026 and 14 March 2027, ends on 1 November 2026 and
// 7 November 2027. Midnight is 05:00 UTC in winter time, 04:00 UTC in summer time.
const DST_DAYS = [
  { day: '2026-03-08', midnight: '2026-03-08T05:00:00.000Z', next: '2026-03-09T04:00:00.000Z' },
  { day: '2026-11-01', midnight: '2026-11-01T04:00:00.000Z', next: '2026-11-02T05:00:00.000Z' },
  { day: '2027-03-14', midnight: '2027-03-14T05:00:00.000Z', next: '2027-03-15T04:00:00.000Z' },
  { day: '2027-11-07', midnight: '2027-11-07T04:00:00.000Z', next: '2027-11-08T05:00:00.000Z' },
];

describe('the midnight schedule across daylight-saving changes', () => {
  // pg-boss evaluates the cron with cron-parser in the schedule's time zone: the same library, asked directly.
  const requireFromBoss = createRequire(require.resolve('pg-boss'));
  const { CronExpressionParser } = requireFromBoss('cron-parser') as {
    CronExpressionParser: {
      parse(cron: string, o: { tz: string; currentDate: Date }): { next(): { getTime(): number } };
    };
  };

  for (const { day, midnight, next } of DST_DAYS) {
    it(`${day}: midnight is ${midnight.slice(11, 16)} UTC and the next ${next.slice(11, 16)} UTC`, () => {
      expect(releaseInstant(day).toISOString()).toBe(midnight);
      expect(releaseRunAt(new Date(midnight)).toISOString()).toBe(midnight);
      // 23:59 the evening before still belongs to the previous day's run.
      expect(releaseRunAt(new Date(Date.parse(midnight) - 60_000)).toISOString()).toBe(
        releaseInstant(addDays(day, -1)).toISOString(),
      );
      // Noon, after the clocks changed at 2 AM: still today's run, and the next one is tomorrow's midnight.
      const noon = new Date(Date.parse(midnight) + 12 * 3_600_000);
      expect(releaseRunAt(noon).toISOString()).toBe(midnight);
      expect(nextReleaseRunAt(noon).toISOString()).toBe(next);
      const cron = CronExpressionParser.parse(RELEASE_CRON, { tz: RELEASE_CRON_TZ, currentDate: noon });
      expect(new Date(cron.next().getTime()).toISOString()).toBe(next);
      const fromEve = CronExpressionParser.parse(RELEASE_CRON, {
        tz: RELEASE_CRON_TZ,
        currentDate: new Date(Date.parse(midnight) - 60_000),
      });
      expect(new Date(fromEve.next().getTime()).toISOString()).toBe(midnight);
    });
  }
});

describe('the midnight release job', () => {
  for (const { day, midnight } of DST_DAYS) {
    it(`releases ${day}'s class videos, banners and popups at ${midnight.slice(11, 16)} UTC, not the next day's`, async () => {
      const db = t.app.db;
      const today = await insertClassVideo(db, `Class of ${day}`, day);
      const tomorrow = await insertClassVideo(db, 'Class of tomorrow', addDays(day, 1));
      const banner = await insertBanner(db, 'Banner of the day', day);
      const laterBanner = await insertBanner(db, 'Banner of tomorrow', addDays(day, 1));
      const popup = await insertPopup(db, 'Popup of the week', day, addDays(day, 6));

      // A minute before midnight New York the run is yesterday's: nothing of today goes out.
      const eve = clockAt(new Date(Date.parse(midnight) - 60_000));
      const early = await runRelease(db, {
        scheduleTimeUtc: releaseRunAt(eve.clock.now()),
        clock: eve.clock,
      });
      expect(early).toMatchObject({ status: 'done', released: 0 });
      expect((await videoState(db, today.id)).hasComingSoon).toBe(true);

      const { clock } = clockAt(new Date(Date.parse(midnight) + 30_000));
      const result = await runRelease(db, {
        scheduleTimeUtc: releaseRunAt(clock.now()),
        clock,
        jobId: 'job-1',
      });
      expect(result).toMatchObject({ status: 'done', released: 3, failed: 0 });

      const released = await videoState(db, today.id);
      expect(released.hasComingSoon).toBe(false);
      expect(released.searchText).not.toContain('coming soon');
      expect((await videoState(db, tomorrow.id)).hasComingSoon).toBe(true);

      const rows = await events();
      expect(rows.map((r) => [r.field_type, r.item_id, r.status])).toEqual([
        ['class-video', today.id, 'ok'],
        ['banner', banner.id, 'ok'],
        ['popup', popup.id, 'ok'],
      ]);
      expect(rows.every((r) => new Date(r.schedule_time_utc).toISOString() === midnight)).toBe(true);
      expect(rows.some((r) => r.item_id === laterBanner.id)).toBe(false);
    });
  }

  it('is idempotent: a second run, even a forced one, releases nothing twice', async () => {
    const db = t.app.db;
    const day = '2027-03-14';
    await insertClassVideo(db, 'Once', day);
    await insertBanner(db, 'Once', day);
    const { clock } = clockAt('2027-03-14T05:01:00Z');
    const scheduleTimeUtc = releaseRunAt(clock.now());
    expect(await runRelease(db, { scheduleTimeUtc, clock })).toMatchObject({ status: 'done', released: 2 });
    expect(await runRelease(db, { scheduleTimeUtc, clock })).toMatchObject({
      status: 'skipped',
      released: 0,
    });
    // Even with the run forgotten, the ledger knows the items went out.
    await db.execute(sql`delete from release_runs`);
    expect(await runRelease(db, { scheduleTimeUtc, clock })).toMatchObject({ status: 'done', released: 0 });
    expect((await events()).filter((e) => e.status === 'ok')).toHaveLength(2);
  });

  it('retries a failing item with backoff, records each try, and succeeds', async () => {
    const db = t.app.db;
    const video = await insertClassVideo(db, 'Flaky', '2026-11-01');
    let calls = 0;
    const flaky: Releaser = {
      ...classVideoReleaser,
      release: async (tx, item, window) => {
        calls += 1;
        if (calls < 3) throw new Error(`storage timeout ${calls}`);
        return classVideoReleaser.release(tx, item, window);
      },
    };
    const { clock, sleeps } = clockAt('2026-11-01T04:00:10Z');
    const result = await runRelease(db, {
      scheduleTimeUtc: releaseRunAt(clock.now()),
      clock,
      releasers: [flaky],
    });
    expect(result).toMatchObject({ status: 'done', released: 1 });
    expect(sleeps).toEqual([1000, 2000]);
    expect((await events()).map((e) => [e.status, e.attempts, e.error])).toEqual([
      ['retry', 1, 'storage timeout 1'],
      ['retry', 2, 'storage timeout 2'],
      ['ok', 3, null],
    ]);
    expect((await videoState(db, video.id)).hasComingSoon).toBe(false);
  });

  it('records an error after the last try, fails the run for pg-boss to retry, and the retry finishes it', async () => {
    const db = t.app.db;
    const video = await insertClassVideo(db, 'Broken', '2026-03-08');
    const broken: Releaser = {
      ...classVideoReleaser,
      release: async () => {
        throw new Error('database unavailable');
      },
    };
    const { clock } = clockAt('2026-03-08T05:00:05Z');
    const scheduleTimeUtc = releaseRunAt(clock.now());
    await expect(runRelease(db, { scheduleTimeUtc, clock, releasers: [broken] })).rejects.toBeInstanceOf(
      ReleaseRunFailedError,
    );
    expect((await events()).map((e) => [e.status, e.attempts])).toEqual([
      ['retry', 1],
      ['retry', 2],
      ['error', 3],
    ]);
    expect((await videoState(db, video.id)).hasComingSoon).toBe(true);
    const [run] = await t.database.query<{ status: string }>('select status from release_runs');
    expect(run?.status).toBe('failed');

    // pg-boss's retry of the job runs it again: the failed run is taken over and completed.
    const retried = await runRelease(db, { scheduleTimeUtc, clock });
    expect(retried).toMatchObject({ status: 'done', released: 1 });
    expect((await videoState(db, video.id)).hasComingSoon).toBe(false);
  });

  it('catches up a missed midnight at the next start, with the days it missed', async () => {
    const db = t.app.db;
    // The last run that finished was 3 days ago; the API was down for the two midnights since.
    const lastDay = '2027-11-05';
    await db.execute(sql`insert into release_runs (schedule_time_utc, release_date, from_date, status, worker_id, started_at)
      values (${releaseInstant(lastDay).toISOString()}::timestamptz, ${lastDay}, ${lastDay}, 'done', 'old', now())`);
    const missed = await insertClassVideo(db, 'Missed on the 6th', '2027-11-06');
    const today = await insertClassVideo(db, 'Due on the 7th', '2027-11-07');
    const before = await insertClassVideo(db, 'Released on the 5th', lastDay);

    t.app.releaseClock.now = () => new Date('2027-11-07T14:00:00Z');
    const send = vi.fn(async () => 'job-id');
    await catchUpMissedRelease(t.app, { send });
    expect(send).toHaveBeenCalledWith(
      RELEASE_JOB,
      { scheduleTimeUtc: '2027-11-07T04:00:00.000Z' },
      expect.objectContaining({ singletonKey: 'release:2027-11-07T04:00:00.000Z' }),
    );

    const { clock } = clockAt('2027-11-07T14:00:00Z');
    const result = await runRelease(db, { scheduleTimeUtc: new Date('2027-11-07T04:00:00.000Z'), clock });
    expect(result).toMatchObject({
      status: 'done',
      released: 2,
      window: { fromDate: '2027-11-06', toDate: '2027-11-07' },
    });
    expect((await videoState(db, missed.id)).hasComingSoon).toBe(false);
    expect((await videoState(db, today.id)).hasComingSoon).toBe(false);
    expect((await videoState(db, before.id)).hasComingSoon).toBe(true);

    // Once done, a start sends nothing.
    send.mockClear();
    await catchUpMissedRelease(t.app, { send });
    expect(send).not.toHaveBeenCalled();
    t.app.releaseClock.now = () => new Date();
  });

  it('runs as a pg-boss job on the embedded database', async () => {
    const db = t.app.db;
    const video = await insertClassVideo(db, 'Through pg-boss', '2026-11-01');
    t.app.releaseClock.now = () => new Date('2026-11-01T04:00:02Z');
    await t.app.jobs.send(RELEASE_JOB, { scheduleTimeUtc: '2026-11-01T04:00:00.000Z' });
    await vi.waitFor(
      async () => {
        const [run] = await t.database.query<{ status: string }>('select status from release_runs');
        expect(run?.status).toBe('done');
      },
      { timeout: 15_000, interval: 200 },
    );
    expect((await videoState(db, video.id)).hasComingSoon).toBe(false);
    const [event] = await events();
    expect(event).toMatchObject({ status: 'ok', item_id: video.id });
    t.app.releaseClock.now = () => new Date();
  });
});

describe('the TRC and "new this week" releasers', () => {
  // Monday 2026-11-23: midnight in New York is 05:00 UTC (winter time).
  const MONDAY = '2026-11-23';
  const MONDAY_MIDNIGHT = new Date('2026-11-23T05:00:00.000Z');

  it('releases the TRC items of the day once, and tells members on Monday what came out that week', async () => {
    await t.app.db.execute(sql`truncate trc_content cascade`);
    await t.app.db.insert(trcContent).values({
      title: 'Turns lesson plan',
      fileType: 'pdf',
      categories: ['lesson-plans'],
      releaseDate: MONDAY,
      releaseAt: releaseInstant(MONDAY),
    });
    await insertClassVideo(t.app.db, 'Jazz class', addDays(MONDAY, -2));
    await insertClassVideo(t.app.db, 'Ballet class', MONDAY);
    const sent: NotifyInput[] = [];
    const run = () =>
      runRelease(t.app.db, {
        scheduleTimeUtc: MONDAY_MIDNIGHT,
        clock: clockAt('2026-11-23T05:00:01.000Z').clock,
        releasers: [trcContentReleaser, newThisWeekReleaser],
        notify: async (input) => void sent.push(input),
      });
    expect((await run()).status).toBe('done');
    await run(); // a second run releases and sends nothing again
    const rows = await events();
    expect(rows.map((r) => [r.event, r.status])).toEqual([
      ['release.trc-content', 'ok'],
      ['release.new-this-week', 'ok'],
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ audience: 'all', kind: 'release', title: 'New this week: 2 new videos' });
    expect(sent[0]!.body).toBe('Ballet class, Jazz class.');
  });

  it('sends nothing on other days', async () => {
    const sent: NotifyInput[] = [];
    await runRelease(t.app.db, {
      scheduleTimeUtc: new Date('2026-11-24T05:00:00.000Z'),
      clock: clockAt('2026-11-24T05:00:01.000Z').clock,
      releasers: [newThisWeekReleaser],
      notify: async (input) => void sent.push(input),
    });
    expect(sent).toEqual([]);
    expect(await events()).toEqual([]);
  });
});
