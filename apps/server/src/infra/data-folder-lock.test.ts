import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../paths.js';
import { DATA_FOLDER_LOCK_FILE } from './data-folder-lock.js';

/**
 * Issue 31: a second server on the same DATA_DIR came up, handed out the same ids as the first and
 * lost acknowledged writes. Real processes here: the server (`src/server.ts`) and the coupon command
 * (`src/scripts/coupon.ts`, which e2e/support/coupons.ts runs before the browser journeys), on one
 * embedded data folder. Skipped on PostgreSQL: with DATABASE_URL there is no embedded database to lock.
 */
const PORTS = [8286, 8287, 8288];
const dataDir = mkdtempSync(join(tmpdir(), 'teamline-lock-e2e-'));
const children: ChildProcess[] = [];

function run(script: string, args: string[], port = PORTS[0]!) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'apps/server/src', script), ...args],
    {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => ({ stdout, stderr }) };
}

/** 'serving' once the server answers /api/health, or its exit code if it stops first. */
async function outcome(server: ReturnType<typeof run>, port: number): Promise<'serving' | number | null> {
  let exit: { code: number | null } | undefined;
  void server.exited.then((result) => (exit = result));
  for (;;) {
    if (exit) return exit.code;
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return 'serving';
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!!process.env.TEST_DATABASE_URL)('one process per embedded data folder', () => {
  it('refuses a second server and the coupon command while a server runs, and starts again after kill -9', async () => {
    const first = run('server.ts', [], PORTS[0]);
    expect(await outcome(first, PORTS[0]!)).toBe('serving');

    const second = run('server.ts', [], PORTS[1]);
    expect(await outcome(second, PORTS[1]!)).toBe(1);
    expect(second.output().stderr).toContain(
      `Another Teamline server (pid ${first.child.pid}) is using the data folder ${dataDir}; stop it first.`,
    );

    const coupon = run('scripts/coupon.ts', [
      'create',
      '--type',
      'monthly',
      '--percent',
      '20',
      '--count',
      '1',
    ]);
    expect((await coupon.exited).code).toBe(1);
    expect(coupon.output().stderr).toContain(
      `Another Teamline server (pid ${first.child.pid}) is using the data folder ${dataDir}; stop it first.`,
    );
    // The first server was not disturbed by either.
    expect((await fetch(`http://127.0.0.1:${PORTS[0]}/api/health`)).status).toBe(200);

    // kill -9 leaves the lock file behind; the next start takes it over without anyone's help.
    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(join(dataDir, DATA_FOLDER_LOCK_FILE))).toBe(true);
    const restarted = run('server.ts', [], PORTS[2]);
    expect(await outcome(restarted, PORTS[2]!)).toBe('serving');

    // A normal stop releases the folder: the coupon command (as e2e/support/coupons.ts runs it) works.
    restarted.child.kill('SIGTERM');
    expect((await restarted.exited).code).toBe(0);
    expect(existsSync(join(dataDir, DATA_FOLDER_LOCK_FILE))).toBe(false);
    const after = run('scripts/coupon.ts', [
      'create',
      '--type',
      'monthly',
      '--percent',
      '20',
      '--count',
      '1',
    ]);
    expect((await after.exited).code).toBe(0);
    expect(after.output().stdout).toMatch(/^[A-HJ-NP-Z2-9]{12}$/m);
    expect(existsSync(join(dataDir, DATA_FOLDER_LOCK_FILE))).toBe(false);
  }, 240_000);
});
