/**
 * `npm run bench`: request latency through the whole stack (routing, auth, validation, service,
 * database) with app.inject, on a fresh PGlite by default or on BENCH_DATABASE_URL (a scratch
 * PostgreSQL database: the run writes rows into it). Prints p50/p95/p99 and throughput; tune with
 * BENCH_REQUESTS and BENCH_CONCURRENCY.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { hashPassword } from '../src/shared/crypto.js';

const N = Number(process.env.BENCH_REQUESTS ?? 500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);

const dir = await mkdtemp(join(tmpdir(), 'teamline-bench-'));
const config = {
  ...loadConfig({}),
  dataDir: dir,
  outboxDir: join(dir, 'outbox'),
  filesDir: join(dir, 'files'),
  databaseUrl: process.env.BENCH_DATABASE_URL,
  linkPreview: false,
  webDist: join(dir, 'none'),
};
const started = performance.now();
const app = await buildApp(config, { logger: false });
await app.ready();
console.log(`app ready in ${Math.round(performance.now() - started)} ms (${app.ctx.database.kind})`);

const { services } = app;
const memberRepoInsert = await import('../src/features/member/member.repository.js').then((m) =>
  m.createMemberRepository(app.ctx.database.db),
);
const password = 'bench-password-1';
const member = await memberRepoInsert.insert({
  email: 'bench@example.com',
  passwordHash: await hashPassword(password),
  name: 'Bench',
  nickname: 'bench',
  phone: '0100',
});
const session = await services.auth.startSession(member.memberIdx);
const actor = (await services.auth.authenticate(session.key))!;
const project = await services.project.create(actor, { name: 'Bench', isClient: false });
for (let i = 0; i < 50; i++)
  await services.link.create(actor, { url: `https://bench${i}.test`, projectIdx: project.projectIdx });
const headers = { authorization: `Bearer ${session.key}` };

async function measure(name: string, count: number, run: (i: number) => Promise<{ statusCode: number }>) {
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
  const pct = (p: number) =>
    times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!.toFixed(1);
  console.log(
    `${name.padEnd(28)} n=${String(count).padStart(4)}  p50 ${pct(50).padStart(6)} ms  p95 ${pct(95).padStart(6)} ms  p99 ${pct(99).padStart(6)} ms  ${Math.round((count / total) * 1000)} req/s`,
  );
}

try {
  await measure('GET /health', N, () => app.inject({ method: 'GET', url: '/api/health' }));
  await measure('GET /member', N, () => app.inject({ method: 'GET', url: '/api/member', headers }));
  await measure('GET /project/list-of-member', N, () =>
    app.inject({ method: 'GET', url: '/api/project/list-of-member', headers }),
  );
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
} finally {
  await app.close();
  await rm(dir, { recursive: true, force: true });
}
