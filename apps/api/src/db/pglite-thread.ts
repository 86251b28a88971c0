import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * The embedded PGlite on its own thread (decision 0017), with the part of PGlite's interface that drizzle,
 * pg-boss and our code use: query, exec, transaction, listen, close. A query no longer blocks the API's
 * event loop, and the API's thread keeps a small heap (PGlite in the same thread made every request
 * about a fifth slower).
 */

interface QueryOptions {
  rowMode?: 'object' | 'array';
  /** Only identity parsers (keep the type as text) cross the thread: functions cannot be sent. */
  parsers?: Record<number, (value: string) => unknown>;
}

export interface PgliteResults<T = Record<string, unknown>> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

interface Queryable {
  query<T = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<PgliteResults<T>>;
  exec(text: string): Promise<PgliteResults[]>;
}

export interface PgliteTransaction extends Queryable {
  closed: boolean;
  rollback(): Promise<void>;
}

type Pending = { resolve(value: unknown): void; reject(error: Error): void; sentAt: number };

/** The worker's file: beside this module in the source tree; in dist/ beside server.js (seed-cli.js is in dist/db). */
function workerFile(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of [join(here, 'pglite-worker.mjs'), join(here, '..', 'pglite-worker.mjs')]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`pglite-worker.mjs not found near ${here}`);
}

/** An error from the worker, with PostgreSQL's fields (code, detail, constraint…) as PGlite sets them. */
function toError(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message));
  Object.assign(error, fields);
  return error;
}

function sendableOptions(options: QueryOptions | undefined) {
  if (!options) return undefined;
  const { parsers, ...rest } = options;
  return parsers ? { ...rest, textTypes: Object.keys(parsers).map(Number) } : rest;
}

export class PgliteThread implements Queryable {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private nextId = 1;
  private exitError: Error | null = null;
  readonly waitReady: Promise<void>;

  constructor(dataDir: string, migrationsFolder: string) {
    this.worker = new Worker(workerFile(), { workerData: { dataDir, migrationsFolder } });
    this.waitReady = new Promise((resolve, reject) => {
      this.worker.once('message', (message: { ready: boolean; error?: Record<string, unknown> }) => {
        if (message.ready) resolve();
        else reject(toError(message.error ?? { message: 'The database did not start' }));
      });
      this.worker.once('error', reject);
      this.worker.once('exit', () => reject(new Error('The database thread stopped while starting')));
    });
    this.worker.on('message', (message) => this.onMessage(message));
    this.worker.on('error', (error) => this.failAll(error));
    this.worker.on('exit', () => this.failAll(new Error('The database thread stopped')));
  }

  private onMessage(message: {
    id?: number;
    ok?: boolean;
    result?: unknown;
    error?: Record<string, unknown>;
    notification?: { subscriptionId: number; payload: string };
  }) {
    if (message.notification) {
      this.listeners.get(message.notification.subscriptionId)?.(message.notification.payload);
      return;
    }
    if (message.id === undefined) return;
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    if (message.ok) pending.resolve(message.result);
    else pending.reject(toError(message.error ?? {}));
  }

  private failAll(error: Error) {
    this.exitError ??= error;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }

  private call<T>(op: string, request: Record<string, unknown> = {}): Promise<T> {
    if (this.exitError) return Promise.reject(this.exitError);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, {
        resolve: resolve as (value: unknown) => void,
        reject,
        sentAt: performance.now(),
      });
      this.worker.postMessage({ id, op, ...request });
    });
  }

  /**
   * How long the oldest call waiting behind the running one has waited, in ms (0 when none waits): the thread
   * runs one call at a time, so under a burst this is the queue time a new query will see (the overload guard
   * reads it). The running call itself does not count: one long query with nothing behind it delays nobody.
   */
  oldestPendingMs(): number {
    // A Map iterates in insertion order: the first entry is the call running, the second the oldest waiting.
    let position = 0;
    for (const pending of this.pending.values()) {
      if (position === 1) return performance.now() - pending.sentAt;
      position += 1;
    }
    return 0;
  }

  query<T = Record<string, unknown>>(text: string, params: unknown[] = [], options?: QueryOptions) {
    return this.call<PgliteResults<T>>('query', { text, params, options: sendableOptions(options) });
  }

  exec(text: string) {
    return this.call<PgliteResults[]>('exec', { text });
  }

  /** Runs `callback` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: PgliteTransaction) => Promise<T>): Promise<T> {
    const transactionId = await this.call<number>('txBegin');
    const tx: PgliteTransaction = {
      closed: false,
      query: (text, params = [], options) =>
        this.call('query', { text, params, options: sendableOptions(options), transactionId }),
      exec: (text) => this.call('exec', { text, transactionId }),
      rollback: async () => {
        tx.closed = true;
        await this.call('txEnd', { transactionId, commit: false });
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      if (!tx.closed) {
        tx.closed = true;
        await this.call('txEnd', { transactionId, commit: false });
      }
      throw error;
    }
    if (!tx.closed) {
      tx.closed = true;
      await this.call('txEnd', { transactionId, commit: true });
    }
    return result;
  }

  /** LISTEN on the database thread; pg-boss uses it to pick up new jobs at once. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const subscriptionId = this.nextId++;
    this.listeners.set(subscriptionId, callback);
    await this.call('listen', { channel, subscriptionId });
    return async () => {
      this.listeners.delete(subscriptionId);
      await this.call('unlisten', { subscriptionId });
    };
  }

  async close() {
    if (this.exitError) return;
    await this.call('close');
    await this.worker.terminate();
  }
}
