import { join } from 'node:path';
import type { AppConfig } from '../config.js';
import { createTestApp, openDataFolder, type TestApp } from './test-app.js';

/**
 * An app on an on-disk embedded database in `dataDir`, opened as the server opens it (under the
 * folder's lock; a new folder starts as the run's migrated template). `stop()` closes both and leaves the folder in place.
 */
export async function embeddedAppOn(
  dataDir: string,
  config: Partial<AppConfig> = {},
): Promise<TestApp & { stop(): Promise<void> }> {
  const database = await openDataFolder(join(dataDir, 'db'), { lock: { folder: dataDir, holder: 'server' } });
  const t = await createTestApp({
    database,
    config: {
      dataDir,
      databaseDir: join(dataDir, 'db'),
      filesDir: join(dataDir, 'files'),
      outboxDir: join(dataDir, 'outbox'),
      ...config,
    },
  });
  return {
    ...t,
    async stop() {
      await t.app.close();
      await database.close();
    },
  };
}
