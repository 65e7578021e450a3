/**
 * What the browser benches share: the server's own modules loaded through tsx, a free port, and the
 * built app started on a data folder (`npm run start -w @teamline/server`) and stopped again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';

export const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The server's own modules, loaded at run time through tsx (not type-checked with the e2e config,
 * which has other compiler settings than the server's).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;
export const serverModule = (path: string): Promise<Loose> =>
  import(pathToFileURL(join(ROOT, 'apps/server', path)).href);

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => done(port));
    });
  });
}

export async function startServer(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn('npm', ['run', 'start', '--workspace', '@teamline/server'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy in 60 s');
}

export async function stopServer(server: ChildProcess | null) {
  if (!server?.pid) return;
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  await new Promise((r) => setTimeout(r, 1500));
}

/**
 * Builds the app on `dataDir` (no rate limits: a bench signs in from one address), adds a member
 * with this e-mail and password and a project, runs `fill(app, actor, projectIdx)`, closes the app
 * (the embedded database allows one process) and returns the project id.
 */
export async function withBenchProject(
  dataDir: string,
  who: { email: string; password: string; project: string },
  fill: (app: Loose, actor: Loose, projectIdx: number) => Promise<void>,
): Promise<number> {
  const { buildApp } = await serverModule('src/app.ts');
  const { loadConfig } = await serverModule('src/config.ts');
  const { createMemberRepository } = await serverModule('src/features/account-store/member.repository.ts');
  const { hashPassword } = await serverModule('src/shared/crypto.ts');
  const app = await buildApp(
    {
      ...loadConfig({}),
      dataDir,
      databaseDir: join(dataDir, 'db'),
      outboxDir: join(dataDir, 'outbox'),
      filesDir: join(dataDir, 'files'),
      linkPreview: false,
      rateLimit: false,
      delayJobMs: 0,
    },
    { logger: false },
  );
  await app.ready();
  try {
    const member = await createMemberRepository(app.ctx.database.db).insert({
      email: who.email,
      passwordHash: await hashPassword(who.password),
      name: 'Bench',
      nickname: 'bench',
      phone: '0100',
    });
    const session = await app.services.auth.startSession(member.memberIdx);
    const actor = await app.services.auth.authenticate(session.key);
    const project = await app.services.project.create(actor, { name: who.project, isClient: false });
    await fill(app, actor, project.projectIdx);
    return project.projectIdx as number;
  } finally {
    await app.close();
  }
}

/** Signs in through the login page of the running app; the context keeps the session. */
export async function signInByPage(page: Page, base: string, email: string, password: string) {
  await page.goto(`${base}/#/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in with email' }).click();
  await page.waitForURL((u) => !u.hash.startsWith('#/login'));
}
