import { DEFAULT_LANGUAGE, type Language } from '@teamline/contract';

/** The first product language named in Accept-Language (ko → kr), else English. */
export function languageFromHeader(header: string | undefined): Language {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    const primary = tag.split('-')[0];
    if (primary === 'ko' || primary === 'kr') return 'kr';
    if (primary === 'vi') return 'vi';
    if (primary === 'en') return 'en';
  }
  return DEFAULT_LANGUAGE;
}

/** Where a bare language tag names no country, the country most of its speakers are served from. */
const countryOfLanguage: Record<string, string> = { ko: 'KR', vi: 'VN', en: 'US', ja: 'JP', zh: 'CN' };

/** `ko-KR` → KR, `vi` → VN, `ko` → KR, `en-US` → US; the first usable tag wins; default US. */
export function regionFromHeaders(country: string | undefined, acceptLanguage: string | undefined): string {
  const fromCdn = country?.trim().toUpperCase();
  // Cloudflare sends XX for unknown and T1 for Tor; neither is a country.
  if (fromCdn && /^[A-Z]{2}$/.test(fromCdn) && fromCdn !== 'XX' && fromCdn !== 'T1') return fromCdn;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim() ?? '';
    const [lang = '', ...rest] = tag.split('-');
    const region = rest.find((s) => /^[A-Za-z]{2}$/.test(s));
    if (region) return region.toUpperCase();
    const mapped = countryOfLanguage[lang.toLowerCase()];
    if (mapped) return mapped;
  }
  return 'US';
}
