import type { Timekeeping } from '@teamline/contract';

/*
 * Calendar arithmetic on `YYYYMMDD` day codes (calendar days, computed in UTC so no time zone or
 * daylight saving shifts a day), and what saving one cell of the grid means for its entries.
 */

const toDate = (code: string) =>
  new Date(Date.UTC(Number(code.slice(0, 4)), Number(code.slice(4, 6)) - 1, Number(code.slice(6, 8))));
const toCode = (date: Date) =>
  `${date.getUTCFullYear()}${String(date.getUTCMonth() + 1).padStart(2, '0')}${String(date.getUTCDate()).padStart(2, '0')}`;

export function addDays(code: string, days: number): string {
  const date = toDate(code);
  date.setUTCDate(date.getUTCDate() + days);
  return toCode(date);
}

/** The Monday of the week holding the day (weeks run Monday to Sunday). */
export function mondayOf(code: string): string {
  return addDays(code, -((toDate(code).getUTCDay() + 6) % 7));
}

/** The seven day codes of the week starting on `monday`. */
export const weekDays = (monday: string): string[] => Array.from({ length: 7 }, (_, i) => addDays(monday, i));

/** The reader's own calendar day, as a `YYYYMMDD` code. */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
}

export type CellWrite =
  | { kind: 'none' }
  | { kind: 'create'; minutes: number }
  | { kind: 'delete'; timekeepingIdxs: number[] }
  | { kind: 'update'; timekeepingIdx: number; minutes: number; remove: number[] };

/**
 * What a cell's new total means for its entries: an empty cell gets one new entry; cleared, its
 * entries go; otherwise the last entry takes the difference, so the others (logged elsewhere, with
 * their notes) stay. When the others alone are more than the new total, the cell collapses to its
 * first entry holding the total.
 */
export function planCellWrite(entries: readonly Timekeeping[], minutes: number): CellWrite {
  const total = entries.reduce((sum, e) => sum + e.minutes, 0);
  if (minutes === total) return { kind: 'none' };
  if (entries.length === 0) return { kind: 'create', minutes };
  if (minutes === 0) return { kind: 'delete', timekeepingIdxs: entries.map((e) => e.timekeepingIdx) };
  const last = entries[entries.length - 1]!;
  const rest = total - last.minutes;
  if (minutes - rest >= 1)
    return { kind: 'update', timekeepingIdx: last.timekeepingIdx, minutes: minutes - rest, remove: [] };
  const [first, ...others] = entries;
  return {
    kind: 'update',
    timekeepingIdx: first!.timekeepingIdx,
    minutes,
    remove: others.map((e) => e.timekeepingIdx),
  };
}
