import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe.js';
import { docxOf } from '../support/docx.js';
import { createProjectByApi, logIn, newUser, signUpByApi } from '../support/journeys.js';

/**
 * Issue 15 "AI timeline from a file": a Word plan made here, read by the offline generator, reviewed
 * (one story unchecked) and applied; the timeline then shows what was kept and nothing else.
 */
const plan = docxOf([
  { text: 'Beta release (2026-03-01 – 2026-03-31)', style: 'Heading1' },
  { text: 'Checkout page: 2026-03-02 – 2026-03-06' },
  { text: 'Payment webhook: 2026-03-09 – 2026-03-13' },
  { text: 'Launch (2026-04-01 – 2026-04-30)', style: 'Heading1' },
  { text: 'Press kit: 2026-04-01 – 2026-04-03' },
]);

test('upload a .docx plan, review the draft, uncheck one story, apply, see the timeline', async ({
  page,
  request,
}) => {
  const owner = newUser('aitl');
  const { key } = await signUpByApi(request, owner);
  const { projectIdx } = await createProjectByApi(request, key, 'AI plan');
  await logIn(page, owner);
  await page.goto(`/#/timeline/${projectIdx}`);

  await page.getByRole('button', { name: 'Timeline from a file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a timeline from a file' });
  // The browser refuses a wrong type before uploading anything.
  await dialog
    .getByTestId('ai-file')
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('x') });
  await expect(dialog.getByTestId('ai-file-error')).toHaveText(
    'Upload a PDF, Word (.docx), TXT or CSV file.',
  );

  await dialog.getByTestId('ai-file').setInputFiles({
    name: 'plan.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: plan,
  });
  await dialog.getByRole('button', { name: 'Read the file' }).click();
  await expect(dialog.getByTestId('ai-draft')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByTestId('ai-milestone')).toHaveCount(2);
  await expect(dialog.getByText(/Payment webhook: 2026-03-09/)).toBeVisible();
  await expectNoA11yViolations(page, 'the AI draft review');

  await dialog.getByRole('checkbox', { name: /Include “Payment webhook/ }).uncheck();
  await dialog.getByTestId('ai-apply').click();
  await expect(dialog).toBeHidden();

  const titles = page.getByTestId('story-row').locator('.tl-title');
  await expect(titles.filter({ hasText: 'Checkout page' })).toHaveCount(1);
  await expect(titles.filter({ hasText: 'Press kit' })).toHaveCount(1);
  await expect(titles.filter({ hasText: 'Payment webhook' })).toHaveCount(0);
  await expect(page.getByText(/Beta release/).first()).toBeVisible();
});

test('the draft review fits a phone screen', async ({ page, request }) => {
  const owner = newUser('aiph');
  const { key } = await signUpByApi(request, owner);
  const { projectIdx } = await createProjectByApi(request, key, 'AI phone');
  await page.setViewportSize({ width: 375, height: 740 });
  await logIn(page, owner);
  await page.goto(`/#/timeline/${projectIdx}`);
  await page.getByRole('button', { name: 'Timeline from a file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a timeline from a file' });
  await dialog
    .getByTestId('ai-file')
    .setInputFiles({ name: 'plan.docx', mimeType: 'application/octet-stream', buffer: plan });
  await dialog.getByRole('button', { name: 'Read the file' }).click();
  await expect(dialog.getByTestId('ai-draft')).toBeVisible({ timeout: 30_000 });
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  const overflow = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(dialog.getByTestId('ai-apply')).toBeInViewport();
});
