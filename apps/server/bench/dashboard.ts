/**
 * The dashboard part of `npm run bench`, on the timeline benchmark's seeded project (100 milestones,
 * 5,000 stories, 20 members, 50,000 history records) plus this week's time entries for the workload
 * section. The planning sections are reused until the project's planning version changes; time
 * entries, members and activity are read on every call. "Cold" bumps the version before each call,
 * so every section is recomputed (the first read after a planning change).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dayCode } from '../src/features/dashboard/dashboard.service.js';
import { createPlanningVersionRepository } from '../src/features/planning-store/planning-version.repository.js';
import { formatLoad, load, type LoadResult } from './http-load.js';
import { settleStatistics } from './settle-statistics.js';

type Percentiles = { p50: number; p95: number; p99: number };
export interface DashboardBench {
  cold: Percentiles;
  sequential: Percentiles;
  concurrent: LoadResult;
}

export async function benchDashboard(
  app: FastifyInstance,
  options: {
    projectIdx: number;
    headers: Record<string, string>;
    port: number;
    connections: number;
    maxMs: number;
    requests?: number;
  },
): Promise<DashboardBench> {
  const { projectIdx, headers } = options;
  // One entry today for every assignee of every third story (about 2,200 rows).
  await app.ctx.database.db.execute(sql`
    insert into timekeeping (project_idx, story_idx, member_in_project_idx, work_dt, minutes, created_by_idx)
    select s.project_idx, s.story_idx, a.member_in_project_idx, ${dayCode(new Date())},
           30 + (s.story_idx % 8) * 15, a.member_in_project_idx
    from story s join story_assignee a on a.story_idx = s.story_idx
    where s.project_idx = ${projectIdx} and s.story_idx % 3 = 0`);
  await settleStatistics(app, "this week's time entries");
  const url = `/api/dashboard?projectIdx=${projectIdx}`;

  const versions = createPlanningVersionRepository(app.ctx.database.db);
  const series = async (count: number, bump: boolean): Promise<Percentiles> => {
    const times: number[] = [];
    for (let i = 0; i < count + 10; i++) {
      if (bump) await versions.bump(projectIdx);
      const s = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`dashboard: HTTP ${res.statusCode} ${res.body}`);
      if (i >= 10) times.push(performance.now() - s); // the first ten warm the statement caches
    }
    times.sort((a, b) => a - b);
    const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
    return { p50: pct(50), p95: pct(95), p99: pct(99) };
  };
  const line = (name: string, r: Percentiles, n: number) =>
    `  ${name.padEnd(32)} n=${String(n).padStart(5)}  p50 ${r.p50.toFixed(1).padStart(7)} ms  p95 ${r.p95.toFixed(1).padStart(7)} ms  p99 ${r.p99.toFixed(1).padStart(7)} ms`;
  const cold = await series(50, true);
  console.log(line('GET /dashboard cold, 1 at a time', cold, 50));
  const sequential = await series(200, false);
  console.log(line('GET /dashboard 1 at a time', sequential, 200));
  const concurrent = await load({
    url: `http://127.0.0.1:${options.port}${url}`,
    headers,
    connections: options.connections,
    maxRequests: options.requests ?? 1000,
    maxMs: options.maxMs,
  });
  if (concurrent.errors) throw new Error(`dashboard answered ${concurrent.errors} errors`);
  console.log(formatLoad(`  GET /dashboard ${options.connections} conn`, concurrent));
  return { cold, sequential, concurrent };
}
