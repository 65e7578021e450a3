import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../../infra/pglite-extensions.js';
import type { EmbeddedClient } from '../../infra/pglite-thread.js';
import type { AppConfig } from '../../config.js';
import { lockDataFolder, DATA_FOLDER_LOCK_FILE } from '../../infra/data-folder-lock.js';
import { TEMP_PREFIX } from '../../infra/storage.js';
import { migrationsFolder, serverRoot } from '../../paths.js';
import { openMember, readTarIndex, TarWriter, type TarMember } from './tar.js';

/**
 * Backups of an embedded install (docs/decisions.md "Backups and upgrades"): one plain tar holding
 * the database (PGlite's `dumpDataDir()`, a gzipped copy of its data folder taken between two
 * statements, which opens like a database after a crash: every committed transaction, nothing
 * half-done), the stored files, `secret.key` and, last, `manifest.json` with the hash of every other
 * member and the row count of every table, counted in the snapshot itself.
 */
export const MANIFEST = 'manifest.json';
export const DATABASE_MEMBER = 'db.tar.gz';
export const SECRET_KEY_MEMBER = 'secret.key';
const FILES_PREFIX = 'files/';
const ARCHIVE_NAME = /^teamline-backup-\d{8}T\d{9}Z\.tar$/;
/** The small buffer pool of the short-lived copies opened to count rows. */
const CHECK_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

export interface BackupManifest {
  format: 'teamline-backup';
  version: 1;
  createdAt: string;
  app: { version: string };
  /** Migrations applied in the snapshot, and the newest one's tag (from the journal). */
  migrations: { applied: number; last: string | null };
  /** Where the key of the secrets stored in the database lives: in the archive, or SECRET_KEY (not archived). */
  secretKey: 'archived' | 'environment' | 'none';
  /** Rows of every table (`schema.table`) in the snapshot. */
  tables: Record<string, number>;
  members: { name: string; size: number; sha256: string }[];
  /**
   * Where the stored files were: absent or `folder`, in the archive (`files/…`); `bucket`, in the
   * S3 bucket named, not in the archive (its versioning keeps them: docs/deploy.md "Backups").
   */
  files?: { in: 'folder' } | { in: 'bucket'; bucket: string };
}

/** What a backup or restore says about where the files are, when they are not in the archive. */
export const bucketNotice = (bucket: string) =>
  `The stored files are in the S3 bucket "${bucket}" (S3_BUCKET), not in this archive: keep them with the ` +
  "bucket's versioning (and replication), and restore with the bucket as it was at the backup's time " +
  '(docs/deploy.md, "Backups", "Files in a bucket").';

/** The archive is not a backup this code can restore, or does not match its manifest. */
export class BackupInvalidError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupInvalidError';
  }
}

/** Restore refused before touching anything (a folder in use or not empty). */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

const appVersion = (): string =>
  (JSON.parse(readFileSync(join(serverRoot, 'package.json'), 'utf8')) as { version: string }).version;

/** `20261128T023500123Z`: sorts by time, one per millisecond. */
export const archiveStamp = (at: Date) => at.toISOString().replace(/[-:.]/g, '');
export const archiveName = (at: Date) => `teamline-backup-${archiveStamp(at)}.tar`;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Exact row counts of every table in every schema but PostgreSQL's own, and the migrations applied. */
export async function countRows(
  client: EmbeddedClient,
): Promise<{ tables: Record<string, number>; migrations: BackupManifest['migrations'] }> {
  const { rows } = await client.query<{ schema: string; table: string }>(
    `select table_schema as schema, table_name as table from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`,
  );
  const tables: Record<string, number> = {};
  for (const { schema, table } of rows) {
    const counted = await client.query<{ n: number }>(
      `select count(*)::int as n from ${quoted(schema)}.${quoted(table)}`,
    );
    tables[`${schema}.${table}`] = counted.rows[0]!.n;
  }
  let migrations: BackupManifest['migrations'] = { applied: 0, last: null };
  if (tables['drizzle.__drizzle_migrations'] !== undefined) {
    const { rows: last } = await client.query<{ created_at: string | number }>(
      'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
    );
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: { when: number; tag: string }[];
    };
    const when = last[0] ? Number(last[0].created_at) : null;
    migrations = {
      applied: tables['drizzle.__drizzle_migrations'],
      last: when === null ? null : (journal.entries.find((e) => e.when === when)?.tag ?? `unknown (${when})`),
    };
  }
  return { tables, migrations };
}

/** Opens a database tarball in a folder of its own (no migrations), hands it to `use`, then closes it. */
async function withSnapshot<T>(folder: string, tarball: Blob, use: (client: PGlite) => Promise<T>) {
  const client = new PGlite(folder, {
    loadDataDir: tarball,
    startParams: CHECK_START_PARAMS,
    extensions: pgliteExtensions,
  });
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

async function* walk(dir: string): AsyncGenerator<string> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile() && !entry.name.startsWith(TEMP_PREFIX)) yield path;
  }
}

async function syncFolder(dir: string) {
  const handle = await open(dir, 'r').catch(() => null);
  await handle?.sync().catch(() => undefined);
  await handle?.close();
}

export interface BackupSource {
  /** The open embedded database (the server's own client, or the command's). */
  client: EmbeddedClient;
  /** DATA_DIR, for `secret.key`. */
  dataDir: string;
  filesDir: string;
  /** S3_BUCKET is set: the files live there and the archive holds none (the local folder is not theirs). */
  filesBucket: string | null;
  /** SECRET_KEY is set: the key is not in the folder and must be kept by whoever keeps the environment. */
  secretKeyFromEnvironment: boolean;
}

/** What a server's configuration backs up: its database, its data folder, its files' place, its key. */
export const backupSourceOf = (
  client: EmbeddedClient,
  config: Pick<AppConfig, 'dataDir' | 'filesDir' | 's3' | 'secretKey'>,
): BackupSource => ({
  client,
  dataDir: config.dataDir,
  filesDir: config.filesDir,
  filesBucket: config.s3?.bucket ?? null,
  secretKeyFromEnvironment: !!config.secretKey,
});

/** The counts an archive's manifest gives (the job's outcome, the commands' summary lines). */
export const backupSummary = (manifest: BackupManifest) => ({
  tables: Object.keys(manifest.tables).length,
  rows: Object.values(manifest.tables).reduce((sum, n) => sum + n, 0),
  files: manifest.members.filter((m) => m.name.startsWith(FILES_PREFIX)).length,
  bytes: manifest.members.reduce((sum, m) => sum + m.size, 0),
  ...(manifest.files?.in === 'bucket' ? { filesBucket: manifest.files.bucket } : {}),
});

/**
 * Writes one archive into `outDir` under a temporary name, renamed into place only once complete and
 * synced: a crash leaves at most a `.partial` file, never a half archive under a backup's name.
 * The database is snapshotted first, then the files are copied: a file deleted in between (a
 * deletion job right after the snapshot) is missing from the archive though the snapshot names it.
 */
export async function writeBackup(
  source: BackupSource,
  outDir: string,
  now = new Date(),
): Promise<{ path: string; manifest: BackupManifest }> {
  await mkdir(outDir, { recursive: true });
  const name = archiveName(now);
  const partial = join(outDir, `.${name}.partial`);
  const checkDir = await mkdtemp(join(outDir, '.teamline-backup-check-'));
  let writer: TarWriter | null = null;
  try {
    // A checkpoint first keeps the write-ahead log to replay on restore short.
    await source.client.exec('checkpoint');
    const tarball = await source.client.dumpDataDir('gzip');
    const counted = await withSnapshot(join(checkDir, 'db'), tarball, countRows);
    writer = await TarWriter.create(partial);
    const members: BackupManifest['members'] = [];
    const database = Buffer.from(await tarball.arrayBuffer());
    members.push({
      name: DATABASE_MEMBER,
      size: database.length,
      sha256: await writer.addBuffer(DATABASE_MEMBER, database, now),
    });
    const keyFile = join(source.dataDir, SECRET_KEY_MEMBER);
    const key = source.secretKeyFromEnvironment ? null : await readFile(keyFile).catch(() => null);
    if (key)
      members.push({
        name: SECRET_KEY_MEMBER,
        size: key.length,
        sha256: await writer.addBuffer(SECRET_KEY_MEMBER, key, now),
      });
    // With a bucket, a local `files` folder is not the install's files (a leftover from before a
    // migration to the bucket at most): archiving it would pass it off as them.
    for await (const path of source.filesBucket ? [] : walk(source.filesDir)) {
      const info = await stat(path);
      const member = FILES_PREFIX + relative(source.filesDir, path).split(sep).join('/');
      const sha256 = await writer.addStream(member, info.size, createReadStream(path), info.mtime);
      members.push({ name: member, size: info.size, sha256 });
    }
    const manifest: BackupManifest = {
      format: 'teamline-backup',
      version: 1,
      createdAt: now.toISOString(),
      app: { version: appVersion() },
      migrations: counted.migrations,
      secretKey: source.secretKeyFromEnvironment ? 'environment' : key ? 'archived' : 'none',
      tables: counted.tables,
      members,
      files: source.filesBucket ? { in: 'bucket', bucket: source.filesBucket } : { in: 'folder' },
    };
    await writer.addBuffer(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)), now);
    await writer.finish();
    writer = null;
    const path = join(outDir, name);
    await rename(partial, path);
    await syncFolder(outDir);
    return { path, manifest };
  } catch (error) {
    await writer?.abandon();
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(checkDir, { recursive: true, force: true });
  }
}

/** Deletes the oldest archives in `dir` beyond the newest `keep`; returns the names deleted. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => ARCHIVE_NAME.test(n)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(join(dir, name), { force: true });
  return old;
}

async function sha256Of(path: string, member: TarMember): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of openMember(path, member) as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}

async function readMember(path: string, member: TarMember): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of openMember(path, member) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Reads the manifest and checks every member against it (name, size, SHA-256) and that nothing else
 * is in the archive; throws BackupInvalidError saying what does not match.
 */
export async function verifyArchive(
  path: string,
): Promise<{ manifest: BackupManifest; members: TarMember[] }> {
  let members: TarMember[];
  try {
    members = await readTarIndex(path);
  } catch (error) {
    throw new BackupInvalidError(`${path} is not a readable backup: ${(error as Error).message}`);
  }
  const manifestMember = members.find((m) => m.name === MANIFEST);
  if (!manifestMember) throw new BackupInvalidError(`${path} has no ${MANIFEST}: not a Teamline backup`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse((await readMember(path, manifestMember)).toString('utf8')) as BackupManifest;
  } catch {
    throw new BackupInvalidError(`${path}: its ${MANIFEST} is damaged`);
  }
  if (manifest.format !== 'teamline-backup' || manifest.version !== 1 || !Array.isArray(manifest.members))
    throw new BackupInvalidError(`${path}: ${MANIFEST} is not a Teamline backup manifest of version 1`);
  const listed = new Set(manifest.members.map((m) => m.name));
  for (const member of members)
    if (member.name !== MANIFEST && !listed.has(member.name))
      throw new BackupInvalidError(`${path}: ${member.name} is not in the manifest`);
  for (const expected of manifest.members) {
    const member = members.find((m) => m.name === expected.name);
    if (!member) throw new BackupInvalidError(`${path}: ${expected.name} is missing`);
    if (member.size !== expected.size || (await sha256Of(path, member)) !== expected.sha256)
      throw new BackupInvalidError(`${path}: ${expected.name} does not match its manifest (damaged archive)`);
  }
  if (!members.some((m) => m.name === DATABASE_MEMBER))
    throw new BackupInvalidError(`${path} holds no database`);
  return { manifest, members };
}

/** What a restore leaves in DATA_DIR, and replaces with `force`. */
const INSTALL_ENTRIES = ['db', 'files', SECRET_KEY_MEMBER, 'outbox'];

/**
 * Restores `archive` into `dataDir` under the folder's lock (a running server or command holding it
 * refuses with DataFolderLockedError). The folder must be empty unless `force`. Everything is
 * unpacked and checked in a staging folder inside DATA_DIR first (hashes, then the database opened
 * and every table counted against the manifest); only then is the old install removed and the new
 * one renamed into place. Migrations run when a server next opens it.
 */
export async function restoreBackup(options: {
  archive: string;
  dataDir: string;
  force?: boolean;
}): Promise<{ manifest: BackupManifest }> {
  const lock = lockDataFolder(options.dataDir, 'restore command');
  const root = lock.folder;
  const stage = join(root, `.restore-${process.pid}`);
  try {
    const present = (await readdir(root)).filter(
      (name) => !name.startsWith(DATA_FOLDER_LOCK_FILE) && !name.startsWith('.restore-'),
    );
    if (present.length && !options.force)
      throw new RestoreRefusedError(
        `The data folder ${root} is not empty (${present.join(', ')}); restore into an empty folder, or pass --force to replace what is there.`,
      );
    const { manifest, members } = await verifyArchive(options.archive);
    await rm(stage, { recursive: true, force: true });
    await mkdir(stage, { recursive: true });
    const database = new Blob([
      await readMember(
        options.archive,
        members.find((m) => m.name === DATABASE_MEMBER)!,
      ),
    ]);
    const { tables } = await withSnapshot(join(stage, 'db'), database, countRows);
    const expected = Object.entries(manifest.tables ?? {});
    const wrong = [
      ...expected.filter(([table, rows]) => tables[table] !== rows).map(([table]) => table),
      ...Object.keys(tables).filter((table) => !(table in (manifest.tables ?? {}))),
    ];
    if (wrong.length)
      throw new BackupInvalidError(
        `${options.archive}: row counts differ from the manifest in ${wrong.join(', ')}`,
      );
    await mkdir(join(stage, 'files'), { recursive: true });
    for (const member of members) {
      if (member.name === SECRET_KEY_MEMBER) {
        await writeFile(join(stage, SECRET_KEY_MEMBER), await readMember(options.archive, member), {
          mode: 0o600,
        });
      } else if (member.name.startsWith(FILES_PREFIX)) {
        const target = join(stage, 'files', ...member.name.slice(FILES_PREFIX.length).split('/'));
        if (relative(join(stage, 'files'), target).startsWith('..'))
          throw new BackupInvalidError(`${options.archive}: ${member.name} points outside the files folder`);
        await mkdir(dirname(target), { recursive: true });
        await pipeline(openMember(options.archive, member), createWriteStream(target, { mode: 0o600 }));
      }
    }
    if (options.force)
      for (const name of INSTALL_ENTRIES) await rm(join(root, name), { recursive: true, force: true });
    for (const name of ['db', 'files', SECRET_KEY_MEMBER])
      await rename(join(stage, name), join(root, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    await syncFolder(root);
    return { manifest };
  } finally {
    await rm(stage, { recursive: true, force: true });
    lock.release();
  }
}
