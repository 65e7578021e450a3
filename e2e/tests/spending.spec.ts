import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe.js';
import {
  apiAs,
  createProjectByApi,
  joinByInvitation,
  logIn,
  newUser,
  signUpByApi,
} from '../support/journeys.js';
import { layoutProblems } from '../support/phone-layout.js';

/**
 * The client's spending (issue 34, docs/product/spending-and-budgets.md): two projects paid in two
 * currencies, the table per project × month with totals per currency, and a budget set in the editor
 * that at once shows its 80 % mark reached. At desktop and phone width, with axe.
 */
test('a client sees spend across projects per currency and sets a budget that reaches 80 %', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const agency = newUser('agency');
  const client = newUser('client');
  const pro = newUser('pro');
  const agencyKey = (await signUpByApi(request, agency)).key;
  const clientKey = (await signUpByApi(request, client)).key;
  const proKey = (await signUpByApi(request, pro)).key;
  const a = await createProjectByApi(request, agencyKey, 'Checkout rebuild');
  const b = await createProjectByApi(request, clientKey, 'Mobile app', true);
  await joinByInvitation(
    request,
    { adminKey: agencyKey, projectIdx: a.projectIdx, role: 'client' },
    client,
    clientKey,
  );
  const proA = await joinByInvitation(
    request,
    { adminKey: agencyKey, projectIdx: a.projectIdx, role: 'depth2' },
    pro,
    proKey,
  );
  const proB = await joinByInvitation(
    request,
    { adminKey: clientKey, projectIdx: b.projectIdx, role: 'depth2' },
    pro,
    proKey,
  );
  // Last year's March and April: months that are always whole and past.
  const year = new Date().getUTCFullYear() - 1;
  const story = async (key: string, projectIdx: number) =>
    (
      await apiAs<{ storyIdx: number }>(request, key, 'POST', '/story', {
        projectIdx,
        title: 'Work',
        milestoneIdx: null,
      })
    ).storyIdx;
  await approvedMonths(request, {
    projectIdx: a.projectIdx,
    hirerKey: clientKey,
    proKey,
    mip: proA.memberInProjectIdx,
    storyIdx: await story(agencyKey, a.projectIdx),
    currency: 'KRW',
    dailyRate: 400_000,
    months: [`${year}03`, `${year}04`],
  });
  await approvedMonths(request, {
    projectIdx: b.projectIdx,
    hirerKey: clientKey,
    proKey,
    mip: proB.memberInProjectIdx,
    storyIdx: await story(clientKey, b.projectIdx),
    currency: 'USD',
    dailyRate: 45_000,
    months: [`${year}04`],
  });

  for (const [name, width, height] of [
    ['desktop', 1280, 900],
    ['phone', 390, 844],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    await logIn(page, client);
    await page.goto(`/#/spending/${a.projectIdx}`);
    await page.getByRole('button', { name: 'Previous year' }).click();
    const table = page.getByTestId('spending-table');
    // Four days of 480 minutes a month: ₩1,600,000 a month in A, $1,800.00 in B.
    await expect(table.getByRole('row', { name: /Checkout rebuild/ })).toContainText('₩3,200,000');
    await expect(table.getByRole('row', { name: /Mobile app/ })).toContainText('$1,800.00');
    await expect(page.getByTestId('spending-totals')).toContainText('₩3,200,000');
    await expect(page.getByTestId('spending-totals')).toContainText('$1,800.00');
    if (name === 'desktop') {
      const editor = page.getByTestId('budget-editor');
      await editor.getByLabel('Amount').fill('4,000,000');
      await editor.getByTestId('budget-save').click();
      await expect(page.getByText('Budget saved.')).toBeVisible();
      const row = page.getByTestId('budget-row');
      await expect(row).toContainText('₩3,200,000 spent of ₩4,000,000 (80 %)');
      await expect(row).toContainText('80 % reached');
    } else {
      await expect(page.getByTestId('budget-row')).toContainText('80 % reached');
      expect(await layoutProblems(page)).toEqual([]);
    }
    await expectNoA11yViolations(page, `spending (${name})`);
    await context.close();
  }
});

async function approvedMonths(
  request: APIRequestContext,
  o: {
    projectIdx: number;
    hirerKey: string;
    proKey: string;
    mip: number;
    storyIdx: number;
    currency: string;
    dailyRate: number;
    months: string[];
  },
) {
  const c = await apiAs<{ contractIdx: number }>(request, o.hirerKey, 'POST', '/contract', {
    projectIdx: o.projectIdx,
    memberInProjectIdx: o.mip,
    dailyRate: o.dailyRate,
    currency: o.currency,
    startDt: `${o.months[0]}01`,
    scope: 'Work',
    withholdingRateBp: 330,
  });
  await apiAs(request, o.proKey, 'POST', `/contract/${c.contractIdx}/accept`);
  for (const month of o.months) {
    for (const day of ['03', '04', '05', '06'])
      await apiAs(request, o.proKey, 'POST', '/timekeeping', {
        storyIdx: o.storyIdx,
        workDt: `${month}${day}`,
        minutes: 480,
      });
    const list = await apiAs<{ settlements: { settlementIdx: number; contractIdx: number }[] }>(
      request,
      o.hirerKey,
      'GET',
      `/settlement?projectIdx=${o.projectIdx}&month=${month}`,
    );
    const s = list.settlements.find((x) => x.contractIdx === c.contractIdx)!;
    await apiAs(request, o.proKey, 'POST', `/settlement/${s.settlementIdx}/submit`);
    await apiAs(request, o.hirerKey, 'POST', `/settlement/${s.settlementIdx}/approve`);
  }
}
