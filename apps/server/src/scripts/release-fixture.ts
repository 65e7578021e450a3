/**
 * `npx tsx apps/server/src/scripts/release-fixture.ts <data folder> <name>`: packs a data folder
 * written by an earlier release into `src/test/fixtures/<name>.tar.br` and records its row counts in
 * `<name>.json`, for the upgrade test (features/backup/upgrade.test.ts). How to make the data folder:
 * docs/decisions.md "Backups and upgrades". The database goes in as PGlite's own tarball
 * (`dumpDataDir`), the files as they are; brotli with a 16 MB window keeps the copies of PostgreSQL's
 * template databases to one.
 */
import { createReadStream } from 'node:fs';
import { readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../infra/pglite-extensions.js';
import { countRows } from '../features/backup/backup.js';
import { TarWriter } from '../features/backup/tar.js';
import { serverRoot } from '../paths.js';

const [dataDir, name] = process.argv.slice(2);
if (!dataDir || !name || !/^[a-z0-9-]+$/.test(name)) {
  console.error('usage: tsx src/scripts/release-fixture.ts <data folder> <name, e.g. release-f951e22>');
  process.exit(2);
}
const fixtures = join(serverRoot, 'src/test/fixtures');
const client = new PGlite(join(dataDir, 'db'), { extensions: pgliteExtensions });
const { tables, migrations } = await countRows(client);
const tarball = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
await client.close();

const plain = join(fixtures, `.${name}.tar`);
await rm(plain, { force: true });
const writer = await TarWriter.create(plain);
await writer.addBuffer('db.tar', tarball);
const files = (await readdir(join(dataDir, 'files')).catch(() => [] as string[])).sort();
for (const key of files) {
  const path = join(dataDir, 'files', key);
  await writer.addStream(`files/${key}`, (await stat(path)).size, createReadStream(path));
}
await writer.finish();
const packed = brotliCompressSync(readFileSync(plain), {
  params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24 },
});
await writeFile(join(fixtures, `.${name}.tar.br`), packed);
await rename(join(fixtures, `.${name}.tar.br`), join(fixtures, `${name}.tar.br`));
await rm(plain, { force: true });
await writeFile(
  join(fixtures, `${name}.json`),
  `${JSON.stringify({ migrations, files, tables }, null, 2)}\n`,
);
console.log(
  `${name}.tar.br: ${packed.length} bytes, ${Object.keys(tables).length} tables, ${files.length} files`,
);
