import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertBanner, insertClassVideo } from '../../../test/release-fixtures';
import { buildApp } from '../../app';
import { testConfig } from '../../config/env';
import { type Database, openDatabase } from '../../db/client';
import { RELEASE_JOB } from './jobs';
import { runRelease } from './service';

const adminUrl = process.env.TEST_DATABASE_URL;

/**
 * Two API processes on one PostgreSQL database (two apps, each with its own pool and pg-boss): the midnight
 * release runs once. Needs TEST_DATABASE_URL (CI's PostgreSQL run); its own database, h17b_release_<hex>.
 */
describe.skipIf(!adminUrl)('the release job with two API processes on one PostgreSQL', () => {
  const name = `h17b_release_${randomBytes(4).toString('hex')}`;
  const opened: Array<{ app: FastifyInstance; database: Database }> = [];
  let admin: postgres.Sql;
  let url: string;

  beforeAll(async () => {
    admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const u = new URL(adminUrl!);
    u.pathname = `/${name}`;
    url = u.toString();
    // Both start together, as two processes would: migrations take turns under their advisory lock.
    const started = await Promise.all(
      [1, 2].map(async () => {
        const config = testConfig({ databaseUrl: url });
        const database = await openDatabase({ databaseUrl: url, dataDir: config.dataDir });
        const app = await buildApp({ config, database });
        await app.ready();
        // Midnight, 14 March 2027 (the night daylight saving starts), a few seconds in.
        app.releaseClock.now = () => new Date('2027-03-14T05:00:03Z');
        return { app, database };
      }),
    );
    opened.push(...started);
  }, 60_000);

  afterAll(async () => {
    for (const { app, database } of opened) {
      await app.close();
      await database.close();
    }
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('registers one New York cron, catches the missed midnight up once, and releases each item once', async () => {
    const [a, b] = opened as [(typeof opened)[0], (typeof opened)[0]];
    const video = await insertClassVideo(a.app.db, 'Released once', '2027-03-14');
    const banner = await insertBanner(a.app.db, 'Shown once', '2027-03-14');

    // Both processes start their job runners at once: each finds the midnight not done and sends its catch-up.
    await Promise.all([a.app.jobs.start(), b.app.jobs.start()]);

    await vi.waitFor(
      async () => {
        const runs = await a.database.query<{ status: string }>('select status from release_runs');
        expect(runs.map((r) => r.status)).toEqual(['done']);
      },
      { timeout: 30_000, interval: 250 },
    );
    const jobs = await a.database.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = $1`,
      [RELEASE_JOB],
    );
    expect(jobs[0]?.n).toBe(1);
    const [run] = await a.database.query<{ attempts: number; released: number }>(
      'select attempts, released from release_runs',
    );
    expect(run).toEqual({ attempts: 1, released: 2 });
    const events = await a.database.query<{ item_id: string; status: string }>(
      'select item_id, status from release_audit_events order by item_id',
    );
    expect(events).toEqual(
      [
        { item_id: video.id, status: 'ok' },
        { item_id: banner.id, status: 'ok' },
      ].sort((x, y) => x.item_id.localeCompare(y.item_id)),
    );
    const schedules = await a.database.query<{ cron: string; timezone: string }>(
      'select cron, timezone from pgboss.schedule where name = $1',
      [RELEASE_JOB],
    );
    expect(schedules).toEqual([{ cron: '0 0 * * *', timezone: 'America/New_York' }]);
  }, 60_000);

  it('two processes running the same midnight at the same moment release each item once', async () => {
    const [a, b] = opened as [(typeof opened)[0], (typeof opened)[0]];
    const videos = await Promise.all(
      Array.from({ length: 20 }, (_, i) => insertClassVideo(a.app.db, `Race ${i}`, '2027-03-15')),
    );
    const clock = { now: () => new Date('2027-03-15T04:00:01Z'), sleep: async () => {} };
    const scheduleTimeUtc = new Date('2027-03-15T04:00:00Z');
    const results = await Promise.all([
      runRelease(a.app.db, { scheduleTimeUtc, clock, workerId: 'a' }),
      runRelease(b.app.db, { scheduleTimeUtc, clock, workerId: 'b' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['done', 'skipped']);
    const ok = await a.database.query<{ item_id: string }>(
      `select item_id from release_audit_events where status = 'ok' and schedule_time_utc = $1`,
      [scheduleTimeUtc.toISOString()],
    );
    // 2027-03-15 is a Monday: the week's "new this week" notice is released once too, beside the videos.
    expect(ok.map((r) => r.item_id).sort()).toEqual(
      [...videos.map((v) => v.id), 'new-this-week:2027-03-15'].sort(),
    );
  }, 60_000);
});
