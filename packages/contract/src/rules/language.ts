import { DEFAULT_LANGUAGE, languages, type Language } from '../constants.js';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/**
 * docs/product/i18n-and-modes.md#languages: a signed-in profile with a supported lang wins; otherwise the region's
 * country code: VN gives vi, any other code lowercased is used if supported (KR → kr); else en.
 */
export function chooseLanguage(input: {
  profile?: { memberIdx?: number | null; lang?: string | null } | null;
  isoCode?: string | null;
}): Language {
  const { profile, isoCode } = input;
  if (profile?.memberIdx && isLanguage(profile.lang)) return profile.lang;
  if (!isoCode) return DEFAULT_LANGUAGE;
  if (isoCode.toUpperCase() === 'VN') return 'vi';
  const lower = isoCode.toLowerCase();
  return isLanguage(lower) ? lower : DEFAULT_LANGUAGE;
}

/** BCP 47 locale of each product language, for dates and numbers. */
export const localeOf: Record<Language, string> = { kr: 'ko-KR', en: 'en-US', vi: 'vi-VN' };

/** i18next's plural suffix of `count` in `lang`: `one` or `other` in English, always `other` in kr and vi. */
export const pluralForm = (lang: Language, count: number): Intl.LDMLPluralRule =>
  new Intl.PluralRules(localeOf[lang]).select(count);
