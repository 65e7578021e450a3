import { chromium } from '@playwright/test';
import { chromiumArgs, findChromium } from './support/browser.js';

const base = 'http://localhost:8290';
const { executablePath } = await findChromium();
const browser = await chromium.launch({ executablePath, args: chromiumArgs });
for (const [lang, width] of [
  ['en', 1280],
  ['kr', 390],
] as const) {
  const ctx = await browser.newContext({ viewport: { width, height: 860 } });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  await page.goto(`${base}/#/login`);
  await page.getByTestId('language-select').selectOption(lang);
  await page.locator('input[type=email]').fill('admin@demo.teamline.test');
  await page.locator('input[type=password]').fill('teamline-demo-1');
  await page.locator('form button[type=submit]').first().click();
  await page.waitForURL((u) => !u.hash.startsWith('#/login'));
  await page.goto(`${base}/#/timeline/1`);
  await page.waitForTimeout(1500);
  await page.getByTestId('ai-timeline-open').click().catch(async () => {
    await page.getByRole('button', { name: /file|파일/i }).first().click();
  });
  await page.waitForTimeout(500);
  await page.locator('input[type=file]').setInputFiles('/tmp/plan-kr.txt');
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/look-ai-pick-${lang}.png` });
  const go = page.getByTestId('ai-upload');
  if (await go.count()) await go.click();
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/look-ai-draft-${lang}.png`, fullPage: false });
  await page.keyboard.press('Escape');
  await page.goto(`${base}/#/doclist/1`);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/look-doclist-${lang}.png` });
  await page.getByTestId('ai-document-open').click().catch(async () => {
    await page.getByRole('button', { name: /AI/ }).first().click();
  });
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/look-aidoc-${lang}.png` });
  await ctx.close();
}
await browser.close();
