import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { repoRoot } from '../paths.js';

/**
 * The real server (`src/server.ts` through tsx) as a child process on a given environment, for tests
 * that kill it (`kill -9`) and start it again on the same data. Its log lines (pino JSON on stdout)
 * are kept so a test can wait for one.
 */
export interface ServerProcess {
  url: string;
  /** Every log line so far. */
  lines: string[];
  /** Resolves once `count` log lines match `pattern` (counting from the start). */
  waitForLines(pattern: RegExp, count: number, timeoutMs?: number): Promise<void>;
  /** SIGKILL: no shutdown hook runs, as if the machine lost power. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
  /** Sends a signal without waiting (the drain test watches what happens meanwhile). */
  signal(name: NodeJS.Signals): void;
  /** The exit code once the process has exited (null when a signal ended it). */
  exited: Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
  });

export async function startServer(env: Record<string, string>, timeoutMs = 120_000): Promise<ServerProcess> {
  const port = await freePort();
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(DATABASE_URL|TEST_|REDIS_URL|TOSS_|BILLING_|VITEST|NODE_ENV)/.test(name),
    ),
  ) as Record<string, string>;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: resolve(repoRoot, 'apps/server'),
    env: { ...base, PORT: String(port), RATE_LIMITS: 'off', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const exitCode = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const waiters = new Set<() => void>();
  let buffered = '';
  const take = (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts.filter(Boolean));
    for (const wake of waiters) wake();
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited at start:\n${lines.join('\n')}`);
    const ok = await fetch(`${url}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start in ${timeoutMs} ms:\n${lines.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    lines,
    waitForLines(pattern, count, waitMs = 60_000) {
      return new Promise<void>((done, fail) => {
        const check = () => {
          if (lines.filter((line) => pattern.test(line)).length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            done();
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          fail(new Error(`no ${count} log lines like ${String(pattern)} in ${waitMs} ms`));
        }, waitMs);
        waiters.add(check);
        check();
      });
    },
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
    signal(name) {
      child.kill(name);
    },
    exited: exitCode,
  };
}
