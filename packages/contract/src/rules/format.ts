import type { Language } from '../constants.js';
import { localeOf } from './language.js';

/** docs/product/i18n-and-modes.md#formats: a missing value is 0; otherwise rounded, comma thousands. */
export function formatNumber(value: number | null | undefined, decimals = 0): string {
  const n = value == null || Number.isNaN(value) ? 0 : value;
  return n.toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
}

/** docs/product/i18n-and-modes.md#formats: 6 digits show as YYYY.MM, a longer code as YYYY.MM.DD. */
export function formatDateCode(code: string | null | undefined): string {
  if (!code) return '';
  const digits = code.replace(/\D/g, '');
  if (digits.length === 6) return `${digits.slice(0, 4)}.${digits.slice(4, 6)}`;
  if (digits.length >= 8) return `${digits.slice(0, 4)}.${digits.slice(4, 6)}.${digits.slice(6, 8)}`;
  return code;
}

/** A Date as the `YYYYMMDD` code the API uses, in UTC. */
export function toDateCode(date: Date): string {
  const y = date.getUTCFullYear();
  const m = String(date.getUTCMonth() + 1).padStart(2, '0');
  const d = String(date.getUTCDate()).padStart(2, '0');
  return `${y}${m}${d}`;
}

/** `YYYY-MM-DD` (an `<input type=date>` value) to `YYYYMMDD`, and back. */
export const isoDateToCode = (iso: string): string => iso.replaceAll('-', '');
export function codeToIsoDate(code: string | null | undefined): string {
  if (!code || code.length < 8) return '';
  return `${code.slice(0, 4)}-${code.slice(4, 6)}-${code.slice(6, 8)}`;
}

/** docs/product/i18n-and-modes.md#formats: bytes / 1048576, 2 decimals by default. */
export function fileSizeMb(bytes: number, decimals = 2): number {
  const factor = 10 ** decimals;
  return Math.round((bytes / 1048576) * factor) / factor;
}

/** docs/product/i18n-and-modes.md#formats: desired daily rate is kept in thousand won per 8 hours and shown in 만원. */
export function thousandWonToManwon(thousandWon: number | null | undefined): number {
  return (thousandWon ?? 0) / 10;
}

/** `someone@example.com` → `so*****@example.com` for find-id answers. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const shown = local.slice(0, Math.min(2, Math.max(1, local.length - 1)));
  return `${shown}${'*'.repeat(Math.max(1, local.length - shown.length))}@${domain}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * A calendar day as its reader writes it (docs/decisions.md › Formats): 2026.11.03 (kr),
 * Nov 3, 2026 (en), 03/11/2026 (vi). The web app's `formatDate` and the server's mails use it.
 */
export function formatDay({ y, m, d }: { y: number; m: number; d: number }, lang: Language): string {
  if (lang === 'kr') return `${y}.${pad2(m)}.${pad2(d)}`;
  if (lang === 'vi') return `${pad2(d)}/${pad2(m)}/${y}`;
  return new Intl.DateTimeFormat(localeOf.en, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** A month from a `YYYYMM` (or longer) code or a `YYYY-MM` value: 2026.11 · Nov 2026 · 11/2026. */
export function formatMonth(code: string | null | undefined, lang: Language): string {
  const digits = (code ?? '').replaceAll('-', '');
  if (!/^\d{6}/.test(digits)) return '';
  const y = Number(digits.slice(0, 4));
  const m = Number(digits.slice(4, 6));
  if (lang === 'kr') return `${y}.${pad2(m)}`;
  if (lang === 'vi') return `${pad2(m)}/${y}`;
  return new Intl.DateTimeFormat(localeOf.en, { year: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
}

/** The month `delta` months after a `YYYYMM` code (negative: before). */
export function shiftMonth(month: string, delta: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(4, 6)) - 1 + delta;
  return `${Math.floor(index / 12)}${pad2((index % 12) + 1)}`;
}
