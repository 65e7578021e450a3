import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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
  const result = await new AxeBuilder({ page }).analyze();
  const found = result.violations.map(
    (v) => `${v.impact ?? ''} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(found, `axe on ${what}`).toEqual([]);
}
