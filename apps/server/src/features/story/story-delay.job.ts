import type { FastifyInstance } from 'fastify';

/**
 * Open stories past their end date become delayed: once when the app is ready, then every
 * `delayJobMs`. Each run is one idempotent statement, so every instance may run it; 0 disables the
 * timer (tests call `services.story.runDelayJob` directly).
 */
export function registerDelayJob(app: FastifyInstance) {
  const everyMs = app.ctx.config.delayJobMs;
  if (everyMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = app.services.story
      .runDelayJob()
      .then((moved) => {
        if (moved.length > 0) app.log.info({ count: moved.length }, 'stories marked delayed');
      })
      .catch((err: unknown) => app.log.error({ err }, 'delay job failed'));
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    // A run still writing must finish before the database closes under it.
    await running;
  });
}
