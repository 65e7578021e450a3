import { localeOf, type Language } from '@teamline/contract';

/** A `YYYYMMDD` / `YYYYMM` code as a localised date (spec §9: formats follow the locale). */
export function formatDateCodeLocal(code: string | null | undefined, lang: Language): string {
  if (!code || code.length < 6) return '';
  const y = Number(code.slice(0, 4));
  const m = Number(code.slice(4, 6));
  const locale = localeOf[lang];
  if (code.length === 6) {
    return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', timeZone: 'UTC' }).format(
      new Date(Date.UTC(y, m - 1, 1)),
    );
  }
  const d = Number(code.slice(6, 8));
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

export const formatNumberLocal = (value: number | null | undefined, lang: Language): string =>
  new Intl.NumberFormat(localeOf[lang]).format(value ?? 0);
