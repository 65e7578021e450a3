import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Waits until the page shows no spinner or busy region (data loaded, charts drawn). */
export async function settle(page: Page) {
  await expect(page.locator('.spinner, [aria-busy="true"]')).toHaveCount(0);
}

/**
 * axe must find no violation at all (any impact) on the page as it stands. `busy: true` checks a
 * page that is waiting on purpose (a dialog asking for something while the call behind it waits).
 */
export async function expectNoA11yViolations(page: Page, what: string, options: { busy?: boolean } = {}) {
  if (!options.busy) await settle(page);
  const result = await runAxe(page);
  const found = result.violations.map(
    (v) => `${v.impact ?? ''} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(found, `axe on ${what}`).toEqual([]);
}

/**
 * axe's own `run` in the page, injected once per document. AxeBuilder injects axe again and opens a
 * blank page for every check (its cross-origin frame mode), several times slower over the hundreds of
 * checks in the suite; the app has no frames, and a page that does have one goes through AxeBuilder.
 */
export async function runAxe(page: Page): Promise<AxeResults> {
  if (page.frames().length > 1) return new AxeBuilder({ page }).analyze();
  if (!(await page.evaluate('typeof window.axe?.run === "function"'))) await page.evaluate(axeSource);
  return page.evaluate(() =>
    (window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResults> } }).axe.run(
      document,
      {
        resultTypes: ['violations'],
      },
    ),
  );
}
