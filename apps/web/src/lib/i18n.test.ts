import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resources } from '@teamline/contract/i18n';

/** The module loads its first language when imported; each test imports it afresh. */
const freshI18n = async () => {
  vi.resetModules();
  return (await import('./i18n')).i18next;
};

describe('first language, loaded before the first render', () => {
  beforeEach(() => localStorage.clear());

  it('starts in the language this browser showed last, with only its texts loaded', async () => {
    localStorage.setItem('teamline.lang', 'kr');
    const i18next = await freshI18n();
    expect(i18next.language).toBe('kr');
    expect(i18next.t('ui.login.signUp')).toBe('회원가입');
    expect(i18next.hasResourceBundle('en', 'translation')).toBe(false);
    expect(document.documentElement.lang).toBe('ko');
  });

  it("else in the visitor's pick from the login page, else in English", async () => {
    localStorage.setItem('teamline.visitorLang', JSON.stringify('vi'));
    expect((await freshI18n()).language).toBe('vi');
    localStorage.clear();
    const i18next = await freshI18n();
    expect(i18next.language).toBe('en');
    expect(i18next.t('ui.login.signUp')).toBe('Sign up');
  });
});

describe('feature texts, loaded with the routes that use them', () => {
  beforeEach(() => localStorage.clear());

  it('the first language brings the shell only; an area arrives when asked, and follows a language switch', async () => {
    vi.resetModules();
    const { i18next, loadUiAreas, setLanguage } = await import('./i18n');
    // The setup file loaded every area into an earlier instance; this fresh one starts bare.
    expect(i18next.exists('ui.planning.backlog')).toBe(false);
    expect(i18next.t('ui.login.signUp')).toBe('Sign up');
    await loadUiAreas(['planning']);
    expect(i18next.t('ui.planning.backlog')).toBe('Backlog');
    expect(i18next.exists('ui.dashboard.title')).toBe(false);
    await setLanguage('kr');
    expect(i18next.language).toBe('kr');
    expect(i18next.t('ui.planning.backlog')).toBe(resources.kr.ui.planning.backlog);
    expect(i18next.t('ui.login.signUp')).toBe('회원가입');
  });

  it('an area a route asks for while a language switch is loading arrives in the new language too', async () => {
    vi.resetModules();
    // The Vietnamese planning texts arrive only when the test says so.
    const planningVi = '../../../../packages/contract/src/i18n/vi/ui-planning.ts';
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    vi.doMock(planningVi, async () => {
      await gate;
      return vi.importActual(planningVi);
    });
    try {
      const { i18next, loadUiAreas, setLanguage } = await import('./i18n');
      await loadUiAreas(['planning']);
      // Signing in switches to the member's language; the router opens the first page while the
      // new language's planning texts are still coming.
      const switching = setLanguage('vi');
      while (!i18next.hasResourceBundle('vi', 'translation')) await new Promise((r) => setTimeout(r, 0));
      await loadUiAreas(['webhook', 'settings']);
      expect(i18next.language).toBe('en');
      release();
      await switching;
      expect(i18next.language).toBe('vi');
      expect(i18next.t('ui.webhook.title')).toBe(resources.vi.ui.webhook.title);
      expect(i18next.t('ui.settings.tabs.general')).toBe(resources.vi.ui.settings.tabs.general);
    } finally {
      vi.doUnmock(planningVi);
    }
  });
});
