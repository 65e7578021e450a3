/**
 * The embedded database on its own thread or on the request thread (issue 35): the calls the issue
 * names, on one process's embedded database, with PGLITE_THREAD=main or worker. Run both back to back
 * (the machine is shared: compare ratios of neighbouring runs):
 *
 *   PGLITE_THREAD=main npx tsx bench/db-thread.ts; PGLITE_THREAD=worker npx tsx bench/db-thread.ts
 *
 * Parts: health alone; timeline (5,000 stories) 1 and 20 connections; dashboard (benchDashboard);
 * settlement client view 50 professionals (benchSettlement); health while the settlement is read by
 * 20 connections; mixed load (50 virtual users) with health asked alongside. Last line: JSON.
 * BENCH_SECONDS (default 10) per load part.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { embeddedThreadFromEnv } from '../src/infra/db.js';
import { createMemberRepository } from '../src/features/account-store/member.repository.js';
import { hashPassword } from '../src/shared/crypto.js';
import { localClient } from '../src/features/session/device-cookie.js';
import { createPlanningVersionRepository } from '../src/features/planning-store/planning-version.repository.js';
import { benchDashboard } from './dashboard.js';
import { formatLoad, load, type LoadResult } from './http-load.js';
import { formatMixed, mixedLoad } from './mixed-load.js';
import { seedPlanning } from './seed-planning.js';
import { settleStatistics } from './settle-statistics.js';
import { benchSettlement } from './settlement.js';

const MAX_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
const thread = embeddedThreadFromEnv();

const dir = await mkdtemp(join(tmpdir(), 'teamline-bench-thread-'));
const config = {
  ...loadConfig({}),
  dataDir: dir,
  databaseDir: join(dir, 'db'),
  outboxDir: join(dir, 'outbox'),
  filesDir: join(dir, 'files'),
  databaseUrl: undefined,
  linkPreview: false,
  rateLimit: false,
  webDist: join(dir, 'none'),
  delayJobMs: 0,
  embeddedSharedBuffersMb: 64,
};
const started = performance.now();
const app = await buildApp(config, { logger: false });
await app.ready();
const readyMs = performance.now() - started;
console.log(`PGLITE_THREAD=${thread}: app ready in ${Math.round(readyMs)} ms`);
const out: Record<string, unknown> = { thread, readyMs };
try {
  const { services } = app;
  const member = await createMemberRepository(app.ctx.database.db).insert({
    email: 'bench@example.com',
    passwordHash: await hashPassword('bench-password-1'),
    name: 'Bench',
    nickname: 'bench',
    phone: '0100',
  });
  const session = await services.auth.startSession(member.memberIdx, localClient());
  const actor = (await services.auth.authenticate(session.key))!;
  const headers = { authorization: `Bearer ${session.key}` };
  const big = await services.project.create(actor, { name: 'Timeline', isClient: false });
  const admin = await services.project.membershipOf(actor, big.projectIdx);
  const seedStart = performance.now();
  const seeded = await seedPlanning(app.ctx.database.db, big.projectIdx, admin.memberInProjectIdx);
  out.seedMs = performance.now() - seedStart;
  console.log(`  seeded ${seeded.storyCount} stories in ${Math.round(out.seedMs as number)} ms`);
  await settleStatistics(app, 'the planning seed');
  await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const line = (name: string, r: LoadResult) => {
    console.log(formatLoad(`  ${name}`, r));
    out[name] = { p50: r.p50, p95: r.p95, p99: r.p99, rps: r.rps, errors: r.errors, count: r.count };
  };

  await load({ url: `${base}/api/health`, connections: 1, maxRequests: 200, maxMs: 3000 });
  line(
    'health 1 conn',
    await load({ url: `${base}/api/health`, connections: 1, maxRequests: 500, maxMs: MAX_MS }),
  );
  const timeline = `${base}/api/milestone/timeline?projectIdx=${big.projectIdx}`;
  await load({ url: timeline, headers, connections: 2, maxRequests: 40, maxMs: MAX_MS });
  line(
    'timeline 1 conn',
    await load({ url: timeline, headers, connections: 1, maxRequests: 100, maxMs: MAX_MS }),
  );
  line(
    'timeline 20 conn',
    await load({ url: timeline, headers, connections: 20, maxRequests: 3000, maxMs: MAX_MS }),
  );

  const dashboard = await benchDashboard(app, {
    projectIdx: big.projectIdx,
    headers,
    port,
    connections: 20,
    maxMs: MAX_MS,
  });
  out.dashboard = { cold: dashboard.cold, sequential: dashboard.sequential };
  line('dashboard 20 conn', dashboard.concurrent);

  // Health asked by one client while one slow call after another is in flight: the dashboard
  // recomputed after a planning change (~100 ms of SQL each), from this process, one at a time.
  const versions = createPlanningVersionRepository(app.ctx.database.db);
  let slowCalls = 0;
  const slowUntil = performance.now() + MAX_MS;
  const slow = (async () => {
    while (performance.now() < slowUntil) {
      await versions.bump(big.projectIdx);
      const res = await app.inject({
        method: 'GET',
        url: `/api/dashboard?projectIdx=${big.projectIdx}`,
        headers,
      });
      if (res.statusCode !== 200) throw new Error(`dashboard: HTTP ${res.statusCode}`);
      slowCalls++;
    }
  })();
  const healthSlow = await load({
    url: `${base}/api/health`,
    connections: 1,
    maxRequests: 100_000,
    maxMs: MAX_MS,
  });
  await slow;
  out.slowCalls = slowCalls;
  line(`health during ${slowCalls} cold dashboards`, healthSlow);
  out['health during slow call'] = out[`health during ${slowCalls} cold dashboards`];

  // BENCH_CPU_PROF=<file>: the main thread's profile of the settlement part (200 reads by 20
  // connections after 60 one at a time), written as a .cpuprofile.
  const profile = process.env.BENCH_CPU_PROF;
  const inspector = profile ? new Session() : null;
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      inspector!.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  if (inspector) {
    inspector.connect();
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 500 });
    await post('Profiler.start');
  }
  const settlement = await benchSettlement(app, {
    projectIdx: big.projectIdx,
    adminMip: admin.memberInProjectIdx,
    headers,
    port,
    connections: 20,
    maxMs: MAX_MS,
  });
  if (inspector) {
    const { profile: data } = (await post('Profiler.stop')) as { profile: object };
    await writeFile(profile!, JSON.stringify(data));
    inspector.disconnect();
  }
  out.settlement = { first: settlement.first, sequential: settlement.sequential };
  line('settlement 20 conn', settlement.concurrent);

  // Health asked by one client while 20 connections read the settlement (as long as they run).
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const month = `${first.getUTCFullYear()}${String(first.getUTCMonth() + 1).padStart(2, '0')}`;
  const settlementUrl = `${base}/api/settlement?projectIdx=${big.projectIdx}&month=${month}`;
  const [busy, health] = await Promise.all([
    load({ url: settlementUrl, headers, connections: 20, maxRequests: 100_000, maxMs: MAX_MS }),
    load({ url: `${base}/api/health`, connections: 1, maxRequests: 100_000, maxMs: MAX_MS }),
  ]);
  line('settlement 20 conn (with health)', busy);
  line('health during settlement 20 conn', health);

  const days = Array.from({ length: 200 }, (_, i) =>
    new Date(Date.now() - (100 + i) * 86_400_000).toISOString().slice(0, 10).replaceAll('-', ''),
  );
  const [mixed, healthMixed] = await Promise.all([
    mixedLoad({
      base,
      headers,
      users: Number(process.env.BENCH_MIXED_USERS ?? 50),
      maxMs: MAX_MS,
      projectIdx: big.projectIdx,
      storyIdxs: seeded.storyIdxs.slice(0, 2000),
      days,
    }),
    load({ url: `${base}/api/health`, connections: 1, maxRequests: 100_000, maxMs: MAX_MS }),
  ]);
  console.log(formatMixed('mixed load', mixed));
  out.mixed = mixed.calls;
  line('health during mixed load', healthMixed);
  out.rssMb = process.memoryUsage().rss / 2 ** 20;
} finally {
  await app.close();
  await rm(dir, { recursive: true, force: true });
}
console.log(`RESULT ${JSON.stringify(out)}`);
