import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { utimes } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * One writer per embedded data folder. PGlite takes no lock of its own: a second process on the same
 * folder starts, hands out the same ids and overwrites the first one's pages, losing acknowledged
 * writes (issue 31). Whoever opens the embedded database (the server, `npm run coupon`,
 * `npm run seed:demo`, migrations, which run on open) first takes this lock on the folder and keeps it
 * until it closes the database.
 *
 * The lock is a file, `teamline.lock`, created with O_EXCL and holding who took it. A lock whose
 * process is gone is stale and taken over, so a start after `kill -9` needs no manual cleanup:
 * on the same machine (same host name, boot and PID namespace) the process is looked up by pid, and
 * on Linux its start time is compared too, so a pid reused by another process does not keep the lock.
 * A lock taken on another machine or container (a shared volume) cannot be looked up: its holder
 * touches the file every 10 s, and it is stale once untouched for a minute.
 */
export const DATA_FOLDER_LOCK_FILE = 'teamline.lock';
const HEARTBEAT_MS = 10_000;
const FOREIGN_STALE_MS = 60_000;
/** A lock file still empty this long after it was made was left by a process that died making it. */
const EMPTY_STALE_MS = 5_000;
/** A take-over that has not finished this long after it started was cut off by a kill. */
const TAKEOVER_STALE_MS = 10_000;

interface LockRecord {
  pid: number;
  /** `server`, `coupon command`, `seed:demo command`: named in the refusal. */
  holder: string;
  host: string;
  bootId: string | null;
  pidNamespace: string | null;
  /** The process's start time in clock ticks since boot (Linux), which a reused pid does not share. */
  startTicks: string | null;
  since: string;
}

export interface DataFolderLock {
  folder: string;
  /** Deletes the lock file if it is still this process's; safe to call twice. */
  release(): void;
}

export class DataFolderLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly holder: Pick<LockRecord, 'pid' | 'holder' | 'host'> | null,
  ) {
    const who = holder
      ? `Another Teamline ${holder.holder} (pid ${holder.pid}${holder.host === hostname() ? '' : ` on ${holder.host}`})`
      : 'This process';
    super(`${who} is using the data folder ${folder}; stop it first.`);
    this.name = 'DataFolderLockedError';
  }
}

const readOr = <T>(read: () => T, fallback: T): T => {
  try {
    return read();
  } catch {
    return fallback;
  }
};
const bootId = readOr(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(), null);
const pidNamespace = readOr(() => readlinkSync('/proc/self/ns/pid'), null);
/** Field 22 of /proc/<pid>/stat (after the parenthesised command name, which may hold spaces). */
const startTicksOf = (pid: number): string | null =>
  readOr(() => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  }, null);

/** Folders this process holds: a second open in the same process is refused as well. */
const heldHere = new Set<string>();

function isLive(record: LockRecord, modifiedMs: number): boolean {
  const sameMachine =
    record.host === hostname() && record.bootId === bootId && record.pidNamespace === pidNamespace;
  if (!sameMachine) return Date.now() - modifiedMs < FOREIGN_STALE_MS;
  // This process's own pid in a lock it does not hold: left by an earlier life (a container's pid 1).
  if (record.pid === process.pid) return false;
  try {
    process.kill(record.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const ticks = startTicksOf(record.pid);
  return !(record.startTicks && ticks && ticks !== record.startTicks);
}

function parse(text: string): LockRecord | null {
  try {
    const record = JSON.parse(text) as LockRecord;
    return Number.isInteger(record.pid) ? record : null;
  } catch {
    return null;
  }
}

function writeNew(path: string, text: string, flags: 'wx' | 'w') {
  const fd = openSync(path, flags, 0o644);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Replaces the lock file if it still holds `stale`, one process at a time (a mkdir is the mutex). */
function takeOver(path: string, stale: string, mine: string): boolean {
  const mutex = `${path}.takeover`;
  try {
    mkdirSync(mutex);
  } catch {
    const age = readOr(() => Date.now() - statSync(mutex).mtimeMs, 0);
    if (age > TAKEOVER_STALE_MS) readOr(() => rmdirSync(mutex), undefined);
    return false;
  }
  try {
    if (readOr(() => readFileSync(path, 'utf8'), null) !== stale) return false;
    const temporary = `${path}.${process.pid}`;
    writeNew(temporary, mine, 'w');
    renameSync(temporary, path);
    return true;
  } finally {
    rmdirSync(mutex);
  }
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Takes the folder for this process as `holder`, or throws DataFolderLockedError naming the process
 * that has it. Released by `release()` (closing the database) and, failing that, when the process
 * exits; a killed process leaves a stale lock the next start takes over.
 */
export function lockDataFolder(folder: string, holder: string): DataFolderLock {
  mkdirSync(folder, { recursive: true });
  const real = realpathSync(folder);
  if (heldHere.has(real)) throw new DataFolderLockedError(real, null);
  const path = join(real, DATA_FOLDER_LOCK_FILE);
  const record: LockRecord = {
    pid: process.pid,
    holder,
    host: hostname(),
    bootId,
    pidNamespace,
    startTicks: startTicksOf(process.pid),
    since: new Date().toISOString(),
  };
  const mine = JSON.stringify(record);

  for (let attempt = 0; ; attempt++) {
    try {
      writeNew(path, mine, 'wx');
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const text = readOr(() => readFileSync(path, 'utf8'), null);
    if (text === null) continue; // deleted in between: try to create it again
    const modifiedMs = readOr(() => statSync(path).mtimeMs, Date.now());
    const other = parse(text);
    const stale = other ? !isLive(other, modifiedMs) : Date.now() - modifiedMs > EMPTY_STALE_MS;
    if (other && !stale) throw new DataFolderLockedError(real, other);
    if (attempt >= 80) throw new DataFolderLockedError(real, other);
    if (stale && takeOver(path, text, mine)) break;
    pause(100);
  }

  heldHere.add(real);
  const heartbeat = setInterval(() => {
    const now = new Date();
    utimes(path, now, now).catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    process.off('exit', release);
    heldHere.delete(real);
    // Only our own file: never delete a lock another process took over.
    if (readOr(() => readFileSync(path, 'utf8'), null) === mine) readOr(() => unlinkSync(path), undefined);
  };
  process.on('exit', release);
  return { folder: real, release };
}
