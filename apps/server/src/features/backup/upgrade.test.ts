import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../../infra/pglite-extensions.js';
import { afterAll, describe, expect, it } from 'vitest';
import { MigrationFailedError, openDatabase } from '../../infra/db.js';
import { migrationsFolder, serverRoot } from '../../paths.js';
import { embeddedAppOn } from '../../test/embedded-app.js';
import { countRows } from './backup.js';
import { openMember, readTarIndex } from './tar.js';

/**
 * Issue 32 "Backups and upgrades": a data folder written by an earlier release (commit f951e22, last
 * migration 0023; seed:demo, its server started once, a story and a file added through its API) is
 * opened by this code: the migrations since run and every record survives. How the fixture is
 * remade: docs/decisions.md "Backups and upgrades". Embedded only (the fixture is a PGlite folder).
 */
const FIXTURE = 'release-f951e22';
const fixtures = join(serverRoot, 'src/test/fixtures');
const temporary: string[] = [];
afterAll(async () => {
  for (const dir of temporary) await rm(dir, { recursive: true, force: true });
});

interface Expected {
  migrations: { applied: number; last: string };
  files: string[];
  tables: Record<string, number>;
}
const expected = async () =>
  JSON.parse(await readFile(join(fixtures, `${FIXTURE}.json`), 'utf8')) as Expected;

/** The old release's data folder, unpacked into a new temporary DATA_DIR. */
async function unpackFixture(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'teamline-upgrade-'));
  temporary.push(dataDir);
  const tar = join(dataDir, 'fixture.tar');
  await writeFile(tar, brotliDecompressSync(await readFile(join(fixtures, `${FIXTURE}.tar.br`))));
  await mkdir(join(dataDir, 'files'));
  for (const member of await readTarIndex(tar)) {
    const chunks: Buffer[] = [];
    for await (const chunk of openMember(tar, member) as AsyncIterable<Buffer>) chunks.push(chunk);
    const bytes = Buffer.concat(chunks);
    if (member.name === 'db.tar') {
      const client = new PGlite(join(dataDir, 'db'), {
        loadDataDir: new Blob([bytes]),
        extensions: pgliteExtensions,
      });
      await client.close();
    } else await writeFile(join(dataDir, member.name), bytes);
  }
  await rm(tar);
  return dataDir;
}

const journalTags = async () =>
  (
    JSON.parse(await readFile(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    }
  ).entries.map((e) => e.tag);

describe.skipIf(!!process.env.TEST_DATABASE_URL)('a data folder of an earlier release', () => {
  it('is migrated at start and keeps every record and file', async () => {
    const fixture = await expected();
    const dataDir = await unpackFixture();
    const database = await openDatabase({
      dataDir: join(dataDir, 'db'),
      lock: { folder: dataDir, holder: 'test' },
    });
    if (database.connection.kind !== 'pglite') throw new Error('embedded only');
    const now = await countRows(database.connection.client);
    await database.close();
    const tags = await journalTags();
    expect(now.migrations).toEqual({ applied: tags.length, last: tags[tags.length - 1] });
    expect(fixture.migrations.applied).toBeLessThan(tags.length);
    // Every table of the old release holds the rows it held (the migrations' own table grew).
    for (const [table, rows] of Object.entries(fixture.tables))
      if (table !== 'drizzle.__drizzle_migrations')
        expect({ table, rows: now.tables[table] }).toEqual({ table, rows });

    // Served by this release: sign in with the demo account, read the old story and file back.
    const app = await embeddedAppOn(dataDir);
    try {
      const login = await app.app.inject({
        method: 'POST',
        url: '/api/auth/login/general',
        payload: { email: 'admin@demo.teamline.test', password: 'teamline-demo-1' },
      });
      expect(login.statusCode).toBe(201);
      const headers = { authorization: `Bearer ${login.json().data.key}` };
      const story = await app.app.inject({ method: 'GET', url: '/api/story/13', headers });
      expect(story.json().data).toMatchObject({ title: 'Made by the old release', projectIdx: 1 });
      const file = await app.app.inject({ method: 'GET', url: '/api/file?fileIdx=1', headers });
      expect(file.statusCode).toBe(200);
      expect(Buffer.compare(file.rawPayload, await readFile(join(dataDir, 'files', fixture.files[0]!)))).toBe(
        0,
      );
    } finally {
      await app.stop();
    }
  }, 180_000);

  it('a failing migration leaves the database as it was and names the migration and statement', async () => {
    const fixture = await expected();
    const dataDir = await unpackFixture();
    // This release's migrations plus a planted one whose second statement fails.
    const planted = join(dataDir, 'migrations');
    await cp(migrationsFolder, planted, { recursive: true });
    const tags = await journalTags();
    const tag = `${String(tags.length).padStart(4, '0')}_planted_failure`;
    await writeFile(
      join(planted, `${tag}.sql`),
      'CREATE TABLE "planted" ("x" integer);\n--> statement-breakpoint\nINSERT INTO "planted" VALUES (\'not a number\');',
    );
    const journalPath = join(planted, 'meta/_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: object[] };
    journal.entries.push({ idx: tags.length, version: '7', when: Date.now(), tag, breakpoints: true });
    await writeFile(journalPath, JSON.stringify(journal));

    const failed = await openDatabase({
      dataDir: join(dataDir, 'db'),
      lock: { folder: dataDir, holder: 'test' },
      migrationsFolder: planted,
    }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(MigrationFailedError);
    expect((failed as Error).message).toMatch(
      new RegExp(
        `^Migration ${tag} failed at its statement 2: invalid input syntax for type integer: "not a number"\\. No migration .*as it was before it\\.$`,
      ),
    );

    // As the old release left it: its migrations only, no table of a later one, every row in place.
    const client = new PGlite(join(dataDir, 'db'), { extensions: pgliteExtensions });
    const after = await countRows(client);
    await client.close();
    expect(after.migrations).toEqual(fixture.migrations);
    expect(after.tables).toEqual(fixture.tables);
  }, 180_000);
});
