// The embedded PGlite database on its own thread (decision 0017). The API's thread sends requests through
// `pglite-thread.ts`; this side runs them on the one PGlite instance and answers each with its id.
// Plain JavaScript so that Node, tsx and the built dist/ can all start it without a TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const { dataDir, migrationsFolder } = workerData;

/** Open transactions by id: the PGlite transaction and how to end it. */
const transactions = new Map();
/** LISTEN subscriptions by id: their unsubscribe functions. */
const subscriptions = new Map();
let nextTransactionId = 1;

/** Errors cross the thread as plain objects; every own field (code, detail, constraint…) is kept. */
function serialiseError(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    fields[key] = typeof value === 'object' && value !== null ? JSON.parse(JSON.stringify(value)) : value;
  }
  return { ...fields, name: error.name, message: error.message, stack: error.stack };
}

/** The API's thread sends parsers as the type ids to keep as text (drizzle's only use of them). */
function queryOptions(options) {
  if (!options) return undefined;
  const { textTypes, ...rest } = options;
  if (!textTypes) return rest;
  return { ...rest, parsers: Object.fromEntries(textTypes.map((oid) => [oid, (value) => value])) };
}

function target(transactionId) {
  if (transactionId === undefined) return db;
  const open = transactions.get(transactionId);
  if (!open) throw new Error('The transaction has already ended');
  return open.tx;
}

const handlers = {
  query: ({ text, params, options, transactionId }) =>
    target(transactionId).query(text, params, queryOptions(options)),
  exec: ({ text, transactionId }) => target(transactionId).exec(text),
  /** Holds a PGlite transaction open until txEnd: the API's thread runs its queries in between. */
  txBegin: () =>
    new Promise((resolveBegin, rejectBegin) => {
      const id = nextTransactionId++;
      const entry = {};
      entry.finished = db
        .transaction(
          (tx) =>
            new Promise((commit, rollback) => {
              Object.assign(entry, { tx, commit, rollback });
              transactions.set(id, entry);
              resolveBegin(id);
            }),
        )
        .finally(() => transactions.delete(id));
      // A BEGIN that fails rejects here; once begun, txEnd reports how the transaction ended.
      entry.finished.catch(rejectBegin);
    }),
  txEnd: async ({ transactionId, commit }) => {
    const open = transactions.get(transactionId);
    if (!open) return;
    if (commit) open.commit();
    else open.rollback(new Error('rolled back'));
    try {
      await open.finished;
    } catch (error) {
      if (commit) throw error;
    }
  },
  listen: async ({ channel, subscriptionId }) => {
    const unsubscribe = await db.listen(channel, (payload) =>
      parentPort.postMessage({ notification: { subscriptionId, payload } }),
    );
    subscriptions.set(subscriptionId, unsubscribe);
  },
  unlisten: async ({ subscriptionId }) => {
    const unsubscribe = subscriptions.get(subscriptionId);
    subscriptions.delete(subscriptionId);
    await unsubscribe?.();
  },
  close: async () => {
    await db.close();
  },
};

const db = new PGlite(dataDir, { relaxedDurability: true, extensions: { pg_trgm } });
try {
  await db.waitReady;
  await migrate(drizzle({ client: db }), { migrationsFolder });
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, error: serialiseError(error) });
}

parentPort.on('message', async ({ id, op, ...request }) => {
  try {
    const result = await handlers[op](request);
    parentPort.postMessage({ id, ok: true, result });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: serialiseError(error) });
  }
});
