import './wasm-flags';
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
  /**
   * PostgreSQL only: sees each query the pool runs outside a transaction (from its first await to its answer)
   * and each transaction (its reserved connection). Metrics and tracing use it; PGlite has no pool to watch.
   */
  observe?(observer: QueryObserver): void;
  /** PostgreSQL only: the pool's size (postgres.js `max`). */
  poolMax?: number;
}

/** Called as a query or transaction starts; returns what to call when it ends. */
export interface QueryObserver {
  query(text: string): (error?: unknown) => void;
  transaction(): () => void;
}

/**
 * Wraps postgres.js's `unsafe` (every drizzle query outside a transaction) and `begin` (a transaction) so
 * observers see them start and end. postgres.js queries are lazy promises: a query starts when awaited.
 */
function instrumentPostgres(client: postgres.Sql, observers: QueryObserver[]) {
  const unsafe = client.unsafe.bind(client);
  client.unsafe = ((text: string, ...rest: unknown[]) => {
    const query = (unsafe as (...args: unknown[]) => postgres.PendingQuery<postgres.Row[]>)(text, ...rest);
    if (observers.length === 0) return query;
    // postgres.js queries are lazy thenables: wrapping their own then sees them start and end.
    const then = query.then as (this: unknown, ...handlers: unknown[]) => Promise<unknown>;
    let ends: Array<(error?: unknown) => void> | null = null;
    const end = (error?: unknown) => {
      if (!ends) return;
      for (const e of ends) e(error);
      ends = [];
    };
    Object.defineProperty(query, 'then', {
      configurable: true,
      value(
        this: unknown,
        onFulfilled?: ((value: unknown) => unknown) | null,
        onRejected?: ((error: unknown) => unknown) | null,
      ) {
        ends ??= observers.map((o) => o.query(text));
        return then.call(
          this,
          (value: unknown) => {
            end();
            return onFulfilled ? onFulfilled(value) : value;
          },
          (error: unknown) => {
            end(error);
            if (onRejected) return onRejected(error);
            throw error;
          },
        );
      },
    });
    return query;
  }) as typeof client.unsafe;
  const begin = client.begin.bind(client) as (...args: unknown[]) => Promise<unknown>;
  client.begin = (async (...args: unknown[]) => {
    const ends = observers.map((o) => o.transaction());
    try {
      return await begin(...args);
    } finally {
      for (const e of ends) e();
    }
  }) as typeof client.begin;
}

/**
 * Runs `work` while this process holds a PostgreSQL advisory lock, on a connection of its own that `work` may
 * use: processes starting together take turns.
 */
export async function withPostgresLock<T>(
  databaseUrl: string,
  lockId: number,
  work: (client: postgres.Sql) => Promise<T>,
): Promise<T> {
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  await client`select pg_advisory_lock(${lockId})`;
  try {
    return await work(client);
  } finally {
    await client`select pg_advisory_unlock(${lockId})`.catch(() => {});
    await client.end();
  }
}

/** Applies the migrations on PostgreSQL, one process at a time (an advisory lock), and closes its connection. */
export async function migratePostgresDatabase(databaseUrl: string): Promise<void> {
  // Instances starting together take turns: the first migrates, the others find nothing left to do.
  await withPostgresLock(databaseUrl, MIGRATION_LOCK_ID, (client) =>
    migratePostgres(drizzlePostgres({ client }), { migrationsFolder: migrationsFolder() }),
  );
}

const POOL_MAX = 10;

/**
 * Session settings of the API's pool. JIT off: PostgreSQL compiles a query whose estimated cost passes
 * `jit_above_cost` (100,000 by default), and an estimate need not be the work: the overview's minutes per day
 * (90 days, one of them summed, a few ms of work) was estimated at 2.6 million from generate_series's default of
 * 1,000 rows and spent 1 s in LLVM inlining and optimisation on every request at load average 18 (decision 0059).
 * The API runs short queries only; none gains from compiling.
 */
const SESSION: Partial<postgres.ConnectionParameters> = { jit: 'off' };

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
/** The demo data's seeding: API processes starting together on a fresh database seed it once, in turn. */
export const SEED_LOCK_ID = 7_271_143;

export interface OpenDatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
  inMemory?: boolean;
  /**
   * In-memory PGlite only: starts from this dump of a migrated database (`dumpDataDir`) instead of creating
   * one: tests open one database per file, and creating and migrating one costs seconds.
   */
  loadDataDir?: Blob;
  /** PostgreSQL: apply the migrations first (default true; false when a deploy step ran `dist/migrate.js`). */
  migrate?: boolean;
}

/**
 * Opens PostgreSQL (postgres.js) when a URL is given, otherwise the embedded PGlite (persisted under
 * dataDir, or in memory for tests), and applies the migrations with the matching drizzle migrator.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const folder = migrationsFolder();
  if (options.databaseUrl) {
    if (options.migrate !== false) await migratePostgresDatabase(options.databaseUrl);
    const client = postgres(options.databaseUrl, {
      max: POOL_MAX,
      onnotice: () => {},
      connection: SESSION,
    });
    const observers: QueryObserver[] = [];
    instrumentPostgres(client, observers);
    const db = drizzlePostgres({ client, schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      driver: 'postgres',
      ping: async () => void (await db.execute(sql`select 1`)),
      query: async <T>(text: string, params: unknown[] = []) =>
        (await client.unsafe(text, params as never[])) as unknown as T[],
      close: () => client.end({ timeout: 5 }),
      observe: (observer) => void observers.push(observer),
      poolMax: POOL_MAX,
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
