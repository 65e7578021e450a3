import { buildApp } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { DataFolderLockedError } from './infra/data-folder-lock.js';
import { MigrationFailedError } from './infra/db.js';

let config: AppConfig;
try {
  config = loadConfig();
} catch (err) {
  // Before the logger exists: one plain message naming each wrong variable, then stop.
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp(config);
} catch (err) {
  // Another process has the embedded database's folder (one line naming it and its pid), or a
  // migration failed (its name and statement; nothing of it kept): say so, then stop.
  if (!(err instanceof DataFolderLockedError) && !(err instanceof MigrationFailedError)) throw err;
  console.error(err.message);
  process.exit(1);
}

/** SIGTERM's whole drain must end within this; then the process leaves anyway (exit 1). */
const DRAIN_LIMIT_MS = 30_000;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => {
    app.log.error({ limitMs: DRAIN_LIMIT_MS }, 'shutdown timed out');
    process.exit(1);
  }, DRAIN_LIMIT_MS);
  timer.unref();
  try {
    // Readiness fails first and job workers stop taking work; after DRAIN_DELAY_MS the listener
    // closes, in-flight requests finish, sockets get 1012, then onClose (jobs, db, redis).
    // Ctrl-C at a terminal (SIGINT) has no balancer to warn: no delay.
    await app.drain(signal === 'SIGINT' ? { delayMs: 0 } : {});
    app.log.info('shut down');
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: '0.0.0.0' });
  app.log.info({ url: config.publicUrl, docs: `${config.publicUrl}/api/docs` }, 'Teamline is running');
} catch (err) {
  app.log.error({ err }, 'failed to start');
  await app.close().catch(() => undefined);
  process.exit(1);
}
