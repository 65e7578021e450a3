import { describe, expect, it } from 'vitest';
import { i18next, LANGUAGE_KEY, setLanguage } from '../lib/i18n';
import { pickLanguage } from './use-session';

describe('language choice wiring (docs/product/i18n-and-modes.md#languages)', () => {
  it('a signed-in profile with a supported lang wins over region and visitor choice', () => {
    expect(
      pickLanguage({ profile: { memberIdx: 3, lang: 'vi' }, isoCode: 'KR', visitorLanguage: 'en' }),
    ).toBe('vi');
  });
  it('logged out: the visitor pick beats the region', () => {
    expect(pickLanguage({ profile: null, isoCode: 'KR', visitorLanguage: 'vi' })).toBe('vi');
  });
  it('logged out without a pick: region decides (VN → vi, KR → kr, others → en)', () => {
    expect(pickLanguage({ profile: null, isoCode: 'VN', visitorLanguage: null })).toBe('vi');
    expect(pickLanguage({ profile: null, isoCode: 'KR', visitorLanguage: null })).toBe('kr');
    expect(pickLanguage({ profile: null, isoCode: 'US', visitorLanguage: null })).toBe('en');
    expect(pickLanguage({ profile: null, isoCode: null, visitorLanguage: null })).toBe('en');
  });
  it('a profile without memberIdx does not count as signed in', () => {
    expect(
      pickLanguage({ profile: { memberIdx: 0, lang: 'vi' }, isoCode: 'KR', visitorLanguage: null }),
    ).toBe('kr');
  });
  it('setLanguage loads the language, then switches the translations and <html lang>', async () => {
    expect(i18next.hasResourceBundle('kr', 'translation')).toBe(false);
    await setLanguage('kr');
    expect(i18next.t('ui.login.signUp')).toBe('회원가입');
    expect(document.documentElement.lang).toBe('ko');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('kr');
    await setLanguage('vi');
    expect(document.documentElement.lang).toBe('vi');
    await setLanguage('en');
    expect(i18next.t('ui.login.signUp')).toBe('Sign up');
  });

  it('keeps showing the current language until the next one is in, and the last call wins', async () => {
    const toKr = setLanguage('kr');
    // Not loaded yet: still English, never a raw key.
    expect(i18next.t('ui.login.signUp')).toBe('Sign up');
    const toVi = setLanguage('vi');
    await Promise.all([toKr, toVi]);
    expect(i18next.language).toBe('vi');
    expect(document.documentElement.lang).toBe('vi');
    await setLanguage('en');
  });
});
