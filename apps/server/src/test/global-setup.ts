import type { TestProject } from 'vitest/node';
import { createDatabaseTemplate, type DatabaseTemplate } from './database-template.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database each test file copies (test-app.ts `createTestDatabase`). */
    databaseTemplate: DatabaseTemplate;
  }
}

/** Vitest's global setup of the server project: migrates one template for the whole run. */
export default async function setup(project: TestProject) {
  const { template, remove } = await createDatabaseTemplate();
  project.provide('databaseTemplate', template);
  return remove;
}
