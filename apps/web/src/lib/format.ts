import {
  formatDay,
  formatMonth,
  formatMinorUnits as formatMinorUnitsExact,
  localeOf,
  type Currency,
  type Language,
} from '@teamline/contract';

/*
 * One formatter per kind of value, each following the reader's language (docs/product/i18n-and-modes.md#formats;
 * docs/decisions.md › Formats):
 *
 *   kind        kr                en                    vi
 *   date        2026.11.03        Nov 3, 2026           03/11/2026
 *   month       2026.11           Nov 2026              11/2026
 *   short day   11.03             Nov 3                 03/11
 *   date+time   2026.11.03 15:05  Nov 3, 2026, 3:05 PM  03/11/2026 15:05
 *   number      1,234.5           1,234.5               1.234,5
 *   money       35만원            ₩350,000              350.000 ₩
 *
 * Every screen uses these; none calls Intl or toLocale…String itself.
 */

const pad = (n: number) => String(n).padStart(2, '0');

interface DayParts {
  y: number;
  m: number;
  d: number;
}

/** `YYYYMMDD` / `YYYY-MM-DD` day codes are calendar days (UTC); ISO instants and Dates are local. */
function dayParts(value: string | Date): DayParts | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return { y: value.getFullYear(), m: value.getMonth() + 1, d: value.getDate() };
  }
  const digits = /^\d{4}-?\d{2}-?\d{2}$/.test(value) ? value.replaceAll('-', '') : null;
  if (digits)
    return { y: Number(digits.slice(0, 4)), m: Number(digits.slice(4, 6)), d: Number(digits.slice(6, 8)) };
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : dayParts(date);
}

/**
 * A day: a `YYYYMMDD` code (a 6-digit `YYYYMM` code gives the month), a `YYYY-MM-DD` value, an ISO
 * instant or a Date. Empty for a missing or unreadable value.
 */
export function formatDate(value: string | Date | null | undefined, lang: Language): string {
  if (value == null || value === '') return '';
  if (typeof value === 'string' && /^\d{6}$/.test(value)) return formatMonth(value, lang);
  const parts = dayParts(value);
  return parts ? formatDay(parts, lang) : '';
}

/** A month from a `YYYYMM` (or longer) code or a `YYYY-MM` value (the contract's, shared with mails). */
export { formatMonth };

/** A day without the year, for chart axes and compact lists. */
export function formatShortDay(value: string | Date, lang: Language): string {
  const parts = dayParts(value);
  if (!parts) return '';
  if (lang === 'kr') return `${pad(parts.m)}.${pad(parts.d)}`;
  if (lang === 'vi') return `${pad(parts.d)}/${pad(parts.m)}`;
  return new Intl.DateTimeFormat(localeOf.en, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(parts.y, parts.m - 1, parts.d)),
  );
}

/** An instant (ISO string or Date) as the local day and time. */
export function formatDateTime(value: string | Date | null | undefined, lang: Language): string {
  if (value == null || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  if (lang === 'en')
    return new Intl.DateTimeFormat(localeOf.en, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  return `${formatDate(date, lang)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** docs/product/i18n-and-modes.md#formats number formatter: a missing value is 0; rounded to at most `decimals` places. */
export function formatNumberLocal(value: number | null | undefined, lang: Language, decimals = 0): string {
  const n = value == null || Number.isNaN(value) ? 0 : value;
  return new Intl.NumberFormat(localeOf[lang], { maximumFractionDigits: decimals }).format(n);
}

/**
 * An amount of won. Korean readers count in 만 (10,000): "35만원", "3,500만원", or "12,500원"
 * when it is not a whole tenth of 만; English and Vietnamese readers get the currency amount.
 */
export function formatMoney(won: number | null | undefined, lang: Language): string {
  const n = won == null || Number.isNaN(won) ? 0 : won;
  if (lang === 'kr') {
    const manwon = n / 10_000;
    if (Math.round(manwon * 10) === manwon * 10)
      return `${new Intl.NumberFormat(localeOf.kr, { maximumFractionDigits: 1 }).format(manwon)}만원`;
    return `${new Intl.NumberFormat(localeOf.kr).format(n)}원`;
  }
  return new Intl.NumberFormat(localeOf[lang], { style: 'currency', currency: 'KRW' }).format(n);
}

/** docs/product/i18n-and-modes.md#formats: desired daily rate and career salaries are kept in thousand won. */
export const formatThousandWon = (thousandWon: number | null | undefined, lang: Language): string =>
  formatMoney((thousandWon ?? 0) * 1000, lang);

/** Minutes as hours with at most one decimal (90 → "1.5", "1,5"). */
export const formatHours = (minutes: number, lang: Language): string =>
  formatNumberLocal(minutes / 60, lang, 1);

/** A file's size in B, KB, MB or GB (1024-based, one decimal above bytes): "512 B", "1.5 KB", "2,3 MB", "2 GB". */
export function formatFileSize(bytes: number, lang: Language): string {
  if (bytes < 1024) return `${formatNumberLocal(bytes, lang)} B`;
  if (bytes < 1024 * 1024) return `${formatNumberLocal(bytes / 1024, lang, 1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${formatNumberLocal(bytes / (1024 * 1024), lang, 1)} MB`;
  return `${formatNumberLocal(bytes / (1024 * 1024 * 1024), lang, 1)} GB`;
}

/** A percent value 0–100 ("62.5%", "62,5 %"). */
export const formatPercent = (value: number, lang: Language): string =>
  new Intl.NumberFormat(localeOf[lang], { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);

/** "5 minutes ago" / "3 hours ago" (docs/product/i18n-and-modes.md#formats), else the short day. */
export function formatRelative(iso: string, lang: Language, now: number = Date.now()): string {
  const time = new Date(iso).getTime();
  const minutes = Math.round((now - time) / 60_000);
  const rtf = new Intl.RelativeTimeFormat(localeOf[lang], { numeric: 'auto' });
  // Under a minute: the locale's "now" ("지금", "now", "bây giờ"); 0 minutes read "현재 분" in Korean.
  if (minutes < 1) return rtf.format(0, 'second');
  if (minutes < 60) return rtf.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return rtf.format(-hours, 'hour');
  return formatShortDay(new Date(time), lang);
}

/**
 * An amount in the currency's minor unit (won; cents) as the reader's money text, exact to the unit
 * (the contract's `formatMinorUnits`, which the PDF and CSV statements use too): KRW 1234567 →
 * "1,234,567원" (kr), "₩1,234,567" (en), "1.234.567 ₩" (vi); USD 1234 → "$12.34" (en), "US$12.34"
 * (kr), "12,34 US$" (vi). Unlike `formatMoney`, no 만원 rounding. A missing amount shows as 0.
 */
export function formatMinorUnits(
  amount: number | null | undefined,
  currency: Currency,
  lang: Language,
): string {
  return formatMinorUnitsExact(amount == null || Number.isNaN(amount) ? 0 : amount, currency, lang);
}

/** Basis points as a percent number for display (330 → "3.3", "3,3"). */
export const formatBasisPoints = (bp: number, lang: Language): string => formatNumberLocal(bp / 100, lang, 2);
