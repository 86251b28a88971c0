import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client';
import type { PgliteThread } from './pglite-thread';
import { users } from './schema';

// The persisted embedded database (`pnpm dev`, a fresh clone) runs PGlite on its own thread (decision 0017):
// these tests go through that thread, as the app does.
describe('the embedded database on its own thread', () => {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'dance-pglite-thread-'));
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: null, dataDir });
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const newUser = (email: string) => ({
    email,
    firstName: 'Thread',
    lastName: 'Test',
    passwordHash: 'x',
    role: 'user' as const,
    userType: 'individual-user' as const,
  });

  it('opens migrated and answers drizzle queries, timestamps kept as drizzle expects', async () => {
    expect(database.driver).toBe('pglite');
    await database.ping();
    const [created] = await database.db.insert(users).values(newUser('thread-a@demo.test')).returning();
    expect(created?.email).toBe('thread-a@demo.test');
    expect(created?.createdAt).toBeInstanceOf(Date);
    const found = await database.db.select().from(users).where(eq(users.email, 'thread-a@demo.test'));
    expect(found).toHaveLength(1);
    expect(found[0]?.createdAt.getTime()).toBe(created?.createdAt.getTime());
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values(newUser('thread-commit@demo.test'));
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(users).values(newUser('thread-rollback@demo.test'));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const emails = await database.query<{ email: string }>(
      `select email from users where email like 'thread-%' order by email`,
    );
    expect(emails.map((row) => row.email)).toEqual(['thread-a@demo.test', 'thread-commit@demo.test']);
  });

  it('keeps queries outside a transaction out of it until it ends', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted = () => {};
    const hasInserted = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const inside = database.db.transaction(async (tx) => {
      await tx.insert(users).values(newUser('thread-held@demo.test'));
      inserted();
      await held;
      throw new Error('rolled back');
    });
    await hasInserted;
    // On the one PGlite connection, this query would see the uncommitted row if it ran inside the transaction.
    const outside = database.query(
      `select count(*)::int as n from users where email = 'thread-held@demo.test'`,
    );
    release();
    await expect(inside).rejects.toThrow('rolled back');
    expect(await outside).toEqual([{ n: 0 }]);
  });

  it("passes PostgreSQL's error fields through, so unique violations are recognised", async () => {
    const error = await database.db
      .insert(users)
      .values(newUser('thread-a@demo.test'))
      .then(() => null)
      .catch((caught: Error & { cause?: { code?: string; constraint?: string } }) => caught);
    expect(error?.cause?.code).toBe('23505');
    expect(error?.cause?.constraint).toMatch(/email/);
  });

  it('delivers notifications to listeners on the API thread', async () => {
    const client = (database.db as unknown as { $client: PgliteThread }).$client;
    const received = new Promise<string>((resolve) => {
      void client.listen('thread_test', resolve);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await database.db.execute(sql`select pg_notify('thread_test', 'hello')`);
    expect(await received).toBe('hello');
  });

  it('reports as queue time only what waits behind the running query, not the running query itself', async () => {
    const slow = database.query('select pg_sleep(0.4)');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(database.queueDelayMs?.()).toBe(0); // one long query, nothing behind it
    const behind = database.query('select 1');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(database.queueDelayMs?.()).toBeGreaterThan(100); // select 1 has waited about 150 ms
    await Promise.all([slow, behind]);
    expect(database.queueDelayMs?.()).toBe(0);
  });

  it('keeps the data when the database is opened again', async () => {
    await database.close();
    database = await openDatabase({ databaseUrl: null, dataDir });
    const rows = await database.query<{ email: string }>(
      `select email from users where email = 'thread-a@demo.test'`,
    );
    expect(rows).toHaveLength(1);
  });

  it('fails with the reason when the data folder cannot be used', async () => {
    const file = join(dataDir, 'not-a-folder');
    writeFileSync(file, 'x');
    await expect(openDatabase({ databaseUrl: null, dataDir: file })).rejects.toThrow();
  });
});
