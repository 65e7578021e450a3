/**
 * The growth table of `npm run bench` (issue 35): how the hot reads cost as a project grows, so the
 * curve is in every run. Per project size (BENCH_GROWTH_STORIES, default 500, 5,000, 20,000 and
 * 100,000 stories; 20 members, a milestone per 50 stories, as many history records as stories):
 * the timeline warm and right after a change (the planning version bumped before each read), the
 * dashboard likewise, and a story's history (each story once). Per team size (BENCH_GROWTH_PROS,
 * default 10, 50 and 200 professionals, 22 days × 5 entries each): the settlement client view one at
 * a time and with 20 connections. Reads go through `app.inject` one at a time unless said.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../src/shared/context.js';
import { changeStory, seedPlanning } from './seed-planning.js';
import { settleStatistics } from './settle-statistics.js';
import { benchSettlement } from './settlement.js';

const sizesOf = (value: string | undefined, fallback: number[]) =>
  value ? value.split(',').map(Number) : fallback;
export const GROWTH_STORIES = sizesOf(process.env.BENCH_GROWTH_STORIES, [500, 5000, 20_000, 100_000]);
export const GROWTH_PROFESSIONALS = sizesOf(process.env.BENCH_GROWTH_PROS, [10, 50, 200]);

export interface GrowthRow {
  stories: number;
  seedMs: number;
  timelineWarmP95: number;
  timelineChangedP95: number;
  dashboardWarmP95: number;
  dashboardChangedP95: number;
  historyP95: number;
}
export interface SettlementGrowthRow {
  professionals: number;
  sequentialP95: number;
  concurrentP95: number;
  rps: number;
}

const p95 = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))]!;
};

export async function benchGrowth(
  app: FastifyInstance,
  options: { actor: Actor; headers: Record<string, string>; port: number; maxMs: number },
): Promise<{ planning: GrowthRow[]; settlement: SettlementGrowthRow[] }> {
  const { actor, headers } = options;
  const { services } = app;
  const db = app.ctx.database.db;
  const read = async (url: string) => {
    const s = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
    return performance.now() - s;
  };
  /** Reads `url` `count` times; with `change`, each read follows one story's edit (another story each time). */
  const series = async (
    count: number,
    url: string,
    change: { projectIdx: number; storyIdxs: number[] } | null,
  ) => {
    await read(url);
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      if (change)
        await changeStory(db, change.projectIdx, change.storyIdxs[(i * 7919) % change.storyIdxs.length]!, i);
      times.push(await read(url));
    }
    return p95(times);
  };

  const planning: GrowthRow[] = [];
  for (const stories of GROWTH_STORIES) {
    const project = await services.project.create(actor, { name: `Growth ${stories}`, isClient: false });
    const admin = await services.project.membershipOf(actor, project.projectIdx);
    const seedStart = performance.now();
    const seeded = await seedPlanning(
      db,
      project.projectIdx,
      admin.memberInProjectIdx,
      { members: 20, milestones: Math.max(10, stories / 50), stories, history: stories },
      `g${stories}`,
    );
    const seedMs = performance.now() - seedStart;
    await settleStatistics(app, `the ${stories}-story seed`, true);
    const timeline = `/api/milestone/timeline?projectIdx=${project.projectIdx}`;
    const changed = { projectIdx: project.projectIdx, storyIdxs: seeded.storyIdxs };
    const dashboard = `/api/dashboard?projectIdx=${project.projectIdx}`;
    const historyTimes: number[] = [];
    for (let i = 0; i < 30; i++)
      historyTimes.push(
        await read(`/api/history/story?storyIdx=${seeded.storyIdxs[(i * 7919) % seeded.storyCount]!}`),
      );
    const row: GrowthRow = {
      stories,
      seedMs,
      timelineWarmP95: await series(30, timeline, null),
      timelineChangedP95: await series(20, timeline, changed),
      dashboardWarmP95: await series(30, dashboard, null),
      dashboardChangedP95: await series(20, dashboard, changed),
      historyP95: p95(historyTimes),
    };
    planning.push(row);
    console.log(
      `  growth ${String(stories).padStart(7)} stories (seeded in ${(seedMs / 1000).toFixed(1)} s): timeline warm p95 ${row.timelineWarmP95.toFixed(1)} ms, after a change p95 ${row.timelineChangedP95.toFixed(1)} ms;  dashboard warm p95 ${row.dashboardWarmP95.toFixed(1)} ms, after a change p95 ${row.dashboardChangedP95.toFixed(1)} ms;  history (each story once) p95 ${row.historyP95.toFixed(1)} ms`,
    );
  }

  const settlement: SettlementGrowthRow[] = [];
  for (const professionals of GROWTH_PROFESSIONALS) {
    const project = await services.project.create(actor, { name: `Team ${professionals}`, isClient: false });
    const admin = await services.project.membershipOf(actor, project.projectIdx);
    const result = await benchSettlement(app, {
      projectIdx: project.projectIdx,
      adminMip: admin.memberInProjectIdx,
      headers,
      port: options.port,
      connections: 20,
      maxMs: options.maxMs,
      professionals,
      tag: `t${professionals}`,
      quiet: true,
    });
    const row = {
      professionals,
      sequentialP95: result.sequential.p95,
      concurrentP95: result.concurrent.p95,
      rps: result.concurrent.rps,
    };
    settlement.push(row);
    console.log(
      `  growth ${String(professionals).padStart(4)} professionals: settlement client view 1 at a time p95 ${row.sequentialP95.toFixed(1)} ms;  20 conn p95 ${row.concurrentP95.toFixed(1)} ms ${Math.round(row.rps)} req/s`,
    );
  }
  return { planning, settlement };
}

export function formatGrowth(label: string, g: Awaited<ReturnType<typeof benchGrowth>>): string {
  const lines = [
    `  ${label}`,
    `    ${'stories'.padStart(8)} | timeline warm | after change | dashboard warm | after change | history`,
    ...g.planning.map(
      (r) =>
        `    ${String(r.stories).padStart(8)} | ${r.timelineWarmP95.toFixed(1).padStart(10)} ms | ${r.timelineChangedP95.toFixed(1).padStart(9)} ms | ${r.dashboardWarmP95.toFixed(1).padStart(11)} ms | ${r.dashboardChangedP95.toFixed(1).padStart(9)} ms | ${r.historyP95.toFixed(1).padStart(4)} ms`,
    ),
    `    ${'pros'.padStart(8)} | settlement 1 at a time | 20 conn`,
    ...g.settlement.map(
      (r) =>
        `    ${String(r.professionals).padStart(8)} | ${r.sequentialP95.toFixed(1).padStart(19)} ms | ${r.concurrentP95.toFixed(1)} ms (${Math.round(r.rps)} req/s)`,
    ),
  ];
  return lines.join('\n');
}
