import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (pure rules), `web` (React components in jsdom) and `server` (the API through
 * real routes on PGlite, or on PostgreSQL/Redis when TEST_DATABASE_URL / TEST_REDIS_URL are set).
 */
export default defineConfig({
  test: {
    // Two files at a time on two cores: vitest's default (cores - 1) ran them one by one.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/contract/src/**/*.test.ts', 'apps/server/src/**/*.unit.test.ts'],
          environment: 'node',
          // Worker threads, not forks: each file still gets its own module graph, started for less
          // (17 → 11 s here; docs/decisions.md "Tests").
          pool: 'threads',
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test-setup.ts'],
          // Above the 5 s `findBy…` waits for (test-setup.ts), so a screen that never comes fails with its DOM.
          testTimeout: 15_000,
          // Threads: jsdom and the translations load per file either way, for a third less CPU than
          // in forks (284 → 176 s, 153 → 97 s alone).
          pool: 'threads',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.unit.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Migrates one database for the run; each file copies it (apps/server/src/test/database-template.ts).
          globalSetup: ['./apps/server/src/test/global-setup.ts'],
          // PGlite runs on the calling thread; separate forks keep suites from blocking each other.
          pool: 'forks',
          fileParallelism: true,
          // Each fork keeps its imported modules from one file to the next: a file used to spend ~4 s
          // importing the app again, half the suite's time (docs/decisions.md "Tests"). Every file builds
          // its own app and database, and no server test changes process.env or mocks a module.
          isolate: false,
        },
      },
    ],
  },
});
