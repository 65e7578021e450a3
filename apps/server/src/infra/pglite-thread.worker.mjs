// @ts-check
/**
 * The embedded database's own thread (`pglite-thread.ts` starts it and speaks for it on the main
 * thread). It owns the one PGlite instance: every statement, PGlite's protocol parsing and its type
 * parsing run here, so the main thread keeps parsing HTTP, authorising and serialising JSON while
 * a statement runs. Plain JavaScript: Node starts it as is from `src` (tests, tsx) and from `dist`
 * (the build copies it beside server.js).
 *
 * Messages in (one port, handled in order): `query`, `exec`, `begin`/`end` (a transaction: its
 * statements carry its id and run on PGlite's handle while every other statement waits at PGlite's
 * own lock, as on the main thread), `listen`/`unlisten`, `dump`, `close`. Messages out: `{ id, ok,
 * result | error }` per request and `{ notify, payload }` per notice, posted on the same port before
 * the answer of the statement that caused it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const { dataDir, startParams, extensionNames, loadDataDir } = workerData;

const extensions = Object.fromEntries(
  await Promise.all(
    /** @type {string[]} */ (extensionNames).map(async (name) => [
      name,
      (await import(`@electric-sql/pglite/contrib/${name}`))[name],
    ]),
  ),
);

/** The fields a PostgreSQL error carries (PGlite's DatabaseError) and what PGlite adds to it. */
const ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
  'length',
  'query',
  'params',
];

/** An error as plain data: class, message and PostgreSQL fields (functions and classes do not cross). */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  /** @type {Record<string, unknown>} */
  const fields = {};
  for (const key of ERROR_FIELDS) {
    const value = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (error))[key];
    if (value === undefined) continue;
    try {
      structuredClone(value);
      fields[key] = value;
    } catch {
      // A parameter that cannot cross (never one of ours): dropped from the error.
    }
  }
  return {
    database: error.constructor?.name === 'DatabaseError',
    name: error.name,
    message: error.message,
    stack: error.stack,
    fields,
  };
}

let db;
try {
  const options = {
    startParams,
    extensions,
    ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
  };
  db = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await db.waitReady;
} catch (error) {
  port.postMessage({ id: 0, ok: false, error: plainError(error) });
  process.exit(1);
}
const pg = /** @type {PGlite} */ (db);

/** Parsers for the types whose caller parses them (main thread): the text as PostgreSQL sent it. */
const raw = (value) => value;
const rawParsers = (/** @type {number[] | undefined} */ types) =>
  types && types.length ? Object.fromEntries(types.map((type) => [type, raw])) : undefined;

/** Open transactions: their handle and the statements queued for it. */
const transactions = new Map();
/** Each transaction's settlement (PGlite's `transaction` promise), until its `end`. */
const ends = new Map();
const ROLLED_BACK = Symbol('rolled back by its caller');
/** Channels heard: their unlisten. */
const listening = new Map();

const answer = (id, promise) =>
  promise.then(
    (result) => port.postMessage({ id, ok: true, result }),
    (error) => port.postMessage({ id, ok: false, error: plainError(error) }),
  );

const queryOptions = (message) => {
  const parsers = rawParsers(message.rawTypes);
  return {
    ...(message.rowMode ? { rowMode: message.rowMode } : {}),
    ...(parsers ? { parsers } : {}),
    ...(message.paramTypes ? { paramTypes: message.paramTypes } : {}),
  };
};

/** A transaction's handle, or the instance itself. */
const target = (message) => {
  if (message.tx === undefined) return pg;
  const open = transactions.get(message.tx);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
};

const stripBlob = (result) => {
  // PGlite's results carry `blob` only for COPY … TO '/dev/blob' (unused here).
  if (result && 'blob' in result) delete result.blob;
  return result;
};

port.on('message', (message) => {
  const { id, op } = message;
  try {
    switch (op) {
      case 'query':
        answer(
          id,
          target(message).query(message.text, message.params, queryOptions(message)).then(stripBlob),
        );
        return;
      case 'exec':
        answer(
          id,
          target(message)
            .exec(message.text, queryOptions(message))
            .then((results) => results.map(stripBlob)),
        );
        return;
      case 'rollback':
        answer(id, target(message).rollback());
        return;
      case 'begin': {
        // Answered once PGlite has begun it (its callback runs); ended by `end` with the same id.
        /** @type {(commit: boolean) => void} */
        let finish = () => undefined;
        const ended = new Promise((resolve) => (finish = resolve));
        let started = false;
        const done = pg
          .transaction(async (tx) => {
            started = true;
            transactions.set(id, { tx, finish });
            port.postMessage({ id, ok: true, result: null });
            // Thrown so PGlite rolls back; the caller rethrows its own error.
            if (!(await ended)) throw ROLLED_BACK;
          })
          .finally(() => transactions.delete(id));
        ends.set(id, done);
        done.catch((error) => {
          // BEGIN itself failed: the caller is still waiting for the begin's answer.
          if (started) return;
          ends.delete(id);
          port.postMessage({ id, ok: false, error: plainError(error) });
        });
        return;
      }
      case 'end': {
        const done = ends.get(message.tx) ?? Promise.resolve();
        ends.delete(message.tx);
        transactions.get(message.tx)?.finish(message.commit);
        answer(
          id,
          done.then(
            () => null,
            (error) => {
              if (error === ROLLED_BACK) return null;
              throw error;
            },
          ),
        );
        return;
      }
      case 'listen': {
        const channel = message.channel;
        answer(
          id,
          (async () => {
            if (listening.has(channel)) return null;
            const unlisten = await pg.listen(channel, (payload) =>
              port.postMessage({ notify: channel, payload }),
            );
            listening.set(channel, unlisten);
            return null;
          })(),
        );
        return;
      }
      case 'unlisten': {
        const unlisten = listening.get(message.channel);
        listening.delete(message.channel);
        answer(id, unlisten ? unlisten() : Promise.resolve());
        return;
      }
      case 'dump':
        answer(
          id,
          pg.dumpDataDir(message.compression).then(async (file) => {
            const bytes = await file.arrayBuffer();
            return { bytes, type: file.type, name: 'name' in file ? file.name : undefined };
          }),
        );
        return;
      case 'close':
        answer(
          id,
          pg.close().then(() => {
            port.close();
            return null;
          }),
        );
        return;
      default:
        throw new Error(`unknown operation ${String(op)}`);
    }
  } catch (error) {
    port.postMessage({ id, ok: false, error: plainError(error) });
  }
});

port.postMessage({ id: 0, ok: true, result: null });
