import { chromium, type Page } from '@playwright/test';
import { chromiumArgs, findChromium } from './support/browser.js';
const B = 'http://localhost:8290';
const browser = await chromium.launch({ executablePath: (await findChromium()).executablePath, args: chromiumArgs });
async function login(page: Page, who: string) {
  await page.goto(`${B}/#/login`);
  await page.getByLabel('Email').fill(`${who}@demo.teamline.test`);
  await page.getByLabel('Password', { exact: true }).fill('teamline-demo-1');
  await page.getByRole('button', { name: 'Log in with email' }).click();
  await page.waitForURL((u) => !u.hash.includes('login'));
}
async function setLang(page: Page, lang: string) {
  await page.evaluate(async (lang) => {
    const s = JSON.parse(localStorage.getItem('teamline.auth') ?? '{}');
    void s;
    localStorage.setItem('teamline.lang', lang);
  }, lang);
}
const shots: [string, string, string, { width: number; height: number }, string?][] = [
  ['client', 'en', '/#/calculate/client/1?month=202611', { width: 1280, height: 900 }],
  ['client', 'kr', '/#/calculate/client/1?month=202611', { width: 1280, height: 900 }],
  ['client', 'vi', '/#/calculate/client/1?month=202611', { width: 390, height: 844 }],
  ['dev', 'en', '/#/calculate/expert/1?month=202611', { width: 1280, height: 900 }],
  ['dev', 'vi', '/#/calculate/expert/1?month=202611', { width: 1280, height: 900 }, 'Bảng chấm công'],
  ['dev', 'en', '/#/calculate/expert/1?month=202611', { width: 390, height: 844 }, 'Time sheet'],
  ['lead', 'kr', '/#/calculate/expert/1?month=202611', { width: 1280, height: 900 }],
];
let i = 0;
for (const [who, lang, path, viewport, tab] of shots) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await login(page, who);
  await setLang(page, lang);
  await page.goto(`${B}${path}`);
  await page.reload();
  await page.waitForTimeout(1500);
  if (tab) {
    await page.getByRole('tab', { name: tab }).click();
    await page.getByRole('button').filter({ hasText: /Previous week|Tuần trước|이전 주/ }).first().click();
    await page.waitForTimeout(1000);
  }
  await page.screenshot({ path: `/tmp/look-${++i}-${who}-${lang}-${viewport.width}.png`, fullPage: true });
  await context.close();
}
await browser.close();
