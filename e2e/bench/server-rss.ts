/**
 * Memory of the embedded server after a session of use (issue 10: ≤ 250 MB), run from the
 * repository root after `npm run build`:
 *
 *   npx tsx e2e/bench/server-rss.ts
 *
 * Seeds the demo data (`npm run seed:demo`) into a fresh data folder, starts the built server on it
 * (`npm run start`, embedded PGlite), then plays a session of use over HTTP: each demo member signs
 * in and asks every page's calls of each of their projects (dashboard, timeline, backlog, epics,
 * members, histories, requests, settlement, documents, notifications) BENCH_RSS_ROUNDS times (30).
 * Prints the server process's resident memory (VmRSS from /proc) after start, right after the
 * session, 20 s later (the server gives memory back after 10 s without a request), and its peak
 * (VmHWM); then the same with PGLITE_SHARED_BUFFERS_MB=128, PGlite's own buffer pool instead of one
 * sized to the database. Linux only.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT, startServer, stopServer } from './built-app.js';

const ROUNDS = Number(process.env.BENCH_RSS_ROUNDS ?? 30);
const TARGET_MB = 250;
const PASSWORD = 'teamline-demo-1';
const MEMBERS = ['admin', 'lead', 'dev', 'client'].map((who) => `${who}@demo.teamline.test`);

function run(command: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'ignore' });
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`${command} exited with ${code}`))));
  });
}

/** The node process serving the app: `npm run start` runs it in the process group it leads. */
async function serverPid(group: number): Promise<number> {
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== group) continue; // process group id
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    const [program, ...args] = cmdline.split('\0');
    if (/(^|\/)node$/.test(program ?? '') && args.some((a) => a.endsWith('dist/server.js')))
      return Number(entry);
  }
  throw new Error('the server process was not found');
}

async function memoryMb(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** Waits until the process has exited (it closes the embedded database first). */
async function gone(pid: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`process ${pid} did not exit in 30 s`);
}

const thisMonth = () => new Date().toISOString().slice(0, 7).replace('-', '');

async function session(base: string): Promise<{ requests: number; refused: number }> {
  let requests = 0;
  let refused = 0;
  const call = async (key: string, path: string) => {
    const res = await fetch(`${base}/api${path}`, { headers: { authorization: `Bearer ${key}` } });
    requests++;
    if (!res.ok) refused++;
    return res.ok ? ((await res.json()) as { data: unknown }).data : null;
  };
  for (const email of MEMBERS) {
    const login = await fetch(`${base}/api/auth/login/general`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`${email} could not sign in: ${login.status}`);
    const { key } = ((await login.json()) as { data: { key: string } }).data;
    const projects = ((await call(key, '/project/list-of-member')) ?? []) as { projectIdx: number }[];
    for (let round = 0; round < ROUNDS; round++) {
      await call(key, '/member');
      await call(key, '/notification');
      for (const { projectIdx } of projects) {
        const q = `projectIdx=${projectIdx}`;
        await call(key, `/dashboard?${q}`);
        const timeline = (await call(key, `/milestone/timeline?${q}`)) as {
          milestones?: { stories?: { storyIdx: number }[] }[];
        } | null;
        await call(key, `/story/awaiting-zone?${q}`);
        await call(key, `/epic/all-of-project?${q}`);
        await call(key, `/member-in-project?${q}`);
        await call(key, `/request?${q}`);
        await call(key, `/settlement?${q}&month=${thisMonth()}`);
        await call(key, `/folder?${q}`);
        await call(key, `/document?${q}`);
        const stories = (timeline?.milestones ?? []).flatMap((m) => m.stories ?? []).slice(0, 5);
        for (const { storyIdx } of stories) await call(key, `/history/story?storyIdx=${storyIdx}`);
      }
    }
  }
  return { requests, refused };
}

/** A later start on the seeded folder, a session of use, and the memory at each step. */
async function measureSession(dataDir: string, port: number, env: Record<string, string> = {}) {
  const server = await startServer(dataDir, port, env);
  try {
    const pid = await serverPid(server.pid!);
    await new Promise((r) => setTimeout(r, 3000));
    const started = await memoryMb(pid);
    const t0 = performance.now();
    const { requests, refused } = await session(`http://127.0.0.1:${port}`);
    const seconds = (performance.now() - t0) / 1000;
    const after = await memoryMb(pid);
    // The server gives memory back after 10 s without a request (platform/memory).
    await new Promise((r) => setTimeout(r, 20_000));
    const settled = await memoryMb(pid);
    await stopServer(server);
    await gone(pid);
    return { started, after, settled, requests, refused, seconds };
  } catch (err) {
    await stopServer(server);
    throw err;
  }
}

const describe = (m: Awaited<ReturnType<typeof measureSession>>) =>
  `a later start ${Math.round(m.started.rss)} MB, after a session of use (${m.requests} requests in ${m.seconds.toFixed(0)} s, ${m.refused} refused) ${Math.round(m.after.rss)} MB, 20 s later ${Math.round(m.settled.rss)} MB, peak ${Math.round(m.settled.peak)} MB`;

const dataDir = await mkdtemp(join(tmpdir(), 'teamline-rss-'));
let server: Awaited<ReturnType<typeof startServer>> | null = null;
try {
  await run('npm', ['run', 'seed:demo'], { DATA_DIR: dataDir });
  const port = await freePort();
  // The first start after the seed installs the job runner's schema: PGlite's WebAssembly memory
  // grows for it and never shrinks, so that process is measured apart from a later start.
  server = await startServer(dataDir, port);
  const firstPid = await serverPid(server.pid!);
  const first = await memoryMb(firstPid);
  await stopServer(server);
  await gone(firstPid);
  server = null;
  const measured = await measureSession(dataDir, port);
  const met = measured.settled.rss <= TARGET_MB;
  console.log(
    `embedded server RSS (demo data): first start after the seed ${Math.round(first.rss)} MB (peak ${Math.round(first.peak)} MB); ${describe(measured)} — target ${TARGET_MB} MB: ${met ? 'MET' : 'MISSED'}`,
  );
  // The pool is sized to the database (32 MB for the demo data); PGlite's own default for comparison.
  const large = await measureSession(dataDir, port, { PGLITE_SHARED_BUFFERS_MB: '128' });
  console.log(`  with PGLITE_SHARED_BUFFERS_MB=128 (PGlite's own default): ${describe(large)}`);
} finally {
  await stopServer(server);
  await rm(dataDir, { recursive: true, force: true });
}
