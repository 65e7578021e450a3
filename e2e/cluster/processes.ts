import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Waits until `url` answers with a status `accept` takes (an instance's `/api/ready` 200, or any
 * answer from nginx), polling every 100 ms; throws `why()` when the child exits first or time runs out.
 */
export async function waitForHttp(
  url: string,
  child: ChildProcess,
  accept: (status: number) => boolean,
  why: () => string,
  timeoutMs = 15_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(why());
    const status = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(1_000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status !== 0 && accept(status)) return;
    await sleep(100);
  }
  throw new Error(why());
}

/** SIGTERM, then SIGKILL after 10 s; resolves when the process is gone. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
