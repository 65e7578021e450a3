import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * Coupons come from the operator command (`npm run coupon -- create …`, docs/product/billing.md#plans-and-prices).
 * The embedded database takes one process at a time, so the suite creates the billing journey's
 * coupon before the server starts (playwright.config.ts calls this in the main process) and hands
 * its number to the workers in `E2E_BILLING_COUPON`.
 */
export function createCouponBeforeServer(dataDir: string): void {
  if (process.env.E2E_BILLING_COUPON !== undefined) return;
  process.env.E2E_BILLING_COUPON = '';
  const result = spawnSync(
    'npm',
    [
      'run',
      '--silent',
      'coupon',
      '--workspace',
      '@teamline/server',
      '--',
      'create',
      '--type',
      'monthly',
      '--percent',
      '20',
      '--periods',
      '3',
      '--count',
      '1',
    ],
    {
      cwd: join(import.meta.dirname, '..', '..'),
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  const number = /\b[A-HJ-NP-Z2-9]{12}\b/.exec(result.stdout ?? '')?.[0];
  if (number) process.env.E2E_BILLING_COUPON = number;
  else console.warn(`The coupon command made no coupon: ${result.stderr || result.stdout || result.error}`);
}

/** The coupon number created before the server started. */
export function billingCoupon(): string {
  const number = process.env.E2E_BILLING_COUPON;
  if (!number) throw new Error('No coupon was created before the server started (see support/coupons.ts).');
  return number;
}
