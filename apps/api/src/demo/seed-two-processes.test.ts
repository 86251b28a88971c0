import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config/env';
import { type Database, openDatabase } from '../db/client';
import demoAccounts from './demo-accounts.json';

const adminUrl = process.env.TEST_DATABASE_URL;

/**
 * Two API processes starting together on a fresh PostgreSQL database both seed the demo data (as a scaled-out
 * `pnpm dev` or a first deploy with SEED_DEMO_DATA would): they take turns, so it is seeded once and both start.
 * Needs TEST_DATABASE_URL; skipped without.
 */
describe.skipIf(!adminUrl)('seeding from two processes at once', { timeout: 120_000 }, () => {
  const name = `seed_twice_${randomBytes(4).toString('hex')}`;
  const admin = adminUrl ? postgres(adminUrl, { max: 1, onnotice: () => {} }) : null;
  const opened: Array<{ app: FastifyInstance; database: Database }> = [];
  let dataDir = '';

  afterAll(async () => {
    for (const { app, database } of opened) {
      await app.close();
      await database.close();
    }
    await admin?.unsafe(`drop database if exists ${name} with (force)`);
    await admin?.end();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('seeds once, and both processes start', async () => {
    await admin!.unsafe(`create database ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    dataDir = await mkdtemp(join(tmpdir(), 'seed-twice-'));
    const start = async () => {
      const database = await openDatabase({ databaseUrl, dataDir });
      const config = testConfig({ databaseUrl, dataDir, inMemoryDatabase: false, seedDemoData: true });
      config.video.demoMedia = 'none';
      const app = await buildApp({ config, database });
      opened.push({ app, database });
      await app.ready();
      return app;
    };
    const [a, b] = await Promise.all([start(), start()]);
    expect((await a.inject('/health')).statusCode).toBe(200);
    expect((await b.inject('/health')).statusCode).toBe(200);
    const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const emails = demoAccounts.accounts.map((account) => account.email.toLowerCase());
      const [row] = await db`select count(*)::int as n from users where lower(email) = any(${emails})`;
      expect(row!.n).toBe(emails.length);
    } finally {
      await db.end();
    }
  });
});
