import { join } from 'node:path';
import type { AppConfig } from '../config.js';
import { openDatabase } from '../infra/db.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * An app on an on-disk embedded database in `dataDir`, opened as the server opens it (under the
 * folder's lock, migrations first). `stop()` closes both and leaves the folder in place.
 */
export async function embeddedAppOn(
  dataDir: string,
  config: Partial<AppConfig> = {},
): Promise<TestApp & { stop(): Promise<void> }> {
  const database = await openDatabase({
    dataDir: join(dataDir, 'db'),
    lock: { folder: dataDir, holder: 'server' },
  });
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
