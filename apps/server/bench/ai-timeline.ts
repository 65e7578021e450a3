/**
 * The AI timeline part of `npm run bench`: an offline timeline from a 100-page PDF (a heading and
 * 20 dated items a page, made with pdfkit), from the upload to the draft (target ≤ 5 s), and the
 * latency of a light authenticated GET (`/api/member`, one connection, back to back) while the job
 * runs (the job reads the file page by page, so the server keeps answering). Standalone: `npx tsx bench/ai-timeline.ts` (embedded database).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { pdfOf } from '../src/test/plan-files.js';
import { localClient } from '../src/features/session/device-cookie.js';

export interface AiTimelineBench {
  pdfBytes: number;
  toDraftMs: number;
  milestones: number;
  stories: number;
  getP50: number;
  getP95: number;
  gets: number;
}

export async function benchAiTimeline(
  app: FastifyInstance,
  options: { projectIdx: number; headers: Record<string, string>; port: number },
): Promise<AiTimelineBench> {
  const pages = Array.from({ length: 100 }, (_, p) => {
    const day = (d: number) => new Date(Date.UTC(2026, 0, 1 + p * 3 + d)).toISOString().slice(0, 10);
    return [
      `# Phase ${p + 1}: Release ${p + 1} (${day(0)} ~ ${day(20)})`,
      ...Array.from(
        { length: 20 },
        (_, i) => `- [Area ${i % 5}] Task ${p + 1}.${i + 1} ${day(i)} ~ ${day(i + 2)}`,
      ),
    ];
  });
  const pdf = await pdfOf(pages);
  const base = `http://127.0.0.1:${options.port}/api`;
  const boundary = '----bench-ai';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const started = performance.now();
  let done = false;
  const times: number[] = [];
  // The light GET, back to back, until the draft is there.
  const light = (async () => {
    while (!done) {
      const s = performance.now();
      const res = await fetch(`${base}/member`, { headers: options.headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET /member: HTTP ${res.status}`);
      times.push(performance.now() - s);
    }
  })();
  const res = await fetch(`${base}/project/${options.projectIdx}/timeline-by-ai`, {
    method: 'POST',
    headers: { ...options.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  if (res.status !== 202) throw new Error(`timeline-by-ai: HTTP ${res.status} ${await res.text()}`);
  const { jobIdx } = ((await res.json()) as { data: { jobIdx: number } }).data;
  let job: { state: string; draft: { milestones: { stories: unknown[] }[] } | null } | undefined;
  while (performance.now() - started < 60_000) {
    const r = await app.inject({ method: 'GET', url: `/api/ai-job/${jobIdx}`, headers: options.headers });
    job = r.json<{ data: NonNullable<typeof job> }>().data;
    if (!['queued', 'running'].includes(job.state)) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const toDraftMs = performance.now() - started;
  done = true;
  await light;
  if (job?.state !== 'done' || !job.draft) throw new Error(`AI job ended ${job?.state}`);
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? NaN;
  const result: AiTimelineBench = {
    pdfBytes: pdf.length,
    toDraftMs,
    milestones: job.draft.milestones.length,
    stories: job.draft.milestones.reduce((s, m) => s + m.stories.length, 0),
    getP50: pct(50),
    getP95: pct(95),
    gets: times.length,
  };
  console.log(
    `  AI timeline, 100-page PDF (${Math.round(result.pdfBytes / 1024)} KB, offline): ${Math.round(toDraftMs)} ms to the draft ` +
      `(${result.milestones} milestones, ${result.stories} stories; target ≤ 5000 ms)` +
      `\n  GET /member during the job: p50 ${result.getP50.toFixed(1)} ms  p95 ${result.getP95.toFixed(1)} ms  (${result.gets} requests)`,
  );
  return result;
}

if (process.argv[1]?.endsWith('ai-timeline.ts')) {
  const { buildApp } = await import('../src/app.js');
  const { loadConfig } = await import('../src/config.js');
  const { createMemberRepository } = await import('../src/features/account-store/member.repository.js');
  const dir = await mkdtemp(join(tmpdir(), 'teamline-bench-ai-'));
  const app = await buildApp(
    {
      ...loadConfig({}),
      dataDir: dir,
      databaseDir: join(dir, 'db'),
      outboxDir: join(dir, 'outbox'),
      filesDir: join(dir, 'files'),
      linkPreview: false,
      rateLimit: false,
      webDist: join(dir, 'none'),
    },
    { logger: false },
  );
  await app.ready();
  const member = await createMemberRepository(app.ctx.database.db).insert({
    email: 'bench-ai@example.com',
    passwordHash: 'x',
    name: 'Bench',
    nickname: 'bench',
    phone: '0100',
  });
  const session = await app.services.auth.startSession(member.memberIdx, localClient());
  const actor = (await app.services.auth.authenticate(session.key))!;
  const project = await app.services.project.create(actor, { name: 'Bench AI', isClient: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  await benchAiTimeline(app, {
    projectIdx: project.projectIdx,
    headers: { authorization: `Bearer ${session.key}` },
    port,
  });
  await app.close();
}
