import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EmbeddedClient } from '../infra/pglite-thread.js';
import { openDatabase } from '../infra/db.js';
import { databaseUrlNamed, onDatabaseServer } from './postgres-admin.js';

/**
 * The migrated database every server test file starts from, made once per `vitest run` (global
 * setup) instead of once per file: running the migrations on a new PGlite costs ~6 s of CPU, loading
 * a dump of an already migrated one ~1 s (docs/decisions.md "One migrated template per test run").
 * On PostgreSQL it is a template database that `create database … template` copies.
 */
export type DatabaseTemplate = { kind: 'pglite'; file: string } | { kind: 'postgres'; name: string };

/**
 * What the temporary PostgreSQL databases of tests are named after: `teamline_`, or
 * TEST_DATABASE_PREFIX (several people sharing one PostgreSQL server keep theirs apart).
 */
export const databasePrefix = () => process.env.TEST_DATABASE_PREFIX ?? 'teamline_';

/** Migrates a template: a PGlite data folder dumped to a tar file, or a PostgreSQL database. */
export async function createDatabaseTemplate(): Promise<{
  template: DatabaseTemplate;
  remove: () => Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const tag = `${process.pid}_${randomBytes(4).toString('hex')}`;
  if (adminUrl) {
    const name = `${databasePrefix()}template_${tag}`;
    await onDatabaseServer(adminUrl, `create database "${name}"`);
    const database = await openDatabase({ databaseUrl: databaseUrlNamed(adminUrl, name) });
    // A template is copied only while nobody is connected to it.
    await database.close();
    return {
      template: { kind: 'postgres', name },
      remove: () => onDatabaseServer(adminUrl, `drop database if exists "${name}" with (force)`),
    };
  }
  const database = await openDatabase({ dataDir: null });
  const client = (database.connection as { client: EmbeddedClient }).client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = join(tmpdir(), `teamline-db-template-${tag}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  return { template: { kind: 'pglite', file }, remove: () => rm(file, { force: true }) };
}

/** The PGlite template's data folder, read once per test process. */
let pgliteDump: Promise<Blob> | null = null;
export function pgliteTemplateDump(file: string): Promise<Blob> {
  pgliteDump ??= readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteDump;
}
