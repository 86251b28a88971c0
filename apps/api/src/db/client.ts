import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { PgliteThread } from './pglite-thread';
import * as schema from './schema';

export type Schema = typeof schema;
/** One handle type for both drivers; query functions take it (or a transaction) as their first argument. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** `select 1`, for /ready and the overload guard's probe. */
  ping(): Promise<void>;
  /** The driver's own queue: how long its oldest waiting query has waited, in ms (PGlite thread only). */
  queueDelayMs?(): number;
  /** A raw parameterised query on the driver (tests and EXPLAIN checks). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** The migrations folder, found from the source tree or from the bundled dist/. */
function migrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of ['../../drizzle', '../drizzle', './drizzle']) {
    const folder = resolve(here, candidate);
    if (existsSync(join(folder, 'meta', '_journal.json'))) return folder;
  }
  throw new Error(`Migrations folder not found near ${here}`);
}

/** Any constant shared by every instance of the API. */
const MIGRATION_LOCK_ID = 7_271_142;

export interface OpenDatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
  inMemory?: boolean;
  /**
   * In-memory PGlite only: starts from this dump of a migrated database (`dumpDataDir`) instead of creating
   * one: tests open one database per file, and creating and migrating one costs seconds.
   */
  loadDataDir?: Blob;
}

/**
 * Opens PostgreSQL (postgres.js) when a URL is given, otherwise the embedded PGlite (persisted under
 * dataDir, or in memory for tests), and applies the migrations with the matching drizzle migrator.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const folder = migrationsFolder();
  if (options.databaseUrl) {
    const migrationClient = postgres(options.databaseUrl, { max: 1, onnotice: () => {} });
    // Instances starting together take turns: the first migrates, the others find nothing left to do.
    await migrationClient`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    try {
      await migratePostgres(drizzlePostgres({ client: migrationClient }), { migrationsFolder: folder });
    } finally {
      await migrationClient`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
      await migrationClient.end();
    }
    const client = postgres(options.databaseUrl, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres({ client, schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      driver: 'postgres',
      ping: async () => void (await db.execute(sql`select 1`)),
      query: async <T>(text: string, params: unknown[] = []) =>
        (await client.unsafe(text, params as never[])) as unknown as T[],
      close: () => client.end({ timeout: 5 }),
    };
  }
  if (!options.inMemory) {
    // The persisted database runs on its own thread and migrates there (decision 0017).
    const path = resolve(options.dataDir, 'pg');
    mkdirSync(path, { recursive: true });
    const client = new PgliteThread(path, folder);
    try {
      await client.waitReady;
    } catch (error) {
      await client.close().catch(() => {});
      throw error;
    }
    return { ...pgliteDatabase(client as unknown as PGlite), queueDelayMs: () => client.oldestPendingMs() };
  }
  // Tests: in memory, in the test's own thread, optionally from a dump of a migrated database.
  const client = new PGlite({ extensions: { pg_trgm }, loadDataDir: options.loadDataDir });
  await client.waitReady;
  await migratePglite(drizzlePglite({ client }), { migrationsFolder: folder });
  return pgliteDatabase(client);
}

/** A ready PGlite, in this thread or on its own (`PgliteThread` answers the same calls), as a Database. */
function pgliteDatabase(client: PGlite): Database {
  return {
    db: drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db,
    driver: 'pglite',
    ping: async () => void (await client.query('select 1')),
    query: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    close: () => client.close(),
  };
}
