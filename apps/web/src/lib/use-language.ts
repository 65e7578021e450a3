import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@teamline/contract';
import { useTranslation } from 'react-i18next';

/** The app's current language; the component re-renders when it changes (for the formatters). */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
