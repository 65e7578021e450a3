import { DEFAULT_LANGUAGE, isLanguage, localeOf, type Language } from '@teamline/contract';
import type { UiArea, WebShellMessages } from '@teamline/contract/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Product language codes are kr/en/vi; i18next uses them as-is, `<html lang>` gets the BCP 47 tag. */
export const htmlLangOf: Record<Language, string> = { kr: 'ko', en: 'en', vi: 'vi' };

/**
 * Each language is its own chunk, fetched when first used: a page carries the texts of one
 * language, not three. That chunk holds the shell's texts; each feature area (`ui.<area>.*`) is a
 * chunk of its own per language, fetched with the routes that use it (`loadUiAreas`).
 */
const loaders: Record<Language, () => Promise<{ messages: WebShellMessages }>> = {
  en: () => import('@teamline/contract/i18n/en/web'),
  kr: () => import('@teamline/contract/i18n/kr/web'),
  vi: () => import('@teamline/contract/i18n/vi/web'),
};

/** The language last shown in this browser: the first guess of the next visit, so it starts in it. */
export const LANGUAGE_KEY = 'teamline.lang';

/** Before any is remembered: the visitor's pick on the login page (use-session.ts, stored as JSON). */
function rememberedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    if (isLanguage(value)) return value;
    const visitor: unknown = JSON.parse(localStorage.getItem('teamline.visitorLang') ?? 'null');
    return isLanguage(visitor) ? visitor : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function remember(lang: Language): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, lang);
  } catch {
    // storage full or disabled: the next visit starts in the default language
  }
}

const areaModules = import.meta.glob<Record<string, object>>([
  '../../../../packages/contract/src/i18n/*/ui-*.ts',
  '!**/ui-shell.ts',
  '!**/ui-memberName.ts',
]);

/** The areas some route has asked for: a language switched to later loads them too. */
const wantedAreas = new Set<UiArea>();
const loadedAreas = new Set<string>();

async function ensureArea(lang: Language, area: UiArea): Promise<void> {
  if (loadedAreas.has(`${lang}/${area}`)) return;
  const load = areaModules[`../../../../packages/contract/src/i18n/${lang}/ui-${area}.ts`];
  const texts = (await load?.())?.[`${area}Ui`];
  if (!texts) throw new Error(`No texts for the ${area} area in ${lang}`);
  i18next.addResourceBundle(lang, 'translation', { ui: { [area]: texts } }, true, true);
  loadedAreas.add(`${lang}/${area}`);
}

async function ensureLoaded(lang: Language): Promise<void> {
  if (!i18next.hasResourceBundle(lang, 'translation')) {
    const { messages } = await loaders[lang]();
    i18next.addResourceBundle(lang, 'translation', messages, true, false);
  }
  // A route asked for while this was loading (signing in switches to the member's language while the
  // router opens the first page) is loaded too, or that page would show raw keys after the switch.
  for (;;) {
    const missing = [...wantedAreas].filter((area) => !loadedAreas.has(`${lang}/${area}`));
    if (missing.length === 0) return;
    await Promise.all(missing.map((area) => ensureArea(lang, area)));
  }
}

/**
 * Fetches the texts of these feature areas in the current language (and remembers them for a later
 * language switch). The router awaits it with a route's own chunk (router.tsx), so a page never
 * shows raw keys; `apps/web/src/app/route-texts.test.ts` checks every route names the areas its
 * modules use.
 */
export async function loadUiAreas(areas: readonly UiArea[]): Promise<void> {
  for (const area of areas) wantedAreas.add(area);
  await Promise.all(areas.map((area) => ensureArea(currentLanguage(), area)));
}

let requested: Language | null = null;

/**
 * Switches the app to `lang` once its texts are in; until then the current language stays on
 * screen (never raw keys). When calls overlap, the last one wins.
 */
export async function setLanguage(lang: Language): Promise<void> {
  requested = lang;
  try {
    await ensureLoaded(lang);
  } catch (error) {
    // The chunk could not be fetched (offline, a deploy replaced it): keep the current language.
    console.error(error);
    return;
  }
  if (requested !== lang) return;
  remember(lang);
  if (i18next.language !== lang) await i18next.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLangOf[lang];
}

export const currentLanguage = (): Language => (i18next.language as Language) || DEFAULT_LANGUAGE;
export const currentLocale = (): string => localeOf[currentLanguage()] ?? 'en-US';

/** Loads the first language before anything renders (the module's importers wait for it). */
async function start(): Promise<void> {
  const first = rememberedLanguage();
  const resources: Record<string, { translation: WebShellMessages }> = {};
  for (const lang of first === DEFAULT_LANGUAGE ? [first] : [first, DEFAULT_LANGUAGE]) {
    try {
      resources[lang] = { translation: (await loaders[lang]()).messages };
      break;
    } catch (error) {
      console.error(error);
    }
  }
  const lng = Object.keys(resources)[0] ?? first;
  await i18next.use(initReactI18next).init({
    resources,
    lng,
    // Every language has every key (checked by tsc and a test), and only the current one is loaded.
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  if (typeof document !== 'undefined' && isLanguage(lng)) document.documentElement.lang = htmlLangOf[lng];
}

await start();

export { i18next };
