import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findChromium, traceOnFailure } from '../support/browser.js';

/**
 * The many-instance journey (journey.spec.ts): it starts its own cluster (three built instances on a
 * fresh PostgreSQL database, Redis, an S3 fake, nginx or a Node proxy) on E2E_CLUSTER_PORT (8190)
 * and the three ports after it, apart from the main suite's ports (E2E_PORT, 8181–8184).
 */
const browser = await findChromium();
process.env.CHROMIUM_PATH = browser.executablePath;
const PORT = Number(process.env.E2E_CLUSTER_PORT ?? 8190);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: traceOnFailure,
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: browser.executablePath, args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
});
