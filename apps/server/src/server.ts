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

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // close() stops accepting connections, lets in-flight requests finish, then runs onClose (db, redis).
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out');
    process.exit(1);
  }, 15_000);
  timer.unref();
  try {
    await app.close();
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
