/**
 * The settlement part of `npm run bench` (issue 11): a project with 50 professionals, each with a
 * running contract and 22 working days × 5 time entries in last month (5,500 entries), read as the
 * client view `GET /settlement?projectIdx=&month=` by the project's admin. The first read creates
 * the 50 draft settlements; later reads recompute the drafts from the entries. Target: p95 ≤ 100 ms
 * on PostgreSQL, ≤ 250 ms on PGlite.
 */
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  contracts,
  members,
  membersInProject,
  projects,
  requests,
  stories,
  timekeepings,
} from '../src/db/schema/index.js';
import { formatLoad, load, type LoadResult } from './http-load.js';
import { settleStatistics } from './settle-statistics.js';

type Percentiles = { p50: number; p95: number; p99: number };
export interface SettlementBench {
  first: number;
  sequential: Percentiles;
  concurrent: LoadResult;
}

const DEFAULT_PROFESSIONALS = 50;
const WORKDAYS = 22;
const ENTRIES_PER_DAY = 5;
const STORIES = 40;

const pad = (n: number) => String(n).padStart(2, '0');

/** Last month as `YYYYMM` and its first 22 weekdays as `YYYYMMDD`. */
function lastMonth(now = new Date()): { month: string; days: string[] } {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const month = `${first.getUTCFullYear()}${pad(first.getUTCMonth() + 1)}`;
  const days: string[] = [];
  for (let d = new Date(first); days.length < WORKDAYS; d.setUTCDate(d.getUTCDate() + 1)) {
    const weekday = d.getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(`${month}${pad(d.getUTCDate())}`);
  }
  return { month, days };
}

const chunks = <T>(rows: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));

export async function benchSettlement(
  app: FastifyInstance,
  options: {
    projectIdx: number;
    adminMip: number;
    headers: Record<string, string>;
    port: number;
    connections: number;
    maxMs: number;
    /** How many professionals (default 50); `tag` keeps their e-mails apart when run again. */
    professionals?: number;
    tag?: string;
    quiet?: boolean;
  },
): Promise<SettlementBench> {
  const { projectIdx, adminMip, headers } = options;
  const PROFESSIONALS = options.professionals ?? DEFAULT_PROFESSIONALS;
  const log = options.quiet ? () => undefined : console.log;
  const db = app.ctx.database.db;
  const { month, days } = lastMonth();
  const seedStart = performance.now();
  const people = await db
    .insert(members)
    .values(
      Array.from({ length: PROFESSIONALS }, (_, i) => ({
        email: `pro${i}${options.tag ?? ''}@settlement.bench`,
        nickname: `pro${i}`,
        name: `Professional ${i}`,
        phone: '0100',
      })),
    )
    .returning({ memberIdx: members.memberIdx });
  const mips = (
    await db
      .insert(membersInProject)
      .values(people.map((p) => ({ projectIdx, memberIdx: p.memberIdx, role: 'depth2' as const })))
      .returning({ idx: membersInProject.memberInProjectIdx })
  ).map((r) => r.idx);
  // Numbers after the project's existing stories: take STORIES of them from its counter at once.
  const [counter] = await db
    .update(projects)
    .set({ nextStoryNo: sql`${projects.nextStoryNo} + ${STORIES}` })
    .where(eq(projects.projectIdx, projectIdx))
    .returning({ next: projects.nextStoryNo });
  const firstNo = counter!.next - STORIES;
  const storyIdxs = (
    await db
      .insert(stories)
      .values(
        Array.from({ length: STORIES }, (_, i) => ({
          projectIdx,
          storyNo: firstNo + i,
          title: `Settlement story ${i}`,
          orderKey: `a${String(i).padStart(4, '0')}`,
          reporterIdx: adminMip,
          createdByIdx: adminMip,
        })),
      )
      .returning({ idx: stories.storyIdx })
  ).map((r) => r.idx);
  const offers = await db
    .insert(requests)
    .values(
      mips.map((mip) => ({
        projectIdx,
        kind: 'contract' as const,
        title: 'Contract',
        dueDt: days[0]!,
        senderIdx: adminMip,
        receiverIdx: mip,
        status: 'inProgress' as const,
      })),
    )
    .returning({ idx: requests.requestIdx });
  await db.insert(contracts).values(
    mips.map((mip, i) => ({
      projectIdx,
      memberInProjectIdx: mip,
      requestIdx: offers[i]!.idx,
      offeredByIdx: adminMip,
      dailyRate: i % 2 === 0 ? 350_000 + i * 1_000 : 40_000 + i * 100,
      currency: i % 2 === 0 ? ('KRW' as const) : ('USD' as const),
      startDt: `${month}01`,
      scope: 'Bench work',
      withholdingRateBp: i % 3 === 0 ? 330 : 0,
      status: 'inProgress' as const,
    })),
  );
  const entries = mips.flatMap((mip, m) =>
    days.flatMap((workDt, d) =>
      Array.from({ length: ENTRIES_PER_DAY }, (_, e) => ({
        projectIdx,
        storyIdx: storyIdxs[(m + d + e) % STORIES]!,
        memberInProjectIdx: mip,
        workDt,
        minutes: 45 + ((m * 7 + d * 3 + e * 11) % 60),
        createdByIdx: mip,
      })),
    ),
  );
  for (const chunk of chunks(entries, 2000)) await db.insert(timekeepings).values(chunk);
  log(
    `  seeded ${PROFESSIONALS} professionals with contracts and ${entries.length} time entries in ${month} in ${Math.round(performance.now() - seedStart)} ms`,
  );
  await settleStatistics(app, 'the settlement seed', options.quiet);

  const url = `/api/settlement?projectIdx=${projectIdx}&month=${month}`;
  const read = async () => {
    const s = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`settlement: HTTP ${res.statusCode} ${res.body}`);
    const { data } = res.json<{ data: { settlements: unknown[] } }>();
    if (data.settlements.length !== PROFESSIONALS)
      throw new Error(`settlement: ${data.settlements.length} settlements, expected ${PROFESSIONALS}`);
    return performance.now() - s;
  };
  const first = await read();
  const times: number[] = [];
  for (let i = 0; i < 60; i++) {
    const ms = await read();
    if (i >= 10) times.push(ms); // the first ten warm the statement caches
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
  const sequential = { p50: pct(50), p95: pct(95), p99: pct(99) };
  log(
    `  GET /settlement (client view, 50 professionals, 5,500 entries): first read ${first.toFixed(1)} ms; 1 at a time p50 ${sequential.p50.toFixed(1)} ms  p95 ${sequential.p95.toFixed(1)} ms  p99 ${sequential.p99.toFixed(1)} ms`,
  );
  const concurrent = await load({
    url: `http://127.0.0.1:${options.port}${url}`,
    headers,
    connections: options.connections,
    maxRequests: 200,
    maxMs: options.maxMs,
  });
  log(formatLoad(`  GET /settlement ${options.connections} conn`, concurrent));
  return { first, sequential, concurrent };
}
