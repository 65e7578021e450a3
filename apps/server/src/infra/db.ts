import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../db/schema/index.js';
import { migrationsFolder as defaultMigrationsFolder } from '../paths.js';
import { lockDataFolder } from './data-folder-lock.js';
import { bufferPoolMbFor, databaseOnDisk } from './pglite-buffer-pool.js';
import { markTransactions } from './transaction-scope.js';
import { pgliteExtensions } from './pglite-extensions.js';
import { PGliteThread, type EmbeddedClient } from './pglite-thread.js';

export type Schema = typeof schema;
/** The one database type services and repositories see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** What the job runner connects through: the PostgreSQL URL, or the one embedded PGlite instance. */
  connection: { kind: 'postgres'; url: string } | { kind: 'pglite'; client: EmbeddedClient };
  ping(): Promise<void>;
  /** Whether every migration this build carries is recorded as applied (readiness asks it). */
  migrated(): Promise<boolean>;
  /**
   * Told of every statement the app sends, when it starts (metrics time it, traces make a span);
   * the function it returns is called when the statement ends. Returns the removal. Costs nothing
   * when unused.
   */
  observeStatements(observer: StatementObserver): () => void;
  close(): Promise<void>;
}

/** Called as a statement starts, with its SQL text; what it returns (if anything) when it ends. */
export type StatementObserver = (text: string) => ((error?: unknown) => void) | null | undefined;

/** Observers of statements; `timeQueries` asks it at each call, so none costs one Set lookup. */
function statementObservers() {
  const observers = new Set<StatementObserver>();
  return {
    add: (observer: StatementObserver) => {
      observers.add(observer);
      return () => void observers.delete(observer);
    },
    current: (): StatementObserver | null => {
      if (observers.size === 0) return null;
      if (observers.size === 1) return observers.values().next().value!;
      return (text) => {
        const ends = [...observers].map((observer) => observer(text));
        return (error) => {
          for (const end of ends) end?.(error);
        };
      };
    },
  };
}

/** The SQL of a `query` call: a string, or node-postgres's `{ text, values }`. */
const statementText = (first: unknown): string =>
  typeof first === 'string'
    ? first
    : typeof (first as { text?: unknown } | null)?.text === 'string'
      ? (first as { text: string }).text
      : '';

/**
 * Wraps `target.query` (a pg client or PGlite) so each statement reaches the observers as it starts
 * (in the caller's async context: a trace finds its request there) and ends: promise and callback
 * forms (node-postgres's pool.query calls its client with a callback).
 */
function timeQueries(target: object, current: () => StatementObserver | null) {
  const holder = target as { query: (...args: unknown[]) => unknown };
  const original = holder.query.bind(target);
  holder.query = (...args: unknown[]) => {
    const observer = current();
    const end = observer?.(statementText(args[0]));
    if (!end) return original(...args);
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        end(results[0] ?? undefined);
        return (last as (...r: unknown[]) => unknown)(...results);
      };
      return original(...args);
    }
    const result = original(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function')
      (result as Promise<unknown>).then(() => end(), end);
    return result;
  };
}

/** The last migration this build carries: readiness checks the database has recorded it. */
function lastMigrationMillis(migrationsFolder: string): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

const migratedSince = (db: Db, when: number) => async () => {
  const result = (await db.execute<Record<string, unknown>>(
    sql`select 1 from drizzle.__drizzle_migrations where created_at >= ${when} limit 1`,
  )) as { rows: unknown[] };
  return result.rows.length > 0;
};

/**
 * A migration failed at start. Drizzle runs every pending migration in one transaction, so none of
 * this start's migrations is kept: the database is as it was before the start.
 */
export class MigrationFailedError extends Error {
  constructor(
    readonly migration: string,
    readonly statement: number,
    cause: unknown,
  ) {
    const reason = (cause as { cause?: Error }).cause?.message ?? (cause as Error).message;
    super(
      `Migration ${migration} failed at its statement ${statement}: ${reason}. No migration of this start was kept: the database is as it was before it.`,
      { cause },
    );
    this.name = 'MigrationFailedError';
  }
}

/** Runs the migrations; a failing statement is named by its migration (the journal's tag) and number. */
async function migrateNamingFailure(folder: string, run: () => Promise<void>) {
  try {
    await run();
  } catch (error) {
    const query = (error as { query?: string }).query;
    if (query === undefined) throw error;
    const journal = readFileSync(`${folder}/meta/_journal.json`, 'utf8');
    const tags = (JSON.parse(journal) as { entries: { tag: string }[] }).entries.map((e) => e.tag);
    const migrations = readMigrationFiles({ migrationsFolder: folder });
    for (const [index, migration] of migrations.entries()) {
      const statement = migration.sql.indexOf(query);
      if (statement !== -1) throw new MigrationFailedError(tags[index] ?? `#${index}`, statement + 1, error);
    }
    throw error;
  }
}

export type EmbeddedThread = 'main' | 'worker';
/**
 * Where the embedded database runs unless PGLITE_THREAD or the caller says otherwise: this thread.
 * Its own thread kept health answering within milliseconds under load, but on the shared 2-core
 * bench machine the mixed load answered fewer calls and writes waited longer (each statement of a
 * transaction crosses the threads while the database is held): docs/bench-log.md, issue 35.
 */
export const DEFAULT_EMBEDDED_THREAD: EmbeddedThread = 'main';

/** PGLITE_THREAD (`main` or `worker`), read here too so tests and scripts follow it like the server. */
export function embeddedThreadFromEnv(value = process.env.PGLITE_THREAD): EmbeddedThread {
  if (value === undefined || value === '') return DEFAULT_EMBEDDED_THREAD;
  if (value === 'main' || value === 'worker') return value;
  throw new Error(`PGLITE_THREAD must be main or worker, not ${value}`);
}

/** Arbitrary constant shared by every instance: only one of them migrates at a time. */
const MIGRATION_LOCK_KEY = 724_190_331;

/**
 * PGlite in `dataDir` (or in memory when dataDir is null) by default, PostgreSQL when a URL is given.
 * Migrations run before the database is handed out. An embedded database on disk is opened only
 * under the data folder's lock (`data-folder-lock.ts`), held until `close()`: a second process on the
 * same folder gets DataFolderLockedError instead of a second writer.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string | null;
  /** PGlite's buffer pool (PostgreSQL's `shared_buffers`); unset, sized to the database it opens. */
  sharedBuffersMb?: number;
  /** The SQL migrations (tests plant a failing one in a copy). */
  migrationsFolder?: string;
  /** A dumped PGlite data folder (`dumpDataDir`) to start from instead of an empty one (tests' template). */
  loadDataDir?: Blob;
  /**
   * Where the embedded database runs: `worker`, a thread of its own (infra/pglite-thread.ts), or
   * `main`, this thread. Unset: PGLITE_THREAD, else `DEFAULT_EMBEDDED_THREAD`.
   */
  thread?: EmbeddedThread;
  /** The folder locked for an on-disk PGlite (DATA_DIR; default `dataDir`) and who is named as holding it. */
  lock?: { folder?: string; holder: string };
}): Promise<Database> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // No JIT: our statements are short, and compiling one whose estimate passes jit_above_cost (the
      // timeline of a big project) took longer than running it. pg-pool awaits this hook before the
      // client serves its first query (its types say void; it awaits a promise); set per connection,
      // so it passes PgBouncer in session mode.
      // eslint-disable-next-line @typescript-eslint/no-misused-promises
      onConnect: (client) => client.query('set jit = off').then(() => undefined),
    });
    // An idle client losing its connection (server restart, failover) must not crash the process;
    // the pool replaces it on the next query. 57P01 is the server terminating it on purpose.
    pool.on('error', (err: Error & { code?: string }) => {
      if (err.code !== '57P01') console.error('database pool error', err.message);
    });
    const statements = statementObservers();
    // Every client the pool opens is timed (pool.query runs through one of them).
    pool.on('connect', (client) => timeQueries(client, statements.current));
    const client = await pool.connect();
    try {
      // Several API instances may start together; the advisory lock serialises their migrations.
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migrateNamingFailure(migrationsFolder, () =>
        migratePg(drizzlePg({ client, schema }), { migrationsFolder }),
      );
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      client.release();
    }
    const db = markTransactions(drizzlePg({ client: pool, schema })) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      connection: { kind: 'postgres', url: options.databaseUrl },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      migrated: migratedSince(db, lastMigrationMillis(migrationsFolder)),
      observeStatements: statements.add,
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const lock = options.dataDir
    ? lockDataFolder(options.lock?.folder ?? options.dataDir, options.lock?.holder ?? 'server')
    : null;
  let client: EmbeddedClient | null = null;
  try {
    const sharedBuffersMb =
      options.sharedBuffersMb ??
      bufferPoolMbFor(
        options.dataDir ? databaseOnDisk(options.dataDir) : { bytes: 0, largestRelationBytes: 0 },
      );
    const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`];
    const thread = options.thread ?? embeddedThreadFromEnv();
    let opened: EmbeddedClient;
    if (thread === 'worker') {
      opened = await PGliteThread.open({
        dataDir: options.dataDir ?? null,
        startParams,
        extensionNames: Object.keys(pgliteExtensions),
        ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      });
    } else {
      const pgliteOptions = {
        startParams,
        extensions: pgliteExtensions,
        ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      };
      opened = options.dataDir ? new PGlite(options.dataDir, pgliteOptions) : new PGlite(pgliteOptions);
    }
    client = opened;
    // drizzle and its migrator use query/exec/transaction only: the thread's stand-in serves them.
    const pgliteDb = drizzlePglite({ client: opened as PGlite, schema });
    await migrateNamingFailure(migrationsFolder, () => migratePglite(pgliteDb, { migrationsFolder }));
    const db = markTransactions(pgliteDb) as unknown as Db;
    const statements = statementObservers();
    timeQueries(opened, statements.current);
    // A transaction's statements run on the handle PGlite gives its callback.
    const transaction = opened.transaction.bind(opened);
    opened.transaction = (work) =>
      transaction((tx) => {
        timeQueries(tx, statements.current);
        return work(tx);
      });
    return {
      db,
      kind: 'pglite',
      connection: { kind: 'pglite', client: opened },
      ping: async () => {
        // On its own thread a busy database that answered within the last second is up: health
        // does not wait behind the statements queued for it (a `select 1` would).
        if (opened instanceof PGliteThread && opened.answeringWithin(1000)) return;
        await db.execute(sql`select 1`);
      },
      migrated: migratedSince(db, lastMigrationMillis(migrationsFolder)),
      observeStatements: statements.add,
      close: async () => {
        try {
          await opened.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    await client?.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
}
