import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findChromium, traceOnFailure } from './support/browser.js';
import { createCouponBeforeServer } from './support/coupons.js';

/**
 * The end-to-end suite runs the real built app (API + web on one port) on a fresh embedded database,
 * and drives Chromium (support/browser.ts: Debian's, or the one inside @sparticuz/chromium). The config
 * is evaluated again in each worker, so the run's data folder and browser are fixed once through
 * environment variables the workers inherit.
 */
const browser = await findChromium();
process.env.CHROMIUM_PATH = browser.executablePath;
const PORT = Number(process.env.E2E_PORT ?? 8181);
// The OpenID Connect issuer of "Sign-in with Google" (support/oidc-issuer.mjs, tests/oidc.spec.ts).
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 8182);
const oidc = {
  issuer: `http://127.0.0.1:${OIDC_PORT}`,
  clientId: 'teamline-e2e',
  clientSecret: 'teamline-e2e-secret',
  redirectUri: `http://localhost:${PORT}/api/auth/oauth/google/callback`,
};
// A GitHub API fake the GitHub journey starts on this port (tests/github.spec.ts).
const GITHUB_PORT = Number(process.env.E2E_GITHUB_PORT ?? 8183);
process.env.E2E_GITHUB_PORT = String(GITHUB_PORT);
process.env.E2E_DATA_DIR ??= join(tmpdir(), `teamline-e2e-${process.pid}-${Date.now()}`);
const dataDir = process.env.E2E_DATA_DIR;
if (!existsSync(dataDir)) {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
}
// The billing journey's coupon, made by the operator command while no server holds the database.
createCouponBeforeServer(dataDir);

export default defineConfig({
  testDir: './tests',
  // One worker by default: on two cores a second one made no run faster (docs/decisions.md "Tests").
  // Journeys sign up their own members and projects, so E2E_WORKERS=2+ works on a bigger machine.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: traceOnFailure,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: browser.executablePath,
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: 'node support/oidc-issuer.mjs',
      url: `${oidc.issuer}/.well-known/openid-configuration`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        E2E_OIDC_PORT: String(OIDC_PORT),
        E2E_OIDC_REDIRECT_URI: oidc.redirectUri,
        E2E_OIDC_CLIENT_ID: oidc.clientId,
        E2E_OIDC_CLIENT_SECRET: oidc.clientSecret,
      },
    },
    {
      command: 'npm run start --workspace @teamline/server',
      cwd: '..',
      url: `http://localhost:${PORT}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        PUBLIC_URL: `http://localhost:${PORT}`,
        DATA_DIR: dataDir,
        GITHUB_API_URL: `http://127.0.0.1:${GITHUB_PORT}`,
        GITHUB_WEB_URL: `http://127.0.0.1:${GITHUB_PORT}`,
        LOG_LEVEL: 'warn',
        // The journeys sign up many users from 127.0.0.1; the limits themselves are tested on the server.
        RATE_LIMITS: 'off',
        // The webhook journey's receiver listens on this machine (127.0.0.1), a private address.
        WEBHOOK_ALLOW_PRIVATE: 'true',
        OIDC_ISSUER: oidc.issuer,
        OIDC_CLIENT_ID: oidc.clientId,
        OIDC_CLIENT_SECRET: oidc.clientSecret,
      },
    },
  ],
});
