import { expect, test, type Page } from '@playwright/test';
import { languages, type Language } from '@teamline/contract';
import { resources } from '@teamline/contract/i18n';
import { apiAs, joinByInvitation, logIn, newUser, signUpByApi } from '../support/journeys.js';
import { layoutProblems } from '../support/phone-layout.js';
import { seedProject } from '../support/project-fixture.js';

/**
 * Every page on a 390×844 phone, in kr, en and vi, for a visitor and for a project's admin,
 * professional and client with real data: no page may scroll sideways, hide a control off-screen
 * or lay one control over another, and each has one h1 (support/phone-layout.ts). The language is
 * switched on the profile page, as a member does, so each account signs in once.
 */
const phone = { width: 390, height: 844 };
const htmlLang = (lang: Language) => (lang === 'kr' ? 'ko' : lang);

type Ui = (typeof resources)['en']['ui'];
type Visit = {
  path: string;
  what: string;
  ready?: (page: Page, ui: Ui) => Promise<void>;
  open?: (page: Page, ui: Ui) => Promise<void>;
};

async function walk(page: Page, visits: readonly Visit[], lang: Language, who: string) {
  const found: string[] = [];
  for (const visit of visits) {
    await page.goto(visit.path);
    await expect(page.locator('html')).toHaveAttribute('lang', htmlLang(lang));
    await expect(page.locator('main, form').first()).toBeVisible();
    if (visit.ready) await visit.ready(page, resources[lang].ui);
    // The header (its own chunk) and the page's data have arrived before the layout is judged; a
    // page that never shows an h1 is reported by layoutProblems.
    await page.waitForLoadState('networkidle');
    await page
      .locator('h1')
      .first()
      .waitFor({ state: 'attached', timeout: 5_000 })
      .catch(() => undefined);
    for (const problem of await layoutProblems(page)) found.push(`${who} ${lang} ${visit.what}: ${problem}`);
    if (visit.open) {
      await visit.open(page, resources[lang].ui);
      for (const problem of await layoutProblems(page, 1))
        found.push(`${who} ${lang} ${visit.what} (opened): ${problem}`);
    }
  }
  return found;
}

async function setLanguage(page: Page, lang: Language) {
  await page.goto('/#/profile');
  await page.getByTestId('language-select').selectOption(lang);
  await expect(page.locator('html')).toHaveAttribute('lang', htmlLang(lang));
}

test('every page fits a phone in every language, for a visitor and each role', async ({ page, request }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(phone);
  const problems: string[] = [];

  await test.step('a visitor', async () => {
    const visits: Visit[] = [
      { path: '/#/', what: 'home' },
      { path: '/#/login', what: 'login' },
      { path: '/#/mailform', what: 'sign-up mail form' },
      { path: '/#/find/password', what: 'find password' },
      { path: '/#/guide', what: 'guide' },
    ];
    for (const lang of languages) {
      await page.goto('/#/login');
      await page.getByTestId('language-select').selectOption(lang);
      problems.push(...(await walk(page, visits, lang, 'visitor')));
    }
  });

  const admin = newUser('phadmin');
  const adminKey = (await signUpByApi(request, admin)).key;
  const { projectIdx, story, document } = await seedProject(request, adminKey, 'Phone shop with a long name');
  for (const url of ['https://example.com/specification', 'https://example.org/design-board']) {
    await apiAs(request, adminKey, 'POST', '/link', { projectIdx, url });
  }
  const members = { professional: newUser('phpro'), client: newUser('phclient') };
  for (const [role, user] of [
    ['depth1', members.professional],
    ['client', members.client],
  ] as const) {
    const { key } = await signUpByApi(request, user);
    await joinByInvitation(request, { adminKey, projectIdx, role }, user, key);
  }

  const projectPages: Visit[] = [
    { path: '/#/', what: 'home' },
    { path: '/#/guide', what: 'guide' },
    { path: '/#/profile', what: 'profile' },
    { path: '/#/instruction/new-register', what: 'first steps' },
    {
      path: `/#/timeline/${projectIdx}`,
      what: 'timeline',
      ready: (p) => expect(p.getByTestId('story-row').first()).toBeVisible(),
    },
    {
      path: `/#/timeline/${projectIdx}?selectedStory=${story.storyIdx}`,
      what: 'story panel',
      ready: (p) => expect(p.locator('.status-badge').first()).toBeVisible(),
    },
    {
      path: `/#/dashboard/${projectIdx}`,
      what: 'dashboard',
      ready: (p) => expect(p.getByTestId('dash-burn')).toBeVisible(),
    },
    {
      path: `/#/epic/${projectIdx}`,
      what: 'epics',
      ready: (p) => expect(p.getByText('Payments').first()).toBeVisible(),
    },
    {
      path: `/#/doclist/${projectIdx}`,
      what: 'documents',
      ready: (p) => expect(p.getByTestId('document-list')).toBeVisible(),
    },
    {
      path: `/#/document?documentIdx=${document.documentIdx}`,
      what: 'document',
      ready: (p) => expect(p.locator('.tiptap')).toContainText('Checkout'),
    },
    { path: `/#/request/${projectIdx}`, what: 'requests' },
    { path: '/#/setting', what: 'settings' },
    { path: '/#/recruitment', what: 'recruitment' },
  ];
  const professionalPages: Visit[] = [
    {
      path: `/#/timeline/${projectIdx}`,
      what: 'timeline from a file',
      ready: (p) => expect(p.getByTestId('story-row').first()).toBeVisible(),
      open: async (p, ui) => {
        await p.getByRole('button', { name: ui.ai.timeline.open }).click();
        await expect(p.getByRole('dialog')).toBeVisible();
      },
    },
    {
      path: `/#/calculate/expert/${projectIdx}`,
      what: 'my settlement',
      ready: (p) => expect(p.getByRole('tab').first()).toBeVisible(),
      open: async (p, ui) => {
        await p.getByRole('tab', { name: ui.settlement.tabs.timeSheet }).click();
        await expect(p.getByRole('tabpanel')).toBeVisible();
      },
    },
  ];
  const clientPages: Visit[] = [{ path: `/#/calculate/client/${projectIdx}`, what: 'settlement (client)' }];

  for (const [who, user, visits] of [
    ['admin', admin, [...projectPages, ...professionalPages, ...clientPages]],
    ['professional', members.professional, [...projectPages, ...professionalPages]],
    ['client', members.client, [...projectPages, ...clientPages]],
  ] as const) {
    await test.step(`the ${who}`, async () => {
      await page.context().clearCookies();
      await page.goto('/#/login');
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      // The visitor's last pick was Vietnamese: the login page is read in English.
      await page.getByTestId('language-select').selectOption('en');
      await logIn(page, user);
      for (const lang of languages) {
        await setLanguage(page, lang);
        problems.push(...(await walk(page, visits, lang, who)));
      }
    });
  }

  expect(problems, problems.join('\n')).toEqual([]);
});
