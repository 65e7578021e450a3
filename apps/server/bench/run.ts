/**
 * `npm run bench`: figures, not a test. Everything runs on this machine over loopback, bounded in
 * count and time.
 *  1. A bare Fastify "hello" route over real HTTP: the ceiling of this machine.
 *  2. Per database — embedded PGlite, and PostgreSQL when reachable (BENCH_DATABASE_URL, else
 *     TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; a fresh database is created
 *     and dropped) — request latency through the whole stack with app.inject, then GET
 *     /milestone/timeline over real HTTP on a seeded project (100 milestones, 5,000 stories,
 *     20 members, 50,000 history records): one connection, then 20 concurrent connections; GET
 *     /member (an authenticated light read) with 200 connections, beside bare Fastify with 200;
 *     the timeline with 200 connections for BENCH_LONG_SECONDS (30), counting errors and requests
 *     unanswered after 10 s; the dashboard; the settlement client view (50 professionals × 22 days × 5 entries); and
 *     (embedded) the process's RSS after it all; an offline AI timeline from a 100-page PDF
 *     (`bench/ai-timeline.ts`: ms to the draft, p95 of a light GET meanwhile).
 *  3. Settlement exports (`bench/settlement-export.ts`, first, before any database grows the
 *     process): CSV of 100,000 lines streamed (ms, peak RSS) and over HTTP, PDF of 1,000 lines.
 *  4. Per database: a mixed load (`bench/mixed-load.ts`: 50 virtual users on the timeline,
 *     dashboard, story, comment and time entry calls; p95 and errors per call) and the growth table
 *     (`bench/growth.ts`: timeline, dashboard, history and settlement as the project and team grow;
 *     BENCH_GROWTH=0 skips it).
 * Tune with BENCH_REQUESTS, BENCH_CONCURRENCY (inject part), BENCH_TIMELINE_REQUESTS, BENCH_SECONDS,
 * BENCH_LONG_SECONDS; BENCH_DATABASES=pglite (or postgres) runs one database only.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { buildApp } from '../src/app.js';
import { bufferPoolMbFor, databaseOnDisk } from '../src/infra/pglite-buffer-pool.js';
import { loadConfig } from '../src/config.js';
import { createMemberRepository } from '../src/features/account-store/member.repository.js';
import { hashPassword } from '../src/shared/crypto.js';
import { benchAiTimeline } from './ai-timeline.js';
import { benchDashboard } from './dashboard.js';
import { benchSettlementExport } from './settlement-export.js';
import { formatLoad, load, type LoadResult } from './http-load.js';
import { changeStory, seedPlanning } from './seed-planning.js';
import { freshPostgres } from './fresh-postgres.js';
import { SEARCH_DOCUMENTS, SEARCH_STORIES, benchSearch } from './search.js';
import { settleStatistics } from './settle-statistics.js';
import { benchSettlement } from './settlement.js';
import { benchWebhooks } from './webhooks.js';
import { benchGrowth, formatGrowth } from './growth.js';
import { formatMixed, mixedLoad } from './mixed-load.js';
import { localClient } from '../src/features/session/device-cookie.js';

const N = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const TIMELINE_REQUESTS = Number(process.env.BENCH_TIMELINE_REQUESTS ?? 3000);
const MAX_MS = Number(process.env.BENCH_SECONDS ?? 15) * 1000;
const LONG_MS = Number(process.env.BENCH_LONG_SECONDS ?? 30) * 1000;
const DATABASES = process.env.BENCH_DATABASES ?? 'pglite,postgres';
const CONNECTIONS = 20;
const MANY = 200;
const MIXED_USERS = Number(process.env.BENCH_MIXED_USERS ?? 50);

type Percentiles = { p50: number; p95: number; p99: number };

async function measure(
  name: string,
  count: number,
  run: (i: number) => Promise<{ statusCode: number }>,
): Promise<Percentiles> {
  const times: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++;
        const s = performance.now();
        const res = await run(i);
        if (res.statusCode >= 400) throw new Error(`${name}: HTTP ${res.statusCode}`);
        times.push(performance.now() - s);
      }
    }),
  );
  const total = performance.now() - t0;
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
  const f = (p: number) => pct(p).toFixed(1).padStart(7);
  console.log(
    `  ${name.padEnd(32)} n=${String(count).padStart(5)}  p50 ${f(50)} ms  p95 ${f(95)} ms  p99 ${f(99)} ms  ${Math.round((count / total) * 1000)} req/s (inject)`,
  );
  return { p50: pct(50), p95: pct(95), p99: pct(99) };
}

async function hello(connections: number): Promise<LoadResult> {
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  try {
    await load({
      url: `http://127.0.0.1:${port}/hello`,
      connections,
      maxRequests: 2000,
      maxMs: 3000,
    });
    return await load({
      url: `http://127.0.0.1:${port}/hello`,
      connections,
      maxRequests: 10_000_000,
      maxMs: MAX_MS,
    });
  } finally {
    await app.close();
  }
}

async function benchDatabase(label: string, databaseUrl: string | undefined) {
  const dir = await mkdtemp(join(tmpdir(), 'teamline-bench-'));
  const config = {
    ...loadConfig({}),
    dataDir: dir,
    databaseDir: join(dir, 'db'),
    outboxDir: join(dir, 'outbox'),
    filesDir: join(dir, 'files'),
    databaseUrl,
    linkPreview: false,
    // The bench measures sign-in speed from one address; the limits would refuse it by design.
    rateLimit: false,
    webDist: join(dir, 'none'),
    delayJobMs: 0,
    // The webhook part's receivers listen on this machine.
    outboundAllowPrivate: true,
    // What a server started on the bench's database takes (its size is printed at the end: 29 MB).
    embeddedSharedBuffersMb: 64,
  };
  const started = performance.now();
  const app = await buildApp(config, { logger: false });
  await app.ready();
  console.log(`\n${label}: app ready in ${Math.round(performance.now() - started)} ms`);
  try {
    const { services } = app;
    const memberRepo = createMemberRepository(app.ctx.database.db);
    const password = 'bench-password-1';
    const member = await memberRepo.insert({
      email: 'bench@example.com',
      passwordHash: await hashPassword(password),
      name: 'Bench',
      nickname: 'bench',
      phone: '0100',
    });
    const session = await services.auth.startSession(member.memberIdx, localClient());
    const actor = (await services.auth.authenticate(session.key))!;
    const project = await services.project.create(actor, { name: 'Bench', isClient: false });
    for (let i = 0; i < 50; i++)
      await services.link.create(actor, { url: `https://bench${i}.test`, projectIdx: project.projectIdx });
    const headers = { authorization: `Bearer ${session.key}` };

    await measure('GET /health', N, () => app.inject({ method: 'GET', url: '/api/health' }));
    await measure('GET /member', N, () => app.inject({ method: 'GET', url: '/api/member', headers }));
    await measure('GET /link (50 links)', N, () =>
      app.inject({ method: 'GET', url: `/api/link?projectIdx=${project.projectIdx}`, headers }),
    );
    await measure('POST /link', N, (i) =>
      app.inject({
        method: 'POST',
        url: '/api/link',
        headers,
        payload: { url: `https://n${i}.test`, projectIdx: project.projectIdx },
      }),
    );
    // scrypt dominates login by design; fewer rounds keep the run short.
    await measure('POST /auth/login/general', Math.min(N, 50), () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login/general',
        payload: { email: 'bench@example.com', password },
      }),
    );

    const big = await services.project.create(actor, { name: 'Timeline', isClient: false });
    const admin = await services.project.membershipOf(actor, big.projectIdx);
    const seedStart = performance.now();
    const seeded = await seedPlanning(app.ctx.database.db, big.projectIdx, admin.memberInProjectIdx);
    console.log(
      `  seeded ${seeded.milestoneCount} milestones, ${seeded.storyCount} stories, ${seeded.memberCount} members, 50000 history records in ${Math.round(performance.now() - seedStart)} ms`,
    );
    await settleStatistics(app, 'the planning seed');
    // One story's list again and again (the figure of issue 10; on PGlite the list is then kept in
    // memory, features/history/history-cache.ts), then each of N other stories once: what a story's
    // first read costs, from the database on both.
    const history = await measure('GET /history/story (10 records)', N, () =>
      app.inject({ method: 'GET', url: `/api/history/story?storyIdx=${seeded.storyCount}`, headers }),
    );
    const historyFirstReads = await measure('GET /history/story, each once', N, (i) =>
      app.inject({ method: 'GET', url: `/api/history/story?storyIdx=${seeded.storyCount - 1 - i}`, headers }),
    );

    // Cold: a story edited before every read, so each one rebuilds what the edit touched (the first read after an edit).
    const cold: number[] = [];
    for (let i = 0; i < 30; i++) {
      await changeStory(
        app.ctx.database.db,
        big.projectIdx,
        seeded.storyIdxs[(i * 7919) % seeded.storyCount]!,
        i,
      );
      const s = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: `/api/milestone/timeline?projectIdx=${big.projectIdx}`,
        headers,
      });
      if (res.statusCode !== 200) throw new Error(`timeline: HTTP ${res.statusCode}`);
      cold.push(performance.now() - s);
    }
    cold.sort((a, b) => a - b);
    console.log(
      `  GET /milestone/timeline cold (recomputed each time, inject, 1 at a time): p50 ${cold[15]!.toFixed(1)} ms  p95 ${cold[28]!.toFixed(1)} ms  (${Math.round(cold.length)} reads)`,
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/api/milestone/timeline?projectIdx=${big.projectIdx}`;
    const warm = await load({ url, headers, connections: 2, maxRequests: 40, maxMs: MAX_MS });
    if (warm.errors) throw new Error(`timeline answered ${warm.errors} errors`);
    const single = await load({ url, headers, connections: 1, maxRequests: 100, maxMs: MAX_MS });
    console.log(formatLoad('  GET /milestone/timeline  1 conn', single));
    const concurrent = await load({
      url,
      headers,
      connections: CONNECTIONS,
      maxRequests: TIMELINE_REQUESTS,
      maxMs: MAX_MS,
    });
    console.log(formatLoad(`  GET /milestone/timeline ${CONNECTIONS} conn`, concurrent));
    const base = `http://127.0.0.1:${port}`;
    await load({ url: `${base}/api/member`, headers, connections: MANY, maxRequests: 2000, maxMs: 3000 });
    const memberLoad = await load({
      url: `${base}/api/member`,
      headers,
      connections: MANY,
      maxRequests: 10_000_000,
      maxMs: MAX_MS,
    });
    console.log(formatLoad(`  GET /member ${MANY} conn`, memberLoad));
    const many = await load({ url, headers, connections: MANY, maxRequests: 10_000_000, maxMs: LONG_MS });
    console.log(formatLoad(`  GET /milestone/timeline ${MANY} conn ${LONG_MS / 1000} s`, many));
    // A story's history as people open stories: every story of the project in a scattered order, by
    // CONCURRENCY connections over HTTP (the issue's "10 connections, random stories").
    const historyPaths = seeded.storyIdxs.map(
      (_, i) => `/api/history/story?storyIdx=${seeded.storyIdxs[(i * 7919) % seeded.storyCount]}`,
    );
    const historyLoad = await load({
      url: `${base}${historyPaths[0]}`,
      morePaths: historyPaths.slice(1),
      headers,
      connections: CONCURRENCY,
      maxRequests: historyPaths.length,
      maxMs: MAX_MS,
    });
    console.log(formatLoad(`  GET /history/story ${CONCURRENCY} conn, scattered`, historyLoad));
    const dashboard = await benchDashboard(app, {
      projectIdx: big.projectIdx,
      headers,
      port,
      connections: CONNECTIONS,
      maxMs: MAX_MS,
    });
    const settlement = await benchSettlement(app, {
      projectIdx: big.projectIdx,
      adminMip: admin.memberInProjectIdx,
      headers,
      port,
      connections: CONNECTIONS,
      maxMs: MAX_MS,
    });
    // Past weekdays far from the settlement's month, so no entry lands in a submitted month.
    const days = Array.from({ length: 200 }, (_, i) =>
      new Date(Date.now() - (100 + i) * 86_400_000).toISOString().slice(0, 10).replaceAll('-', ''),
    );
    const mixed = await mixedLoad({
      base,
      headers,
      users: MIXED_USERS,
      maxMs: MAX_MS,
      projectIdx: big.projectIdx,
      storyIdxs: seeded.storyIdxs.slice(0, 2000),
      days,
    });
    console.log(formatMixed('mixed load on the 5,000-story project', mixed));
    const webhooks = await benchWebhooks(app, { projectIdx: project.projectIdx, headers });
    await benchAiTimeline(app, { projectIdx: project.projectIdx, headers, port });
    const growth =
      process.env.BENCH_GROWTH === '0'
        ? null
        : await benchGrowth(app, { actor, headers, port, maxMs: MAX_MS });
    const searchProject = await services.project.create(actor, { name: 'Search', isClient: false });
    const search = await benchSearch(app, {
      projectIdx: searchProject.projectIdx,
      memberIdx: member.memberIdx,
      headers,
    });
    // What the process holds after the session (the embedded database lives in it too).
    const rssMb = process.memoryUsage().rss / 2 ** 20;
    const maxRssMb = process.resourceUsage().maxRSS / 1024;
    console.log(`  RSS after the run ${Math.round(rssMb)} MB (peak so far ${Math.round(maxRssMb)} MB)`);
    if (!databaseUrl) {
      const onDisk = databaseOnDisk(config.databaseDir);
      console.log(
        `  database on disk ${Math.round(onDisk.bytes / 2 ** 20)} MB, its largest table or index ${Math.round(onDisk.largestRelationBytes / 2 ** 20)} MB: a server started on it takes a ${bufferPoolMbFor(onDisk)} MB buffer pool (this run: ${config.embeddedSharedBuffersMb} MB)`,
      );
    }
    return {
      label,
      single,
      concurrent,
      coldP50: cold[15]!,
      coldP95: cold[28]!,
      dashboard,
      settlement,
      mixed,
      growth,
      webhooks,
      history,
      historyFirstReads,
      historyLoad,
      member: memberLoad,
      many,
      search,
      rssMb,
    };
  } finally {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  }
}

const exports = await benchSettlementExport();

const baseline = await hello(CONNECTIONS);
console.log(formatLoad(`bare Fastify GET /hello ${CONNECTIONS} conn`, baseline));
const baselineMany = await hello(MANY);
console.log(formatLoad(`bare Fastify GET /hello ${MANY} conn`, baselineMany));

const results = [];
if (DATABASES.includes('pglite')) results.push(await benchDatabase('PGlite (embedded)', undefined));
const postgres = DATABASES.includes('postgres') ? await freshPostgres() : null;
if (postgres) {
  try {
    results.push(await benchDatabase('PostgreSQL', postgres.url));
  } finally {
    await postgres.drop();
  }
}

console.log(`\nSummary (GET /milestone/timeline, ${CONNECTIONS} concurrent connections, 5,000 stories):`);
for (const r of results)
  console.log(
    `  ${r.label.padEnd(18)} p50 ${r.concurrent.p50.toFixed(1)} ms  p95 ${r.concurrent.p95.toFixed(1)} ms  p99 ${r.concurrent.p99.toFixed(1)} ms  ${Math.round(r.concurrent.rps)} req/s  = ${((r.concurrent.rps / baseline.rps) * 100).toFixed(1)}% of bare hello (${Math.round(baseline.rps)} req/s); cold recompute p50 ${r.coldP50.toFixed(1)} ms p95 ${r.coldP95.toFixed(1)} ms`,
  );

console.log(
  `\nSummary (GET /dashboard, same project; cold = recomputed after a planning change, else planning sections reused):`,
);
for (const r of results) {
  const d = r.dashboard;
  console.log(
    `  ${r.label.padEnd(18)} cold p50 ${d.cold.p50.toFixed(1)} ms p95 ${d.cold.p95.toFixed(1)} ms p99 ${d.cold.p99.toFixed(1)} ms;  1 at a time p50 ${d.sequential.p50.toFixed(1)} ms p95 ${d.sequential.p95.toFixed(1)} ms p99 ${d.sequential.p99.toFixed(1)} ms;  ${CONNECTIONS} conn p50 ${d.concurrent.p50.toFixed(1)} ms p95 ${d.concurrent.p95.toFixed(1)} ms p99 ${d.concurrent.p99.toFixed(1)} ms ${Math.round(d.concurrent.rps)} req/s`,
  );
}

console.log(
  `\nSummary (GET /settlement client view, 50 professionals × 22 days × 5 entries; target p95 ≤ 100 ms PostgreSQL, ≤ 250 ms PGlite):`,
);
for (const r of results) {
  const s = r.settlement;
  console.log(
    `  ${r.label.padEnd(18)} first read (creates drafts) ${s.first.toFixed(1)} ms;  1 at a time p50 ${s.sequential.p50.toFixed(1)} ms p95 ${s.sequential.p95.toFixed(1)} ms;  ${CONNECTIONS} conn p50 ${s.concurrent.p50.toFixed(1)} ms p95 ${s.concurrent.p95.toFixed(1)} ms ${Math.round(s.concurrent.rps)} req/s`,
  );
}

console.log(
  `\nSummary (webhooks: one story change fanned out to 50 ACTIVE hooks, one receiver never answering; target commit → last receiver p95 ≤ 1 s):`,
);
for (const r of results) {
  const w = r.webhooks;
  console.log(
    `  ${r.label.padEnd(18)} p50 ${w.p50.toFixed(1)} ms  p95 ${w.p95.toFixed(1)} ms  max ${w.max.toFixed(1)} ms over ${w.changes} changes;  first receiver p50 ${w.firstP50.toFixed(1)} ms;  invalid messages ${w.invalid}`,
  );
}

console.log(`\nSummary (mixed load; target p95 per call ≤ 200 ms PGlite, ≤ 100 ms PostgreSQL, 0 errors):`);
for (const r of results) console.log(formatMixed(r.label, r.mixed));

console.log(`\nSummary (growth: p95 per read, inject one at a time; settlement 20 conn over HTTP):`);
for (const r of results) if (r.growth) console.log(formatGrowth(r.label, r.growth));
console.log(
  `\nSummary (GET /search, ${SEARCH_STORIES.toLocaleString('en')} stories + ${SEARCH_DOCUMENTS.toLocaleString('en')} documents, 1 at a time; target p95 ≤ 50 ms PostgreSQL, ≤ 100 ms PGlite):`,
);
for (const r of results)
  console.log(
    `  ${r.label.padEnd(18)} ${r.search.queries.map((q) => `${q.q} p95 ${q.p.p95.toFixed(1)} ms`).join(';  ')}`,
  );

const ratio = (rps: number, of: LoadResult) => `${(rps / of.rps).toFixed(2)} of bare Fastify`;
console.log(
  `\nSummary (bare Fastify in this run: ${Math.round(baseline.rps)} req/s with ${CONNECTIONS} connections, ${Math.round(baselineMany.rps)} with ${MANY}):`,
);
for (const r of results) {
  console.log(`  ${r.label}`);
  console.log(
    `    timeline ${CONNECTIONS} conn p95 ${r.concurrent.p95.toFixed(1)} ms (${ratio(r.concurrent.rps, baseline)});  dashboard ${CONNECTIONS} conn p95 ${r.dashboard.concurrent.p95.toFixed(1)} ms (${ratio(r.dashboard.concurrent.rps, baseline)});  history/story p95 ${r.history.p95.toFixed(1)} ms (inject, ${CONCURRENCY} at a time; each story once p95 ${r.historyFirstReads.p95.toFixed(1)} ms; over HTTP, ${CONCURRENCY} conn, scattered stories p95 ${r.historyLoad.p95.toFixed(1)} ms, target ≤ 10)`,
  );
  console.log(
    `    GET /member ${MANY} conn ${Math.round(r.member.rps)} req/s = ${ratio(r.member.rps, baselineMany)}, p95 ${r.member.p95.toFixed(1)} ms, errors ${r.member.errors};  timeline ${MANY} conn ${LONG_MS / 1000} s: ${r.many.count} answered = ${ratio(r.many.rps, baselineMany)} (target ≥ 0.15), errors ${r.many.errors} (${r.many.timeouts} timed out), p95 ${r.many.p95.toFixed(1)} ms (target ≤ 100);  RSS after the run ${Math.round(r.rssMb)} MB`,
  );
}

console.log(
  `\nSummary (settlement exports): CSV ${exports.lines.toLocaleString('en')} lines streamed ${exports.csvMs.toFixed(0)} ms (target ≤ 2,000), peak RSS ${exports.csvPeakRssMb.toFixed(0)} MB (+${(exports.csvPeakRssMb - exports.rssBeforeMb).toFixed(0)} MB over ${exports.rssBeforeMb.toFixed(0)} MB before), over HTTP ${exports.httpMs.toFixed(0)} ms;  PDF ${exports.pdfLines.toLocaleString('en')} lines first ${exports.pdfFirstMs.toFixed(0)} ms, warm ${exports.pdfWarmMs.toFixed(0)} ms`,
);
