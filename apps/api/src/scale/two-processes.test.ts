import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVideo } from '../../test/catalogue-factories';
import { createUser, logInAs } from '../../test/helpers';
import { runFfmpeg } from '../adapters/video/local/ffmpeg';
import { buildApp } from '../app';
import { type AppConfig, testConfig } from '../config/env';
import { type Database, migratePostgresDatabase, openDatabase } from '../db/client';
import { defineJob } from '../jobs';

const adminUrl = process.env.TEST_DATABASE_URL;

/**
 * Issue 19: API processes on one PostgreSQL database, as `web` and `worker` roles (each app here has its own
 * pool, pg-boss and LISTEN connection, as separate processes would). Needs TEST_DATABASE_URL; skipped without.
 */
describe.skipIf(!adminUrl)('web and worker processes on one PostgreSQL', { timeout: 120_000 }, () => {
  const name = `h19a_scale_${randomBytes(4).toString('hex')}`;
  let admin: postgres.Sql;
  let url: string;
  let dataDir: string;
  const opened: Array<{ app: FastifyInstance; database: Database }> = [];
  /** Jobs of the test queue each process handled. */
  const handled: Array<{ by: string; id: string }> = [];
  const testJob = (by: string) =>
    defineJob<{ n: number }>({
      name: 'scale-test',
      options: { retryLimit: 0 },
      pollingIntervalSeconds: 0.5,
      handler: async (_app, job) => {
        handled.push({ by, id: job.id });
      },
    });

  /** A queue that holds one job per key, queued or active (what a singleton job of the app uses). */
  const singletonJob = (by: string) =>
    defineJob<{ n: number }>({
      name: 'scale-singleton',
      options: { policy: 'exclusive', retryLimit: 0 },
      pollingIntervalSeconds: 0.5,
      handler: async (_app, job) => {
        handled.push({ by, id: job.id });
      },
    });

  async function start(label: string, overrides: Partial<AppConfig>) {
    // Not in memory: secrets generated into the shared DATA_DIR, as processes on one machine share them.
    const config = testConfig({ databaseUrl: url, dataDir, inMemoryDatabase: false, ...overrides });
    const database = await openDatabase({ databaseUrl: url, dataDir });
    const app = await buildApp({ config, database });
    app.jobs.add(testJob(label));
    app.jobs.add(singletonJob(label));
    await app.ready();
    const entry = { app, database };
    opened.push(entry);
    return entry;
  }
  async function stop(entry: { app: FastifyInstance; database: Database }) {
    opened.splice(opened.indexOf(entry), 1);
    await entry.app.close();
    await entry.database.close();
  }

  let webA: FastifyInstance;
  let webB: FastifyInstance;
  let worker1: FastifyInstance;
  let worker2: FastifyInstance;

  beforeAll(async () => {
    admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const u = new URL(adminUrl!);
    u.pathname = `/${name}`;
    url = u.toString();
    dataDir = await mkdtemp(join(tmpdir(), 'h19a-scale-'));
    // All four start at once on the fresh database: the migrations take turns under the advisory lock.
    // The caches check the catalogue version once a second, as in production.
    const [a, b, w1, w2] = await Promise.all([
      start('webA', { role: 'web', catalogueVersionCheckMs: 500 }),
      start('webB', { role: 'web', catalogueVersionCheckMs: 500 }),
      start('worker1', { role: 'worker' }),
      start('worker2', { role: 'worker' }),
    ]);
    webA = a!.app;
    webB = b!.app;
    worker1 = w1!.app;
    worker2 = w2!.app;
    await Promise.all([worker1.jobs.start(), worker2.jobs.start()]);
  }, 120_000);

  afterAll(async () => {
    for (const entry of [...opened]) await stop(entry);
    await admin?.unsafe(`drop database if exists ${name} with (force)`);
    await admin?.end();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('a worker answers its probes and nothing else', async () => {
    expect((await worker1.inject('/health')).statusCode).toBe(200);
    expect((await worker1.inject('/ready')).json()).toEqual({ status: 'ready', database: 'postgres' });
    const api = await worker1.inject('/api/v1/categories');
    expect(api.statusCode).toBe(404);
    expect((await webA.inject('/api/v1/categories')).statusCode).toBe(200);
  });

  it('jobs sent by a web process run once each, on the workers only; a singleton is sent once', async () => {
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, n) => (n % 2 ? webA : webB).jobs.send('scale-test', { n })),
    );
    await vi.waitFor(() => expect(handled.length).toBeGreaterThanOrEqual(20), {
      timeout: 30_000,
      interval: 200,
    });
    // A little longer: a second run of any job would show now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(handled.map((h) => h.id).sort()).toEqual([...ids].sort());
    expect(new Set(handled.map((h) => h.by))).not.toContain('webA');
    expect(new Set(handled.map((h) => h.by))).not.toContain('webB');
    // Two processes sending one singleton at the same moment make one job.
    const sent = await Promise.all([
      webA.jobs.send('scale-singleton', { n: 99 }, { singletonKey: 'once' }),
      webB.jobs.send('scale-singleton', { n: 99 }, { singletonKey: 'once' }),
    ]);
    expect(sent.filter(Boolean)).toHaveLength(1);
    await vi.waitFor(() => expect(handled.map((h) => h.id)).toContain(sent.find(Boolean)), {
      timeout: 10_000,
      interval: 200,
    });
    expect(handled).toHaveLength(21);
  });

  it('a catalogue change on one process shows through the other within a second', async () => {
    const before = await webB.inject('/api/v1/videos');
    expect(before.statusCode).toBe(200);
    // Cached on webB now (a guest's answer is kept by URL under the catalogue version).
    expect((await webB.inject('/api/v1/videos')).body).toBe(before.body);
    const video = await createVideo(webA, { title: `Across ${randomBytes(3).toString('hex')}` });
    const changedAt = Date.now();
    let seenAfter = -1;
    while (Date.now() - changedAt < 5000) {
      const body = (await webB.inject('/api/v1/videos')).body;
      if (body.includes(video.id)) {
        seenAfter = Date.now() - changedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seenAfter).toBeGreaterThanOrEqual(0);
    // One second of version check plus a query and the polling step (the machine is shared: a little margin).
    expect(seenAfter).toBeLessThan(1500);
  });

  it('an upload started on a process that then stops is received by another and finished by a worker', async () => {
    const source = join(dataDir, 'tiny.mp4');
    await runFfmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x120:rate=12:duration=1',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      source,
    ]);
    const first = await start('webC', { role: 'web' });
    const user = await createUser(first.app, { role: 'admin' });
    const { headers } = await logInAs(first.app, user.email);
    const created = await first.app.inject({
      method: 'POST',
      url: '/api/v1/admin/direct-upload',
      headers,
      payload: { title: 'Across a restart' },
    });
    expect(created.statusCode).toBe(201);
    const upload = created.json() as { uploadId: string; url: string };
    // The process that made the upload stops (a rolling restart): nothing of the upload lived only in it.
    await stop(first);
    const put = await webB.inject({
      method: 'PUT',
      url: upload.url,
      headers: { 'content-type': 'video/mp4' },
      payload: await readFile(source),
    });
    expect(put.statusCode).toBe(200);
    await vi.waitFor(
      async () => {
        const state = await webA.inject({
          url: `/api/v1/admin/direct-upload/${upload.uploadId}`,
          headers,
        });
        expect(state.json()).toMatchObject({ status: 'ready' });
      },
      { timeout: 60_000, interval: 300 },
    );
    expect(existsSync(join(dataDir, 'media'))).toBe(true);
  });
});

describe.skipIf(!adminUrl)('migrations started by two processes at once', () => {
  it('run once, in turns, on a fresh database', async () => {
    const dbName = `h19a_migrate_${randomBytes(4).toString('hex')}`;
    const adminSql = postgres(adminUrl!, { max: 1, onnotice: () => {} });
    await adminSql.unsafe(`create database ${dbName}`);
    const u = new URL(adminUrl!);
    u.pathname = `/${dbName}`;
    try {
      await Promise.all([migratePostgresDatabase(u.toString()), migratePostgresDatabase(u.toString())]);
      const check = postgres(u.toString(), { max: 1, onnotice: () => {} });
      const applied = await check`select count(*)::int as n from drizzle.__drizzle_migrations`;
      const journal = JSON.parse(
        await readFile(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
      ) as { entries: unknown[] };
      await check.end();
      expect(applied[0]!.n).toBe(journal.entries.length);
    } finally {
      await adminSql.unsafe(`drop database if exists ${dbName} with (force)`);
      await adminSql.end();
    }
  }, 60_000);
});
