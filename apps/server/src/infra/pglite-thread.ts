import { URL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  messages,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/**
 * The part of PGlite's interface this app uses (drizzle-orm/pglite, pg-boss's `fromPglite`, the
 * project caches' `listen`, the backup's and tests' `dumpDataDir`, maintenance's `exec`): what
 * `Database.connection.client` is on the embedded database, whether PGlite runs on this thread or
 * on its own (`PGliteThread`).
 */
export type EmbeddedClient = Pick<
  PGlite,
  'query' | 'exec' | 'transaction' | 'listen' | 'unlisten' | 'dumpDataDir' | 'close' | 'waitReady'
>;

interface PlainError {
  database?: boolean;
  name?: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
}

type Answer = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: PlainError };
type Notice = { notify: string; payload: string };

/** The worker's error as the caller would have had it from PGlite: a DatabaseError with its fields. */
function errorFrom(plain: PlainError): Error {
  const error = (
    plain.database
      ? new messages.DatabaseError(plain.message, Number(plain.fields.length ?? 0), 'error')
      : new Error(plain.message)
  ) as Error & Record<string, unknown>;
  for (const [key, value] of Object.entries(plain.fields)) if (key !== 'length') error[key] = value;
  if (!plain.database && plain.name) error.name = plain.name;
  // Where the caller awaited it is this thread's stack; where it failed is the worker's.
  if (plain.stack) error.stack = `${error.stack ?? ''}\n    --- in the database thread ---\n${plain.stack}`;
  return error;
}

type Parsers = NonNullable<QueryOptions['parsers']>;

/**
 * The caller's type parsers, applied here: a function cannot cross to the worker, which hands the
 * values of these types back as PostgreSQL's text (drizzle's parsers keep dates and intervals as
 * that text anyway). Every other type is parsed in the worker by PGlite's own parsers, as before.
 */
function applyParsers<T>(result: Results<T>, parsers: Parsers | undefined, rowMode: string | undefined) {
  if (!parsers || result.rows.length === 0) return result;
  const columns = result.fields
    .map((field, index) => ({
      index,
      name: field.name,
      type: field.dataTypeID,
      parse: parsers[field.dataTypeID],
    }))
    .filter((column) => column.parse);
  if (columns.length === 0) return result;
  for (const row of result.rows as unknown as Record<string | number, unknown>[])
    for (const column of columns) {
      const key = rowMode === 'array' ? column.index : column.name;
      const value = row[key];
      if (typeof value === 'string') row[key] = column.parse!(value);
    }
  return result;
}

export interface PGliteThreadOptions {
  /** The data folder, or null for a database in memory. */
  dataDir: string | null;
  startParams: string[];
  /** Names of PGlite's contrib extensions to load (`@electric-sql/pglite/contrib/<name>`). */
  extensionNames: string[];
  loadDataDir?: Blob;
}

/**
 * PGlite on a worker thread, behind the part of PGlite's interface the app uses (`EmbeddedClient`).
 * Statements are sent as they come: PGlite's own lock in the worker orders them, so a transaction's
 * statements run while every other statement waits, exactly as on the main thread, and the worker
 * is never idle waiting for the next one while callers queue. A notice is delivered before the
 * answer of the statement that caused it (one port, in order): the project caches rely on that.
 */
export class PGliteThread implements EmbeddedClient {
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private readonly calls = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  /** When the worker last answered anything (performance.now()). */
  private lastAnswerAt = 0;
  private exited: Error | null = null;
  private closing: Promise<void> | null = null;

  /** Starts the worker and waits until its PGlite is open (its data folder loaded, if given). */
  static async open(options: PGliteThreadOptions): Promise<PGliteThread> {
    const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    const thread = new PGliteThread(options, loadDataDir);
    try {
      await thread.waitReady;
    } catch (error) {
      await thread.worker.terminate();
      throw error;
    }
    return thread;
  }

  private constructor(options: PGliteThreadOptions, loadDataDir: ArrayBuffer | undefined) {
    this.worker = new Worker(new URL('./pglite-thread.worker.mjs', import.meta.url), {
      workerData: {
        dataDir: options.dataDir,
        startParams: options.startParams,
        extensionNames: options.extensionNames,
        loadDataDir,
      },
      transferList: loadDataDir ? [loadDataDir] : [],
    });
    this.waitReady = new Promise<void>((resolve, reject) => {
      this.calls.set(0, { resolve: () => resolve(), reject });
    });
    this.worker.on('message', (message: Answer | Notice) => {
      if ('notify' in message) this.notice(message);
      else this.settle(message);
    });
    this.worker.on('error', (error: Error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`the database thread exited (code ${code})`)));
  }

  private fail(error: Error) {
    this.exited ??= error;
    const calls = [...this.calls.values()];
    this.calls.clear();
    for (const call of calls) call.reject(error);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query<T = any>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.queryOn<T>(undefined, text, params, options);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  exec(text: string, options?: QueryOptions): Promise<Array<Results<any>>> {
    return this.request({ op: 'exec', text, ...this.plainOptions(options) }) as Promise<Results[]>;
  }

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = this.nextId;
    await this.request({ op: 'begin' }, id);
    let closed = false;
    const tx: Transaction = {
      query: (text, params, options) => {
        if (closed) return Promise.reject(new Error('Transaction is closed'));
        return this.queryOn(id, text, params, options);
      },
      exec: (text, options) => {
        if (closed) return Promise.reject(new Error('Transaction is closed'));
        return this.request({ op: 'exec', tx: id, text, ...this.plainOptions(options) }) as Promise<
          Results[]
        >;
      },
      sql: () => Promise.reject(new Error('tx.sql is not supported on the database thread')),
      rollback: async () => {
        await this.request({ op: 'rollback', tx: id });
        closed = true;
      },
      listen: () => Promise.reject(new Error('tx.listen is not supported on the database thread')),
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      await this.request({ op: 'end', tx: id, commit: false });
      throw error;
    }
    closed = true;
    await this.request({ op: 'end', tx: id, commit: true });
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) this.listeners.set(channel, (set = new Set()));
    set.add(callback);
    if (set.size === 1) await this.request({ op: 'listen', channel });
    return () => this.unlisten(channel, callback);
  }

  async unlisten(channel: string, callback?: (payload: string) => void): Promise<void> {
    const set = this.listeners.get(channel);
    if (!set) return;
    if (callback) set.delete(callback);
    else set.clear();
    if (set.size > 0) return;
    this.listeners.delete(channel);
    await this.request({ op: 'unlisten', channel });
  }

  async dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<File | Blob> {
    const { bytes, type, name } = (await this.request({ op: 'dump', compression })) as {
      bytes: ArrayBuffer;
      type: string;
      name?: string;
    };
    return name === undefined
      ? new Blob([new Uint8Array(bytes)], { type })
      : new File([new Uint8Array(bytes)], name, { type });
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      if (!this.exited) await this.request({ op: 'close' }).catch(() => undefined);
      await this.worker.terminate();
      this.fail(new Error('the database is closed'));
    })();
    return this.closing;
  }

  private plainOptions(options: QueryOptions | undefined) {
    if (!options) return {};
    if (options.serializers || options.onNotice || options.blob)
      throw new Error('serializers, onNotice and blob are not supported on the database thread');
    return {
      rowMode: options.rowMode,
      paramTypes: options.paramTypes,
      rawTypes: options.parsers ? Object.keys(options.parsers).map(Number) : undefined,
    };
  }

  private async queryOn<T>(
    tx: number | undefined,
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    const result = (await this.request({
      op: 'query',
      tx,
      text,
      params: params ?? [],
      ...this.plainOptions(options),
    })) as Results<T>;
    return applyParsers(result, options?.parsers, options?.rowMode);
  }

  private request(message: Record<string, unknown>, id = this.nextId): Promise<unknown> {
    if (this.exited) return Promise.reject(this.exited);
    if (id === this.nextId) this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.calls.size === 0) this.worker.ref();
      this.calls.set(id, { resolve, reject });
      try {
        this.worker.postMessage({ ...message, id });
      } catch (error) {
        // A parameter that cannot cross to the thread (a function, a class with private state).
        this.settle({ id, ok: false, error: { message: (error as Error).message, fields: {} } });
      }
    });
  }

  /**
   * Whether the database is answering right now without queueing behind the statements waiting for
   * it: true when calls are in flight and one was answered within `withinMs`. Health asks it first,
   * so a busy database is not reported as slow to reach (infra/db.ts `ping`).
   */
  answeringWithin(withinMs: number): boolean {
    return !this.exited && this.calls.size > 0 && performance.now() - this.lastAnswerAt < withinMs;
  }

  private settle(answer: Answer) {
    this.lastAnswerAt = performance.now();
    const call = this.calls.get(answer.id);
    if (!call) return;
    this.calls.delete(answer.id);
    // Nothing in flight: the worker alone does not keep the process alive (a forgotten close).
    if (this.calls.size === 0) this.worker.unref();
    if (answer.ok) call.resolve(answer.result);
    else call.reject(errorFrom(answer.error));
  }

  private notice(notice: Notice) {
    const set = this.listeners.get(notice.notify);
    if (set) for (const callback of [...set]) callback(notice.payload);
  }
}
