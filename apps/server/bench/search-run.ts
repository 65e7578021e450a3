/**
 * `npm run bench:search`: the search part of `npm run bench` alone (bench/search.ts), on embedded
 * PGlite and, when reachable, PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the
 * local test server; a fresh database is created and dropped). BENCH_DATABASES=pglite (or
 * postgres) runs one database only.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createMemberRepository } from '../src/features/account-store/member.repository.js';
import { localClient } from '../src/features/session/device-cookie.js';
import { freshPostgres } from './fresh-postgres.js';
import { benchSearch, type SearchBench } from './search.js';

const DATABASES = process.env.BENCH_DATABASES ?? 'pglite,postgres';

async function run(label: string, databaseUrl: string | undefined): Promise<SearchBench> {
  const dir = await mkdtemp(join(tmpdir(), 'teamline-bench-search-'));
  const app = await buildApp(
    {
      ...loadConfig({}),
      dataDir: dir,
      databaseDir: join(dir, 'db'),
      outboxDir: join(dir, 'outbox'),
      filesDir: join(dir, 'files'),
      databaseUrl,
      linkPreview: false,
      rateLimit: false,
      webDist: join(dir, 'none'),
      delayJobMs: 0,
      embeddedSharedBuffersMb: 64,
    },
    { logger: false },
  );
  await app.ready();
  console.log(`\n${label}`);
  try {
    const member = await createMemberRepository(app.ctx.database.db).insert({
      email: 'bench@example.com',
      name: 'Bench',
      nickname: 'bench',
      phone: '0100',
    });
    const session = await app.services.auth.startSession(member.memberIdx, localClient());
    const actor = (await app.services.auth.authenticate(session.key))!;
    const project = await app.services.project.create(actor, { name: 'Search', isClient: false });
    return await benchSearch(app, {
      projectIdx: project.projectIdx,
      memberIdx: member.memberIdx,
      headers: { authorization: `Bearer ${session.key}` },
    });
  } finally {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (DATABASES.includes('pglite')) await run('PGlite (embedded)', undefined);
const postgres = DATABASES.includes('postgres') ? await freshPostgres() : null;
if (postgres) {
  try {
    await run('PostgreSQL', postgres.url);
  } finally {
    await postgres.drop();
  }
}
