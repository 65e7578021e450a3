import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../../infra/pglite-extensions.js';
import { afterAll, describe, expect, it } from 'vitest';
import { DataFolderLockedError } from '../../infra/data-folder-lock.js';
import { api, planningFixture } from '../../test/planning-fixture.js';
import { embeddedAppOn } from '../../test/embedded-app.js';
import { startS3Fake } from '../../test/s3-fake.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { BACKUP_SCHEDULED_JOB } from './backup.job.js';
import { pngOf, uploaded } from '../../test/upload.js';
import { awaitBackupOutcome, fileBackupRequest } from './backup-request.js';
import {
  BackupInvalidError,
  bucketNotice,
  countRows,
  DATABASE_MEMBER,
  pruneBackups,
  RestoreRefusedError,
  restoreBackup,
  verifyArchive,
} from './backup.js';
import { readTarIndex } from './tar.js';

/**
 * Issue 32 "Backups and upgrades": an embedded install backed up while its server runs (the server
 * writes the archive as a durable job, asked for the way `npm run backup` asks), its folder wiped,
 * restored, and served again with every record and file. Embedded only: with TEST_DATABASE_URL the
 * install is PostgreSQL's, whose backups are PostgreSQL's own.
 */
const temporary: string[] = [];
const tempDir = async (name: string) => {
  const dir = await mkdtemp(join(tmpdir(), `teamline-${name}-`));
  temporary.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of temporary) await rm(dir, { recursive: true, force: true });
});

async function fileHashes(dir: string): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const name of await readdir(dir).catch(() => [] as string[]))
    hashes[name] = createHash('sha256')
      .update(await readFile(join(dir, name)))
      .digest('hex');
  return hashes;
}

/** The file reads back whole through the API on this (restored) app, byte for byte. */
async function expectDownload(t: TestApp, key: string, fileIdx: number, bytes: Buffer) {
  const download = await t.app.inject({
    method: 'GET',
    url: `/api/file?fileIdx=${fileIdx}`,
    headers: { authorization: `Bearer ${key}` },
  });
  expect(download.statusCode).toBe(200);
  expect(Buffer.compare(download.rawPayload, bytes)).toBe(0);
}

async function liveCounts(t: TestApp) {
  if (t.database.connection.kind !== 'pglite') throw new Error('embedded only');
  return (await countRows(t.database.connection.client)).tables;
}
/** pg-boss's own tables change while the backup job itself runs; the app's tables do not. */
const appTables = (counts: Record<string, number>) =>
  Object.fromEntries(Object.entries(counts).filter(([table]) => !table.startsWith('pgboss.')));

describe.skipIf(!!process.env.TEST_DATABASE_URL)('backup and restore of an embedded install', () => {
  it('backs up a running server, restores into a wiped folder, and the app serves every record and file', async () => {
    const dataDir = await tempDir('backup-data');
    const outDir = await tempDir('backup-out');
    const server = await embeddedAppOn(dataDir);
    const call = api(server);
    const f = await planningFixture(server, 'bk');
    const milestone = (
      await call('POST', '/milestone', f.admin.key, { projectIdx: f.projectA, title: 'Launch' })
    ).json().data.milestoneIdx as number;
    const storyIdxs: number[] = [];
    for (const title of ['Sign-in page', 'Billing screen', 'Backups'])
      storyIdxs.push(
        (
          await call('POST', '/story', f.admin.key, {
            projectIdx: f.projectA,
            milestoneIdx: milestone,
            title,
          })
        ).json().data.storyIdx as number,
      );
    const png = pngOf(4_000);
    const fileIdx = await uploaded(server, f.admin.key, png, 'diagram.png', f.projectA);
    await server.app.ctx.events.idle();
    // The folder's key of stored secrets, as the GitHub and two-factor ciphers make it.
    await writeFile(join(dataDir, 'secret.key'), 'k'.repeat(64), { mode: 0o600 });

    const before = appTables(await liveCounts(server));
    const files = await fileHashes(join(dataDir, 'files'));
    expect(Object.keys(files)).toHaveLength(1);
    expect(before['public.story']).toBeGreaterThanOrEqual(3);

    // `npm run backup` while the server runs: a request file, the server's durable job, the outcome.
    const request = await fileBackupRequest(dataDir, outDir);
    const outcome = await awaitBackupOutcome(dataDir, request.id, 60_000);
    expect(outcome).toMatchObject({ ok: true, files: 1 });
    if (!outcome?.ok) throw new Error('no backup');
    const archive = outcome.path;
    expect(archive.startsWith(outDir)).toBe(true);
    // Written under a temporary name and renamed: nothing else is left in the folder.
    expect(await readdir(outDir)).toEqual([archive.slice(outDir.length + 1)]);
    const { manifest } = await verifyArchive(archive);
    expect(appTables(manifest.tables)).toEqual(before);
    expect(manifest.migrations.last).toMatch(/^\d{4}_/);
    expect(manifest.secretKey).toBe('archived');
    expect(manifest.members.map((m) => m.name).sort()).toEqual(
      [DATABASE_MEMBER, 'secret.key', ...Object.keys(files).map((key) => `files/${key}`)].sort(),
    );

    // The folder is the server's: a restore is refused and nothing is touched.
    await expect(restoreBackup({ archive, dataDir, force: true })).rejects.toBeInstanceOf(
      DataFolderLockedError,
    );
    expect((await call('GET', `/story/${storyIdxs[0]}`, f.admin.key)).statusCode).toBe(200);

    await server.stop();
    await rm(dataDir, { recursive: true, force: true });

    const restored = await restoreBackup({ archive, dataDir });
    expect(restored.manifest.createdAt).toBe(manifest.createdAt);
    expect(await fileHashes(join(dataDir, 'files'))).toEqual(files);
    expect(await readFile(join(dataDir, 'secret.key'), 'utf8')).toBe('k'.repeat(64));
    expect((await stat(join(dataDir, 'secret.key'))).mode & 0o777).toBe(0o600);

    // Every table as it was (counted before a server starts and adds its own start-up rows).
    const opened = new PGlite(join(dataDir, 'db'), { extensions: pgliteExtensions });
    expect(appTables((await countRows(opened)).tables)).toEqual(before);
    await opened.close();

    // Served again: the stories and the file read back through the API.
    const again = await embeddedAppOn(dataDir);
    try {
      const read = api(again);
      const story = await read('GET', `/story/${storyIdxs[2]}`, f.admin.key);
      expect(story.statusCode).toBe(200);
      expect(story.json().data.title).toBe('Backups');
      const listed = (await read('GET', `/milestone/stories?milestoneIdx=${milestone}`, f.admin.key)).json()
        .data as { storyIdx: number }[];
      expect(listed.map((s) => s.storyIdx).sort()).toEqual([...storyIdxs].sort());
      await expectDownload(again, f.admin.key, fileIdx, png);
    } finally {
      await again.stop();
    }

    // A folder that is not empty is replaced only when asked to.
    await expect(restoreBackup({ archive, dataDir })).rejects.toBeInstanceOf(RestoreRefusedError);
    await restoreBackup({ archive, dataDir, force: true });
    expect(await fileHashes(join(dataDir, 'files'))).toEqual(files);

    // One changed byte inside the database member: refused by the manifest check, the folder untouched.
    const damaged = join(outDir, 'damaged.tar');
    await copyFile(archive, damaged);
    const member = (await readTarIndex(damaged)).find((m) => m.name === DATABASE_MEMBER)!;
    const handle = await open(damaged, 'r+');
    const byte = Buffer.alloc(1);
    await handle.read(byte, 0, 1, member.offset + Math.floor(member.size / 2));
    byte[0] = byte[0]! ^ 0xff;
    await handle.write(byte, 0, 1, member.offset + Math.floor(member.size / 2));
    await handle.close();
    const empty = await tempDir('backup-damaged');
    await expect(restoreBackup({ archive: damaged, dataDir: empty })).rejects.toThrow(
      new BackupInvalidError(`${damaged}: ${DATABASE_MEMBER} does not match its manifest (damaged archive)`),
    );
    expect(await readdir(empty)).toEqual([]);
  }, 180_000);

  it('files in a bucket: the archive holds none and says so, and the restored install reads them from the bucket', async () => {
    const s3 = await startS3Fake(['teamline-files']);
    const bucket = { s3: s3.config('teamline-files') };
    const dataDir = await tempDir('backup-s3-data');
    const outDir = await tempDir('backup-s3-out');
    try {
      const server = await embeddedAppOn(dataDir, bucket);
      const f = await planningFixture(server, 'bs');
      const png = pngOf(3_000);
      const fileIdx = await uploaded(server, f.admin.key, png, 'in-bucket.png', f.projectA);
      await server.app.ctx.events.idle();
      // A leftover of the local folder (from before `files:migrate`) is not the install's files.
      await mkdir(join(dataDir, 'files'), { recursive: true });
      await writeFile(join(dataDir, 'files', 'leftover'), 'old');

      const request = await fileBackupRequest(dataDir, outDir);
      const outcome = await awaitBackupOutcome(dataDir, request.id, 60_000);
      expect(outcome).toMatchObject({ ok: true, files: 0, filesBucket: 'teamline-files' });
      if (!outcome?.ok) throw new Error('no backup');
      const { manifest } = await verifyArchive(outcome.path);
      expect(manifest.files).toEqual({ in: 'bucket', bucket: 'teamline-files' });
      expect(manifest.members.filter((m) => m.name.startsWith('files/'))).toEqual([]);
      expect(bucketNotice('teamline-files')).toContain('docs/deploy.md');

      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
      await restoreBackup({ archive: outcome.path, dataDir });
      expect(await readdir(join(dataDir, 'files'))).toEqual([]);
      const again = await embeddedAppOn(dataDir, bucket);
      try {
        await expectDownload(again, f.admin.key, fileIdx, png);
      } finally {
        await again.stop();
      }
    } finally {
      await s3.close();
    }
  }, 180_000);

  it('BACKUP_DIR: the scheduled job writes an archive and keeps the newest BACKUP_KEEP', async () => {
    const dir = await tempDir('backup-scheduled');
    const old = ['20261101T024300000Z', '20261102T024300000Z'].map((at) => `teamline-backup-${at}.tar`);
    for (const name of old) await writeFile(join(dir, name), 'x');
    const t = await createTestApp({ config: { backup: { dir, keep: 2 } } });
    try {
      await t.app.ctx.jobs.send(BACKUP_SCHEDULED_JOB, {});
      await t.app.ctx.jobs.idle(BACKUP_SCHEDULED_JOB, 60_000);
      const names = (await readdir(dir)).sort();
      expect(names).toHaveLength(2);
      expect(names[0]).toBe(old[1]);
      expect((await verifyArchive(join(dir, names[1]!))).manifest.tables['public.project']).toBe(0);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('keeps the newest BACKUP_KEEP archives and ignores other files', async () => {
    const dir = await tempDir('backup-prune');
    const names = [1, 2, 3, 4].map((day) => `teamline-backup-2026110${day}T030000000Z.tar`);
    for (const name of [...names, 'notes.txt', '.teamline-backup-20261105T030000000Z.tar.partial'])
      await writeFile(join(dir, name), 'x');
    expect(await pruneBackups(dir, 2)).toEqual(names.slice(0, 2));
    expect((await readdir(dir)).sort()).toEqual(
      ['.teamline-backup-20261105T030000000Z.tar.partial', 'notes.txt', ...names.slice(2)].sort(),
    );
  });

  it('counts rows from the snapshot, not the live database: an open transaction is not in it', async () => {
    const dir = await tempDir('backup-snapshot');
    const client = new PGlite(join(dir, 'db'), { extensions: pgliteExtensions });
    await client.exec('create table t (x int); insert into t select generate_series(1, 10)');
    await client.exec('begin; insert into t values (11)');
    const tarball = await client.dumpDataDir('gzip');
    await client.exec('commit');
    await client.close();
    const copy = new PGlite(join(dir, 'copy'), { loadDataDir: tarball, extensions: pgliteExtensions });
    expect((await countRows(copy)).tables['public.t']).toBe(10);
    await copy.close();
  }, 120_000); // A new data folder (initdb), a gzip dump and a load: 8 s alone, past 30 s under npm test's load.
});
