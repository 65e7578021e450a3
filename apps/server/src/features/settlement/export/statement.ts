import {
  formatDay,
  formatMonth,
  type Language,
  type Settlement,
  type SettlementLineDto,
} from '@teamline/contract';
import { interpolate, resources } from '@teamline/contract/i18n';
import type { Actor } from '../../../shared/context.js';

/**
 * What an export needs of one settlement: the settlement with its lines, the names a reader knows
 * it by and the language to write it in. The settlement service provides it (`statement`), having
 * decided the caller may see the settlement; the export code only writes it out.
 */
export interface SettlementStatement {
  /** With `lines`. */
  settlement: Settlement;
  projectName: string;
  /** The professional the settlement pays. */
  memberName: string;
  lang: Language;
}

/** The one call the export routes make of the settlement service. */
export interface StatementProvider {
  /** The statement to write as `format`; the settlement service records the export. */
  statement(actor: Actor, settlementIdx: number, format: 'csv' | 'pdf'): Promise<SettlementStatement>;
}

export type StatementLabels = (typeof resources)['en']['statement'];

export function labelsOf(lang: Language): StatementLabels {
  return resources[lang].statement;
}

/** 455 → `7:35`. */
export function hoursAndMinutes(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const abs = Math.abs(minutes);
  return `${sign}${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, '0')}`;
}

/** `YYYYMMDD` (or `YYYY-MM-DD`) → `YYYY-MM-DD`, which spreadsheets read as a date in every locale. */
export function isoDate(code: string | null | undefined): string {
  const digits = (code ?? '').replace(/\D/g, '');
  if (digits.length < 8) return code ?? '';
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`;
}

/**
 * `YYYYMMDD` (or `YYYY-MM-DD`) as the app writes a day for its reader (2026.11.16 · Nov 16, 2026 ·
 * 16/11/2026): the PDF is read, not computed with.
 */
export function readableDate(code: string | null | undefined, lang: Language): string {
  const digits = (code ?? '').replace(/\D/g, '');
  if (digits.length < 8) return code ?? '';
  return formatDay(
    { y: Number(digits.slice(0, 4)), m: Number(digits.slice(4, 6)), d: Number(digits.slice(6, 8)) },
    lang,
  );
}

/** `YYYYMM` as the app writes a month for its reader (2026.11 · Nov 2026 · 11/2026). */
export const readableMonth = (month: string, lang: Language): string => formatMonth(month, lang) || month;

/** `YYYYMM` → `YYYY-MM`. */
export function isoMonth(month: string): string {
  const digits = month.replace(/\D/g, '');
  return digits.length === 6 ? `${digits.slice(0, 4)}-${digits.slice(4, 6)}` : month;
}

/** 330 basis points → `3.3%` (`3,3%` in Vietnamese), from integers. */
export function percentOfBasisPoints(bp: number, lang: Language): string {
  const whole = Math.trunc(bp / 100);
  const fraction = String(Math.abs(bp % 100))
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${fraction ? `${lang === 'vi' ? ',' : '.'}${fraction}` : ''}%`;
}

/** A line's story as the statement names it. */
export function storyOf(line: SettlementLineDto, labels: StatementLabels): string {
  if (line.storyIdx == null) return labels.deletedStory;
  return line.storyTitle ?? `#${line.storyIdx}`;
}

/** The attachment's name without extension: `정산서-2026-11-김민지`. */
export function statementFileName(statement: SettlementStatement): string {
  const name = interpolate(labelsOf(statement.lang).fileName, {
    month: isoMonth(statement.settlement.month),
    name: statement.memberName,
  });
  // Control characters, path separators and the characters Windows refuses in a file name.
  return [...name]
    .map((c) => (c.charCodeAt(0) < 0x20 || c === '\x7f' || '<>:"/\\|?*'.includes(c) ? '_' : c))
    .join('')
    .slice(0, 150);
}
