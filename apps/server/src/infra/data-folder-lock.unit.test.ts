import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_FOLDER_LOCK_FILE, DataFolderLockedError, lockDataFolder } from './data-folder-lock.js';

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'teamline-lock-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const lockOf = (dir: string) => JSON.parse(readFileSync(join(dir, DATA_FOLDER_LOCK_FILE), 'utf8'));
/** A lock file as another process would have left it, this machine's unless `host` says otherwise. */
function plant(dir: string, record: Record<string, unknown>) {
  rmSync(join(dir, DATA_FOLDER_LOCK_FILE), { force: true });
  const mine = lockDataFolder(dir, 'probe');
  const here = lockOf(dir);
  mine.release();
  writeFileSync(join(dir, DATA_FOLDER_LOCK_FILE), JSON.stringify({ ...here, ...record }));
}
/** The pid of a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid;

describe('the data folder lock', () => {
  it('refuses a second holder in the same process and frees the folder on release', () => {
    const dir = folder();
    const first = lockDataFolder(dir, 'server');
    expect(lockOf(dir)).toMatchObject({ pid: process.pid, holder: 'server', host: hostname() });
    expect(() => lockDataFolder(dir, 'server')).toThrow(DataFolderLockedError);
    first.release();
    first.release();
    expect(existsSync(join(dir, DATA_FOLDER_LOCK_FILE))).toBe(false);
    lockDataFolder(dir, 'coupon command').release();
  });

  // Start times come from /proc (Linux); elsewhere the pid alone decides.
  it.runIf(process.platform === 'linux')(
    'refuses while the holding process lives, naming it and the folder',
    () => {
      const dir = folder();
      const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
      try {
        const ticks = readFileSync(`/proc/${sleeper.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19];
        plant(dir, { pid: sleeper.pid, holder: 'server', startTicks: ticks });
        expect(() => lockDataFolder(dir, 'coupon command')).toThrow(
          `Another Teamline server (pid ${sleeper.pid}) is using the data folder ${dir}; stop it first.`,
        );
        // The same pid with another start time is a reused pid, not the holder.
        plant(dir, { pid: sleeper.pid, holder: 'server', startTicks: '1' });
        lockDataFolder(dir, 'server').release();
      } finally {
        sleeper.kill('SIGKILL');
      }
    },
  );

  it('takes over the lock of a process that was killed', () => {
    const dir = folder();
    const gone = deadPid();
    plant(dir, { pid: gone, holder: 'server' });
    const lock = lockDataFolder(dir, 'server');
    expect(lockOf(dir)).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it("takes over this pid's lock from an earlier life (a container's pid 1)", () => {
    const dir = folder();
    plant(dir, { pid: process.pid, startTicks: null });
    lockDataFolder(dir, 'server').release();
  });

  it('refuses a fresh lock from another machine and takes it over once a minute old', () => {
    const dir = folder();
    plant(dir, { pid: 4242, holder: 'server', host: 'other-host' });
    expect(() => lockDataFolder(dir, 'server')).toThrow(
      `Another Teamline server (pid 4242 on other-host) is using the data folder ${dir}; stop it first.`,
    );
    const old = new Date(Date.now() - 61_000);
    utimesSync(join(dir, DATA_FOLDER_LOCK_FILE), old, old);
    lockDataFolder(dir, 'server').release();
  });

  it('takes over an empty lock file left by a process killed while making it', () => {
    const dir = folder();
    writeFileSync(join(dir, DATA_FOLDER_LOCK_FILE), '');
    const old = new Date(Date.now() - 6_000);
    utimesSync(join(dir, DATA_FOLDER_LOCK_FILE), old, old);
    lockDataFolder(dir, 'server').release();
  });

  it('leaves a lock another process took over in place when released', () => {
    const dir = folder();
    const lock = lockDataFolder(dir, 'server');
    writeFileSync(join(dir, DATA_FOLDER_LOCK_FILE), JSON.stringify({ pid: 1, holder: 'server' }));
    lock.release();
    expect(lockOf(dir)).toEqual({ pid: 1, holder: 'server' });
  });
});
