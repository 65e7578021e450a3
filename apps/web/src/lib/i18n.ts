import { DEFAULT_LANGUAGE, localeOf, type Language } from '@teamline/contract';
import { resources } from '@teamline/contract/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Product language codes are kr/en/vi; i18next uses them as-is, `<html lang>` gets the BCP 47 tag. */
export const htmlLangOf: Record<Language, string> = { kr: 'ko', en: 'en', vi: 'vi' };

void i18next.use(initReactI18next).init({
  resources: Object.fromEntries(
    Object.entries(resources).map(([lng, messages]) => [lng, { translation: messages }]),
  ),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

export function setLanguage(lang: Language): void {
  if (i18next.language !== lang) void i18next.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLangOf[lang];
}

export const currentLanguage = (): Language => (i18next.language as Language) || DEFAULT_LANGUAGE;
export const currentLocale = (): string => localeOf[currentLanguage()] ?? 'en-US';

export { i18next };
