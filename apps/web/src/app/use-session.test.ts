import { describe, expect, it } from 'vitest';
import { i18next, setLanguage } from '../lib/i18n';
import { pickLanguage } from './use-session';

describe('language choice wiring (spec §9)', () => {
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
  it('setLanguage switches the translations and <html lang>', async () => {
    setLanguage('kr');
    await Promise.resolve();
    expect(i18next.t('ui.login.signUp')).toBe('회원가입');
    expect(document.documentElement.lang).toBe('ko');
    setLanguage('vi');
    expect(document.documentElement.lang).toBe('vi');
    setLanguage('en');
    expect(i18next.t('ui.login.signUp')).toBe('Sign up');
  });
});
