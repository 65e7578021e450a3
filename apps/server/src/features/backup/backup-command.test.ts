import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../paths.js';
import { verifyArchive } from './backup.js';

/**
 * The commands as an operator runs them, against a real server process on an embedded data folder:
 * `npm run backup` while the server runs gets its archive from the server; `npm run restore` is
 * refused, naming the server; with DATABASE_URL both point to docs/deploy.md.
 */
const PORT = 8312;
const dataDir = mkdtempSync(join(tmpdir(), 'teamline-backup-cmd-'));
const outDir = mkdtempSync(join(tmpdir(), 'teamline-backup-cmd-out-'));
const children: ChildProcess[] = [];

function run(script: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'apps/server/src', script), ...args],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(PORT),
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
});

describe.skipIf(!!process.env.TEST_DATABASE_URL)('npm run backup and npm run restore', () => {
  it('backs up through the running server and refuses to restore under it', async () => {
    const server = run('server.ts', []);
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) break;
      if (server.child.exitCode !== null) throw new Error(server.output().stderr);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    const backup = run('scripts/backup.ts', [outDir]);
    expect(await backup.exited).toBe(0);
    expect(backup.output().stderr).toContain(
      `A Teamline server (pid ${server.child.pid}) is running on ${dataDir}`,
    );
    const path = backup.output().stdout.trim();
    expect(readdirSync(outDir)).toEqual([path.slice(outDir.length + 1)]);
    const { manifest } = await verifyArchive(path);
    expect(manifest.tables['public.project']).toBe(0);
    // The request's files are tidied away once the outcome is read.
    expect(readdirSync(join(dataDir, 'backup-requests'))).toEqual([]);

    const restore = run('scripts/restore.ts', [path, '--force']);
    expect(await restore.exited).toBe(1);
    expect(restore.output().stderr).toContain(
      `Another Teamline server (pid ${server.child.pid}) is using the data folder ${dataDir}; stop it first.`,
    );
    expect((await fetch(`http://127.0.0.1:${PORT}/api/health`)).status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // Stopped: the command takes the folder itself.
    const offline = run('scripts/backup.ts', [outDir]);
    expect(await offline.exited).toBe(0);
    expect(readdirSync(outDir)).toHaveLength(2);
  }, 180_000);

  it('with DATABASE_URL, points to docs/deploy.md', async () => {
    const backup = run('scripts/backup.ts', [], { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
    expect(await backup.exited).toBe(2);
    expect(backup.output().stderr).toContain('npm run backup is for the embedded install');
    expect(backup.output().stderr).toContain('docs/deploy.md');
  }, 60_000);
});
