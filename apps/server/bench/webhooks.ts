/**
 * The webhook part of `npm run bench` (issue 13): one story change fanned out to 50 ACTIVE hooks of
 * one project, each its own local receiver (Slack, Discord, Teams and Dooray in turn, checking the
 * tool's shape), one of which never answers. Measured per change: from just before the PATCH that
 * commits it to the moment the last healthy receiver has the message. Target p95 ≤ 1 s; the silent
 * receiver (held for the 10 s timeout) must not move the figure. Changes are 1.1 s apart, so the
 * one-message-a-second spacing per hook is not what is measured.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chatWebhookTypes } from '@teamline/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createMemberRepository } from '../src/features/account-store/member.repository.js';
import { startReceiver, type ChatReceiver } from '../src/test/webhook-receivers.js';
import { localClient } from '../src/features/session/device-cookie.js';

const HOOKS = 50;
const CHANGES = Number(process.env.BENCH_WEBHOOK_CHANGES ?? 20);

export interface WebhookBench {
  hooks: number;
  changes: number;
  p50: number;
  p95: number;
  max: number;
  /** Commit → first receiver, p50. */
  firstP50: number;
  /** Messages the silent receiver got answered (none) and attempts logged for it. */
  silentAttempts: number;
  invalid: number;
}

export async function benchWebhooks(
  app: FastifyInstance,
  options: { projectIdx: number; headers: Record<string, string> },
): Promise<WebhookBench> {
  const { projectIdx, headers } = options;
  const receivers: ChatReceiver[] = [];
  for (let i = 0; i < HOOKS; i++)
    receivers.push(await startReceiver(chatWebhookTypes[i % chatWebhookTypes.length]!));
  const silent = receivers[HOOKS - 1]!;
  silent.mode = 'hang';
  const hookIdxs: number[] = [];
  try {
    for (const receiver of receivers) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/webhook',
        headers,
        payload: {
          projectIdx,
          type: receiver.type,
          url: receiver.url,
          categories: ['story'],
          events: ['edit'],
          language: (['en', 'kr', 'vi'] as const)[receivers.indexOf(receiver) % 3],
        },
      });
      if (res.statusCode !== 201) throw new Error(`webhook: HTTP ${res.statusCode} ${res.body}`);
      hookIdxs.push(res.json<{ data: { webhookIdx: number } }>().data.webhookIdx);
    }
    const story = await app.inject({
      method: 'POST',
      url: '/api/story',
      headers,
      payload: { projectIdx, title: 'Bench story' },
    });
    const { storyIdx } = story.json<{ data: { storyIdx: number } }>().data;
    const healthy = receivers.slice(0, HOOKS - 1);
    const lasts: number[] = [];
    const firsts: number[] = [];
    // One change first to warm up (connections to 50 new receivers, first renders), not counted.
    for (let change = -1; change < CHANGES; change++) {
      const title = `Bench story change ${change}`;
      const counts = healthy.map((r) => r.received.length);
      const start = performance.now();
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/story/${storyIdx}`,
        headers,
        payload: { title },
      });
      if (res.statusCode !== 200) throw new Error(`story: HTTP ${res.statusCode}`);
      let first = 0;
      for (;;) {
        const arrived = healthy.filter((r, i) => r.received.length > counts[i]!).length;
        if (arrived > 0 && !first) first = performance.now() - start;
        if (arrived === healthy.length) break;
        if (performance.now() - start > 20_000)
          throw new Error(`change ${change}: ${arrived}/${healthy.length} after 20 s`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      if (change >= 0) {
        lasts.push(performance.now() - start);
        firsts.push(first);
      }
      if (process.env.BENCH_VERBOSE)
        console.log(`    change ${change}: ${(performance.now() - start).toFixed(1)} ms`);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
    }
    lasts.sort((a, b) => a - b);
    firsts.sort((a, b) => a - b);
    const pct = (list: number[], p: number) =>
      list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))]!;
    const silentLog = await app.inject({
      method: 'GET',
      url: `/api/webhook/${hookIdxs.at(-1)}/delivery`,
      headers,
    });
    const silentAttempts = silentLog
      .json<{ data: { deliveries: { attempts: number }[] } }>()
      .data.deliveries.reduce((n, d) => n + d.attempts, 0);
    const result: WebhookBench = {
      hooks: HOOKS,
      changes: CHANGES,
      p50: pct(lasts, 50),
      p95: pct(lasts, 95),
      max: lasts.at(-1)!,
      firstP50: pct(firsts, 50),
      silentAttempts,
      invalid: receivers.reduce((n, r) => n + r.requests.filter((q) => q.problems.length > 0).length, 0),
    };
    console.log(
      `  webhooks: 1 story change → ${HOOKS} hooks (1 never answers), ${CHANGES} changes: commit → last healthy receiver p50 ${result.p50.toFixed(1)} ms  p95 ${result.p95.toFixed(1)} ms  max ${result.max.toFixed(1)} ms; → first p50 ${result.firstP50.toFixed(1)} ms; silent hook attempts so far ${silentAttempts}; invalid messages ${result.invalid}`,
    );
    return result;
  } finally {
    // Off before the receivers go, so nothing retries into closed ports during the rest of the run.
    for (const webhookIdx of hookIdxs)
      await app.inject({ method: 'DELETE', url: `/api/webhook/${webhookIdx}`, headers });
    for (const receiver of receivers) await receiver.close();
  }
}

/** `npm run bench:webhooks -w @teamline/server`: this part alone, on embedded PGlite (or BENCH_DATABASE_URL). */
async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'teamline-bench-webhooks-'));
  const config = {
    ...loadConfig({}),
    dataDir: dir,
    databaseDir: join(dir, 'db'),
    outboxDir: join(dir, 'outbox'),
    filesDir: join(dir, 'files'),
    databaseUrl: process.env.BENCH_DATABASE_URL,
    linkPreview: false,
    rateLimit: false,
    webDist: join(dir, 'none'),
    delayJobMs: 0,
    outboundAllowPrivate: true,
  };
  const app = await buildApp(config, { logger: false });
  await app.ready();
  try {
    const member = await createMemberRepository(app.ctx.database.db).insert({
      email: 'bench@example.com',
      passwordHash: 'x',
      name: 'Bench',
      nickname: 'bench',
      phone: '0100',
    });
    const session = await app.services.auth.startSession(member.memberIdx, localClient());
    const actor = (await app.services.auth.authenticate(session.key))!;
    const project = await app.services.project.create(actor, { name: 'Bench', isClient: false });
    console.log(config.databaseUrl ? 'PostgreSQL' : 'PGlite (embedded)');
    await benchWebhooks(app, {
      projectIdx: project.projectIdx,
      headers: { authorization: `Bearer ${session.key}` },
    });
  } finally {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('webhooks.ts')) await main();
