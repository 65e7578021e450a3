import type { Currency, Settlement, SettlementLineDto, SettlementList } from '@teamline/contract';

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYYMM` of a date (local calendar). */
export const monthOf = (date: Date): string => `${date.getFullYear()}${pad(date.getMonth() + 1)}`;

export const isMonthCode = (value: string | null | undefined): value is string =>
  value != null && /^\d{4}(0[1-9]|1[0-2])$/.test(value);

export interface StoryGroup {
  storyIdx: number | null;
  title: string | null;
  minutes: number;
  amount: number;
  days: SettlementLineDto[];
}

/** The statement's lines per story (first seen first), each story's days in date order. */
export function groupLinesByStory(lines: readonly SettlementLineDto[]): StoryGroup[] {
  const groups = new Map<string, StoryGroup>();
  for (const line of lines) {
    const key = line.storyIdx == null ? 'deleted' : String(line.storyIdx);
    let group = groups.get(key);
    if (!group) {
      group = { storyIdx: line.storyIdx, title: line.storyTitle ?? null, minutes: 0, amount: 0, days: [] };
      groups.set(key, group);
    }
    group.minutes += line.minutes;
    group.amount += line.amount;
    group.days.push(line);
  }
  for (const group of groups.values()) group.days.sort((a, b) => a.workDt.localeCompare(b.workDt));
  return [...groups.values()];
}

export interface CurrencyTotal {
  currency: Currency;
  minutes: number;
  grossAmount: number;
  netAmount: number;
}

/** Sums per currency (won and cents never add up together). */
export function totalsByCurrency(settlements: readonly Settlement[]): CurrencyTotal[] {
  const totals = new Map<Currency, CurrencyTotal>();
  for (const s of settlements) {
    const total = totals.get(s.currency) ?? {
      currency: s.currency,
      minutes: 0,
      grossAmount: 0,
      netAmount: 0,
    };
    total.minutes += s.minutes;
    total.grossAmount += s.grossAmount;
    total.netAmount += s.netAmount;
    totals.set(s.currency, total);
  }
  return [...totals.values()];
}

/** The spend series per currency, months in order. */
export function spendByCurrency(
  spend: SettlementList['spend'],
): Map<Currency, { month: string; amount: number }[]> {
  const series = new Map<Currency, { month: string; amount: number }[]>();
  for (const point of spend) {
    const list = series.get(point.currency) ?? [];
    list.push({ month: point.month, amount: point.grossAmount });
    series.set(point.currency, list);
  }
  for (const list of series.values()) list.sort((a, b) => a.month.localeCompare(b.month));
  return series;
}
