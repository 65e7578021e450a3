import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  apiAs,
  createProjectByApi,
  joinByInvitation,
  logIn,
  newUser,
  signUpByApi,
  type TestUser,
} from '../support/journeys.js';

const pad = (n: number) => String(n).padStart(2, '0');
const code = (d: Date) => `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/**
 * Last week's working days that fall in the month of its Monday: the week the professional logs,
 * all in one settlement month whatever day the suite runs on.
 */
function lastWeek(now = new Date()) {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const monday = new Date(today);
  monday.setUTCDate(today.getUTCDate() - ((today.getUTCDay() + 6) % 7) - 7);
  const days = Array.from({ length: 5 }, (_, i) => {
    const d = new Date(monday);
    d.setUTCDate(monday.getUTCDate() + i);
    return d;
  }).filter((d) => d.getUTCMonth() === monday.getUTCMonth());
  const monthStart = new Date(Date.UTC(monday.getUTCFullYear(), monday.getUTCMonth(), 1));
  return { days, month: code(monday).slice(0, 6), monthStart };
}

async function pageFor(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await logIn(page, user);
  return page;
}

test('a client offers a contract, the professional logs a week and is paid after a return and a resubmission', async ({
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
  const { projectIdx } = await createProjectByApi(request, agencyKey, 'Checkout rebuild');
  await joinByInvitation(request, { adminKey: agencyKey, projectIdx, role: 'client' }, client, clientKey);
  await joinByInvitation(request, { adminKey: agencyKey, projectIdx, role: 'depth2' }, pro, proKey);
  await apiAs(request, agencyKey, 'POST', '/story', {
    projectIdx,
    title: 'Payment form',
    milestoneIdx: null,
  });
  const { days, month, monthStart } = lastWeek();
  const clientView = `/#/calculate/client/${projectIdx}?month=${month}`;
  const expertView = `/#/calculate/expert/${projectIdx}?month=${month}`;

  const clientPage = await pageFor(browser, client);
  await test.step('the client offers a contract from the settlement page', async () => {
    await clientPage.goto(clientView);
    await clientPage.getByRole('button', { name: 'Offer a contract' }).click();
    const form = clientPage.getByRole('dialog', { name: 'Offer a contract' });
    await form.getByLabel('Professional').selectOption({ label: pro.nickname });
    await form.getByLabel('Daily rate').fill('400,000');
    await form.getByLabel('Currency').selectOption('KRW');
    await form.getByLabel('Start date').fill(iso(monthStart));
    await form.getByLabel('Scope of work').fill('Rebuild the payment form');
    await form.getByLabel('Withholding (%)').fill('3.3');
    await form.getByRole('button', { name: 'Send offer' }).click();
    await expect(clientPage.getByText('The contract was offered.')).toBeVisible();
    await expect(clientPage.locator('.contracts-panel')).toContainText('Offered');
  });

  const medium = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
  const proPage = await pageFor(browser, pro);
  await test.step('the professional accepts the offer where it arrives, in requests', async () => {
    await proPage.goto(`/#/request/${projectIdx}`);
    const offerItem = proPage.getByRole('button', { name: /Contract offer.*Rebuild the payment form/ });
    // The offer's date is the contract's start (already past), not a due date that reads as overdue.
    await expect(offerItem).toContainText(`Starts ${medium.format(monthStart)}`);
    await expect(offerItem).not.toContainText('Due');
    await offerItem.click();
    const offer = proPage.locator('.contract-offer');
    await expect(offer).toContainText('Rebuild the payment form');
    await offer.getByRole('button', { name: 'Accept' }).click();
    await expect(proPage.getByText('You accepted the contract.')).toBeVisible();
  });

  const cell = (date: Date) =>
    proPage.getByRole('textbox', { name: `Payment form, ${medium.format(date)}`, exact: true });
  await test.step('the professional logs last week in the time sheet', async () => {
    await proPage.goto(expertView);
    await proPage.getByRole('tab', { name: 'Time sheet' }).click();
    await proPage.getByRole('button', { name: 'Previous week' }).click();
    await proPage.getByLabel('Add a row').selectOption({ label: 'Payment form' });
    await proPage.getByRole('button', { name: 'Add', exact: true }).click();
    for (const day of days) {
      await cell(day).fill('8');
      await cell(day).press('Tab');
    }
    await expect(proPage.getByTestId('week-total')).toContainText(`${days.length * 8}:00`);
  });

  const gross = days.length * 400_000;
  const withholding = Math.floor((gross * 330) / 10_000);
  const won = (n: number) => `₩${n.toLocaleString('en-US')}`;
  await test.step('and submits the month', async () => {
    await proPage.getByRole('tab', { name: 'Settlement' }).click();
    const card = proPage.locator('.settlement-card');
    await expect(card).toContainText(won(gross));
    await expect(card).toContainText(won(gross - withholding));
    await card.getByRole('button', { name: 'Submit' }).click();
    await proPage.getByRole('alertdialog').getByRole('button', { name: 'Submit' }).click();
    await expect(card).toContainText('Submitted');
  });

  await test.step('the client returns it with a note', async () => {
    await clientPage.goto(clientView);
    const row = clientPage.locator('.settlement-panel');
    await expect(row).toContainText('Submitted');
    await row.getByRole('button', { name: 'Return' }).click();
    const dialog = clientPage.getByRole('dialog', { name: 'Return the settlement' });
    await dialog.getByLabel('Note to the professional').fill('The last day was a public holiday.');
    await dialog.getByRole('button', { name: 'Return' }).click();
    await expect(row).toContainText('Returned');
  });

  const last = days[days.length - 1]!;
  await test.step('the professional reads the note, fixes the week and resubmits', async () => {
    await proPage.goto(expertView);
    await expect(proPage.getByRole('note', { name: 'Returned with a note' })).toContainText('public holiday');
    await proPage.getByRole('tab', { name: 'Time sheet' }).click();
    await proPage.getByRole('button', { name: 'Previous week' }).click();
    await cell(last).fill('');
    await cell(last).press('Tab');
    await expect(proPage.getByTestId('week-total')).toContainText(`${(days.length - 1) * 8}:00`);
    await proPage.getByRole('tab', { name: 'Settlement' }).click();
    const card = proPage.locator('.settlement-card');
    await expect(card).toContainText(won(gross - 400_000));
    await card.getByRole('button', { name: 'Submit' }).click();
    await proPage.getByRole('alertdialog').getByRole('button', { name: 'Submit' }).click();
    await expect(card).toContainText('Submitted');
  });

  await test.step('the client approves and downloads the PDF and CSV statements', async () => {
    await clientPage.goto(clientView);
    const panel = clientPage.locator('.settlement-panel');
    await panel.getByRole('button', { name: 'Approve' }).click();
    await expect(panel).toContainText('Approved');
    const [csv] = await Promise.all([
      clientPage.waitForEvent('download'),
      panel.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const csvText = await readFile(await csv.path(), 'utf8');
    expect(csvText.charCodeAt(0)).toBe(0xfeff);
    expect(csvText).toContain('Payment form');
    expect(csvText).toContain(String(gross - 400_000));
    const [pdf] = await Promise.all([
      clientPage.waitForEvent('download'),
      panel.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    const pdfBytes = await readFile(await pdf.path());
    expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  await test.step('the approved amount is the spend on the client’s dashboard', async () => {
    await clientPage.goto(`/#/dashboard/${projectIdx}`);
    await expect(clientPage.getByTestId('dash-spend')).toContainText(won(gross - 400_000));
  });
});
