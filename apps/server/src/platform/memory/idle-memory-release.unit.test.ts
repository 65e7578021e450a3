import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createIdleMemoryRelease,
  IDLE_RELEASE_MS,
  registerIdleMemoryRelease,
} from './idle-memory-release.js';

describe('idle memory release', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('collects once after an idle pause, and not again until the server is used', () => {
    const collect = vi.fn();
    const idle = createIdleMemoryRelease({ collect, idleMs: 1000 });
    vi.advanceTimersByTime(999);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledTimes(1);
    // Still idle: nothing was allocated since, so nothing more to give back.
    idle.activity();
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(10_000);
    expect(collect).toHaveBeenCalledTimes(2);
    idle.stop();
  });

  it('waits while requests keep coming', () => {
    const collect = vi.fn();
    const idle = createIdleMemoryRelease({ collect, idleMs: 1000 });
    for (let i = 0; i < 20; i++) {
      vi.advanceTimersByTime(600);
      idle.activity();
    }
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(1);
    idle.stop();
  });

  it("counts the app's requests as use, and stops with the app", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const collect = vi.fn();
    const app = Fastify();
    app.get('/ping', () => 'pong');
    registerIdleMemoryRelease(app, collect);
    vi.advanceTimersByTime(IDLE_RELEASE_MS - 100);
    expect((await app.inject({ method: 'GET', url: '/ping' })).body).toBe('pong');
    vi.advanceTimersByTime(IDLE_RELEASE_MS - 100);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(collect).toHaveBeenCalledTimes(1);
    await app.inject({ method: 'GET', url: '/ping' });
    await app.close();
    vi.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('does nothing when node cannot collect on demand (no --expose-gc)', async () => {
    const app = Fastify();
    app.get('/ping', () => 'pong');
    registerIdleMemoryRelease(app, null);
    expect((await app.inject({ method: 'GET', url: '/ping' })).statusCode).toBe(200);
    await app.close();
  });
});

describe("node's collection on demand (npm start's --expose-gc)", () => {
  it('gives back the heap that garbage held', () => {
    const script = `
      import { exposedMemoryRelease } from ${JSON.stringify(pathToFileURL(join(import.meta.dirname, 'idle-memory-release.ts')).href)};
      let garbage = Array.from({ length: 200 }, (_, i) => Array.from({ length: 20000 }, (_, j) => ({ i, j })));
      const before = process.memoryUsage().heapTotal;
      garbage = null;
      exposedMemoryRelease()();
      console.log(JSON.stringify({ before, after: process.memoryUsage().heapTotal }));
    `;
    const child = spawnSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script],
      {
        encoding: 'utf8',
      },
    );
    expect(child.stderr).toBe('');
    const { before, after } = JSON.parse(child.stdout) as { before: number; after: number };
    expect(before).toBeGreaterThan(100 * 2 ** 20);
    expect(after).toBeLessThan(before / 4);
  });
});
