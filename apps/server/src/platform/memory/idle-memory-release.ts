import type { FastifyInstance } from 'fastify';

/**
 * Gives memory back once the server has been idle: IDLE_RELEASE_MS after the last HTTP request,
 * if any came since the last time, one memory-reducing collection of V8's heap (the `gc` that
 * `npm start`'s `--expose-gc` provides, in its "last-resort" flavour: it compacts the heap and
 * returns the pages V8 keeps pooled for reuse). A busy server keeps what it uses; an idle one held
 * ~55 MB more than it needed until then, since V8 left those pages mapped (docs/decisions.md
 * "The server gives memory back when idle"). The collection takes ~150 ms of the main thread, so a
 * request arriving during it waits that long, at most once per idle pause.
 */
export const IDLE_RELEASE_MS = 10_000;

type Collect = () => void;

/** V8's `gc` with the options of Node 22+; absent unless node runs with `--expose-gc`. */
type ExposedGc = (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

export function exposedMemoryRelease(): Collect | null {
  const gc = (globalThis as { gc?: ExposedGc }).gc;
  if (typeof gc !== 'function') return null;
  return () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

export interface IdleMemoryRelease {
  /** A request started or ended: the idle pause starts again. */
  activity(): void;
  stop(): void;
}

export function createIdleMemoryRelease(options: {
  collect: Collect;
  idleMs?: number;
  onReleased?: (released: { rssBeforeMb: number; rssAfterMb: number; ms: number }) => void;
}): IdleMemoryRelease {
  const idleMs = options.idleMs ?? IDLE_RELEASE_MS;
  // The start itself leaves memory to give back (PGlite's WebAssembly compilation), so the first
  // pause releases even before any request.
  let usedSinceRelease = true;
  const release = () => {
    if (!usedSinceRelease) return;
    usedSinceRelease = false;
    const rssBefore = process.memoryUsage.rss();
    const started = performance.now();
    options.collect();
    options.onReleased?.({
      rssBeforeMb: Math.round(rssBefore / 2 ** 20),
      rssAfterMb: Math.round(process.memoryUsage.rss() / 2 ** 20),
      ms: Math.round(performance.now() - started),
    });
  };
  const timer = setTimeout(release, idleMs);
  timer.unref();
  return {
    activity() {
      usedSinceRelease = true;
      timer.refresh();
    },
    stop() {
      clearTimeout(timer);
    },
  };
}

/** Wires the release to the app's requests, when the process can collect on demand. */
export function registerIdleMemoryRelease(
  app: FastifyInstance,
  collect: Collect | null = exposedMemoryRelease(),
) {
  if (!collect) return;
  const idle = createIdleMemoryRelease({
    collect,
    onReleased: (released) => app.log.debug(released, 'memory released after an idle pause'),
  });
  app.addHook('onRequest', (_request, _reply, done) => {
    idle.activity();
    done();
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    idle.activity();
    done();
  });
  app.addHook('onClose', (_app, done) => {
    idle.stop();
    done();
  });
}
