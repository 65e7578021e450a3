/** Gantt geometry: dates are YYYYMMDD codes, positions are pixels from the left of the chart. */
const DAY_MS = 86_400_000;

export function dayOf(code: string | null | undefined): number | null {
  if (!code || !/^\d{8}$/.test(code)) return null;
  const ms = Date.UTC(Number(code.slice(0, 4)), Number(code.slice(4, 6)) - 1, Number(code.slice(6, 8)));
  return Number.isNaN(ms) ? null : Math.floor(ms / DAY_MS);
}
export const dayOfDate = (date: Date): number =>
  Math.floor(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / DAY_MS);
export function codeOfDay(day: number): string {
  const d = new Date(day * DAY_MS);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
}

export interface GanttRange {
  startDay: number;
  /** Inclusive. */
  endDay: number;
}

/** The shown range: every dated item and today, with a few days of margin each side. */
export function ganttRange(dates: Iterable<string | null>, today: number, margin = 3): GanttRange {
  let min = today;
  let max = today;
  for (const code of dates) {
    const day = dayOf(code);
    if (day === null) continue;
    if (day < min) min = day;
    if (day > max) max = day;
  }
  return { startDay: min - margin, endDay: max + margin };
}

/** A bar from start to end (inclusive days); a single date gives a one-day bar; no dates: no bar. */
export function barGeometry(
  startDt: string | null,
  endDt: string | null,
  range: GanttRange,
  dayWidth: number,
): { left: number; width: number } | null {
  const start = dayOf(startDt) ?? dayOf(endDt);
  const end = dayOf(endDt) ?? start;
  if (start === null || end === null) return null;
  return { left: (start - range.startDay) * dayWidth, width: (Math.max(end, start) - start + 1) * dayWidth };
}

export const dayPosition = (day: number, range: GanttRange, dayWidth: number): number =>
  (day - range.startDay) * dayWidth;
