import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe.js';
import { layoutProblems } from '../support/phone-layout.js';
import {
  apiAs,
  createProjectByApi,
  joinByInvitation,
  logIn,
  newUser,
  signUpByApi,
} from '../support/journeys.js';

/**
 * The professional's earnings page (docs/product/earnings-and-spending.md#earnings): settlements of
 * two projects in two currencies, settled through the real routes (time, submit, approve, pay),
 * summed per currency; the yearly CSV statement downloads; axe at desktop and phone width.
 */
async function settledContract(
  request: APIRequestContext,
  o: {
    adminKey: string;
    proKey: string;
    projectIdx: number;
    memberInProjectIdx: number;
    currency: 'KRW' | 'USD';
    dailyRate: number;
    withholdingRateBp: number;
    months: { month: string; days: number; to: 'submitted' | 'approved' | 'paid' }[];
  },
) {
  const { storyIdx } = await apiAs<{ storyIdx: number }>(request, o.adminKey, 'POST', '/story', {
    projectIdx: o.projectIdx,
    title: 'Build',
    milestoneIdx: null,
  });
  const first = o.months[0]!.month;
  const last = o.months.at(-1)!.month;
  const { contractIdx } = await apiAs<{ contractIdx: number }>(request, o.adminKey, 'POST', '/contract', {
    projectIdx: o.projectIdx,
    memberInProjectIdx: o.memberInProjectIdx,
    dailyRate: o.dailyRate,
    currency: o.currency,
    startDt: `${first}01`,
    endDt: `${last}28`,
    scope: 'Work',
    withholdingRateBp: o.withholdingRateBp,
  });
  await apiAs(request, o.proKey, 'POST', `/contract/${contractIdx}/accept`);
  for (const { month, days, to } of o.months) {
    for (let day = 1; day <= days; day++)
      await apiAs(request, o.proKey, 'POST', '/timekeeping', {
        storyIdx,
        workDt: `${month}${String(day).padStart(2, '0')}`,
        minutes: 480,
      });
    const { settlements } = await apiAs<{ settlements: { settlementIdx: number; contractIdx: number }[] }>(
      request,
      o.adminKey,
      'GET',
      `/settlement?projectIdx=${o.projectIdx}&month=${month}`,
    );
    const { settlementIdx } = settlements.find((s) => s.contractIdx === contractIdx)!;
    await apiAs(request, o.proKey, 'POST', `/settlement/${settlementIdx}/submit`);
    if (to !== 'submitted') await apiAs(request, o.adminKey, 'POST', `/settlement/${settlementIdx}/approve`);
    if (to === 'paid')
      await apiAs(request, o.adminKey, 'POST', `/settlement/${settlementIdx}/pay`, {
        paidDt: `${month}28`,
        reference: `TX-${month}`,
      });
  }
}

test('a professional sees what two projects paid, per currency, and downloads the yearly statement', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // Last year: every month of it is over whatever day the suite runs.
  const year = new Date().getUTCFullYear() - 1;
  const agency = newUser('agency');
  const studio = newUser('studio');
  const pro = newUser('earner');
  const agencyKey = (await signUpByApi(request, agency)).key;
  const studioKey = (await signUpByApi(request, studio)).key;
  const proKey = (await signUpByApi(request, pro)).key;
  const shop = await createProjectByApi(request, agencyKey, 'Checkout rebuild');
  const app = await createProjectByApi(request, studioKey, 'Mobile app');
  const inShop = await joinByInvitation(
    request,
    { adminKey: agencyKey, projectIdx: shop.projectIdx, role: 'depth2' },
    pro,
    proKey,
  );
  const inApp = await joinByInvitation(
    request,
    { adminKey: studioKey, projectIdx: app.projectIdx, role: 'depth2' },
    pro,
    proKey,
  );
  // KRW 420,000 a day at 3.3 %: March 3 days paid (1,260,000 − 41,580), April 2 days approved
  // (840,000 − 27,720), May 1 day submitted (pending); USD $450.00 a day, no withholding: April 2 days paid.
  await settledContract(request, {
    adminKey: agencyKey,
    proKey,
    projectIdx: shop.projectIdx,
    memberInProjectIdx: inShop.memberInProjectIdx,
    currency: 'KRW',
    dailyRate: 420_000,
    withholdingRateBp: 330,
    months: [
      { month: `${year}03`, days: 3, to: 'paid' },
      { month: `${year}04`, days: 2, to: 'approved' },
      { month: `${year}05`, days: 1, to: 'submitted' },
    ],
  });
  await settledContract(request, {
    adminKey: studioKey,
    proKey,
    projectIdx: app.projectIdx,
    memberInProjectIdx: inApp.memberInProjectIdx,
    currency: 'USD',
    dailyRate: 45_000,
    withholdingRateBp: 0,
    months: [{ month: `${year}04`, days: 2, to: 'paid' }],
  });

  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await logIn(page, pro);

  await test.step('the menu leads to the page; the year shows totals per currency, never added together', async () => {
    await page.goto('/#/');
    await page.getByRole('link', { name: 'Earnings' }).click();
    await expect(page).toHaveURL(/#\/earnings/);
    await page.getByLabel('Year').selectOption(String(year));
    const months = page.getByTestId('earnings-months');
    await expect(months.getByRole('row', { name: /^Total KRW/ })).toContainText('₩2,100,000');
    await expect(months.getByRole('row', { name: /^Total KRW/ })).toContainText('₩69,300');
    await expect(months.getByRole('row', { name: /^Total KRW/ })).toContainText('₩2,030,700');
    await expect(months.getByRole('row', { name: /^Total USD/ })).toContainText('$900.00');
    await expect(page.locator('.earnings-pending')).toContainText('₩420,000');
    await expectNoA11yViolations(page, 'earnings page');
  });

  await test.step('the CSV statement of the KRW payer lists its months and the total', async () => {
    const download = page.waitForEvent('download');
    await page
      .getByRole('button', { name: `Download the ${year} statement of Checkout rebuild as CSV` })
      .click();
    const file = await download;
    const text = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
    expect(text).toContain(`${year}-03,KRW,Paid,${year}-03-28,3.3%,1260000,41580,1218420`);
    expect(text).toContain(`${year}-04,KRW,Approved,,3.3%,840000,27720,812280`);
    expect(text).not.toContain(`${year}-05`);
    expect(text).toContain('Total (KRW),KRW,,,,2100000,69300,2030700');
  });

  await test.step('at phone width the page fits and passes axe', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('earnings-payers')).toBeVisible();
    expect(await layoutProblems(page)).toEqual([]);
    await expectNoA11yViolations(page, 'earnings page at phone width');
  });
  await context.close();
});
