import { expect, test, type Page } from '@playwright/test';
import { languages } from '@teamline/contract';
import { resources } from '@teamline/contract/i18n';
import { expectNoA11yViolations } from '../support/axe.js';
import { newUser, signUpByApi } from '../support/journeys.js';
import { seedProject } from '../support/project-fixture.js';

/**
 * Every page of the app, checked by axe in each language at desktop and phone size: no violation of
 * any impact. Buttons and headings are found by their text in the walk's language, read from the
 * contract's texts, so a page is checked as a Korean or Vietnamese reader gets it.
 */
// Six long walks, each with its own member and project: they spread over the workers instead of
// queueing on one.
test.describe.configure({ mode: 'parallel' });

for (const lang of languages)
  for (const viewport of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    test(`axe finds nothing on any page (${lang}, ${viewport.name})`, async ({ page, request }) => {
      // A walk over every page with axe on each takes 1.5–3 min on two busy cores.
      test.setTimeout(300_000);
      const { ui } = resources[lang];
      await page.setViewportSize(viewport);
      const htmlLang = lang === 'kr' ? 'ko' : lang;
      // A visitor's pick on the login page: the pages before sign-in open in it.
      await page.goto('/#/login');
      await page.getByTestId('language-select').selectOption(lang);
      await expect(page.locator('html')).toHaveAttribute('lang', htmlLang);
      const check = (p: Page, what: string) =>
        expectNoA11yViolations(p, `${what} (${lang}, ${viewport.name})`);

      for (const [path, what] of [
        ['/#/login', 'login'],
        ['/#/mailform', 'sign-up mail form'],
        ['/#/find/id', 'find id'],
        ['/#/find/password', 'find password'],
        ['/#/guide', 'guide'],
        ['/#/mailauth?result=failure', 'mail authentication result'],
        ['/#/oauth/success?error=access_denied', 'Google sign-in result'],
        ['/#/oauth/pre', 'Google join without a session'],
      ] as const) {
        await page.goto(path);
        await expect(page.locator('main, form').first()).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', htmlLang);
        await check(page, what);
      }

      const user = newUser('axe');
      const { key } = await signUpByApi(request, user);
      const { projectIdx, story, milestone, document } = await seedProject(request, key);
      await page.goto('/#/login');
      await page.getByLabel(ui.login.email).fill(user.email);
      await page.getByLabel(ui.login.password, { exact: true }).fill(user.password);
      await page.getByRole('button', { name: ui.login.submit }).click();
      await expect(page).not.toHaveURL(/#\/login/);
      // Signing in applies the profile's language (English for a new account): the profile keeps this one.
      await page.goto('/#/profile');
      await page.getByTestId('language-select').selectOption(lang);
      await expect(page.locator('html')).toHaveAttribute('lang', htmlLang);

      await page.goto('/#/');
      await expect(page.getByText('Accessible shop').first()).toBeVisible();
      await check(page, 'home');

      await page.goto('/#/instruction/new-register');
      await expect(page.getByTestId('first-run-mode')).toBeVisible();
      await check(page, 'first-run steps');
      await page.goto(`/#/pilot/${projectIdx}`);
      await expect(page.getByTestId('pilot')).toBeVisible();
      await check(page, 'pilot');

      await page.goto('/#/profile');
      await expect(page.getByRole('heading').first()).toBeVisible();
      await check(page, 'profile');
      await page.locator('.avatar-popup__button').first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(page, 'profile popup');

      await page.goto(`/#/timeline/${projectIdx}`);
      await expect(page.getByTestId('story-row').first()).toBeVisible();
      await check(page, 'timeline');
      await page.goto(`/#/timeline/${projectIdx}?selectedStory=${story.storyIdx}`);
      await expect(page.locator('.status-badge').first()).toBeVisible();
      await check(page, 'story detail');
      await page.goto(`/#/timeline/${projectIdx}?selectedMilestone=${milestone.milestoneIdx}`);
      await expect(page.locator('.status-badge').first()).toBeVisible();
      await check(page, 'milestone detail');
      await page.goto(`/#/timeline/${projectIdx}`);
      await page.getByRole('button', { name: ui.planning.ganttView }).click();
      await expect(page.getByTestId('gantt-bar').first()).toBeVisible();
      await check(page, 'schedule (Gantt)');

      await page.goto(`/#/epic/${projectIdx}`);
      await expect(page.getByText('Payments').first()).toBeVisible();
      await check(page, 'epics');

      await page.goto(`/#/doclist/${projectIdx}`);
      await expect(page.getByTestId('document-list')).toBeVisible();
      await check(page, 'document list');
      await page.goto(`/#/document?documentIdx=${document.documentIdx}`);
      await expect(page.locator('.tiptap')).toContainText('Checkout');
      await check(page, 'document editor');

      await page.goto(`/#/dashboard/${projectIdx}`);
      await expect(page.getByTestId('dash-burn')).toBeVisible();
      await check(page, 'dashboard');
      await page.getByTestId('dash-workload').locator('.avatar-popup__button').first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(page, 'dashboard profile popup');

      await page.goto(`/#/request/${projectIdx}`);
      await expect(page.getByRole('button', { name: ui.request.newRequest })).toBeVisible();
      await check(page, 'requests');
      await page.getByRole('button', { name: ui.request.newRequest }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(page, 'new request form');
      await page.keyboard.press('Escape');

      await page.goto(`/#/calculate/expert/${projectIdx}`);
      await expect(page.getByRole('heading', { name: ui.settlement.headingExpert })).toBeVisible();
      await check(page, 'my settlement');
      await page.getByRole('tab', { name: ui.settlement.tabs.timeSheet }).click();
      await expect(page.getByTestId('week-total')).toBeVisible();
      await check(page, 'time sheet');
      await page.goto(`/#/calculate/client/${projectIdx}`);
      await expect(page.getByRole('button', { name: ui.settlement.contract.offer })).toBeVisible();
      await check(page, 'settlement (client view)');
      await page.getByRole('button', { name: ui.settlement.contract.offer }).click();
      await expect(page.getByRole('dialog', { name: ui.settlement.contract.offer })).toBeVisible();
      await check(page, 'contract offer form');
      await page.keyboard.press('Escape');

      await page.goto('/#/setting');
      const tabs = page.locator('[data-testid^="settings-tab-"]');
      await expect(tabs.first()).toBeVisible();
      const names = await tabs.evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? ''));
      expect(names.length).toBeGreaterThanOrEqual(4);
      for (const name of names) {
        await page.getByTestId(name).click();
        await expect(page.getByTestId(name)).toHaveAttribute('aria-selected', 'true');
        await check(page, name);
      }

      for (const [path, what] of [
        ['/#/recruitment', 'recruitment'],
        ['/#/document', 'documents (not available yet)'],
        ['/#/permission-denied', 'permission denied'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading').first()).toBeVisible();
        await check(page, what);
      }
    });
  }
