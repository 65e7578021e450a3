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
});
