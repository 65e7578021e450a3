/**
 * Time sheet rules shared by the server (refusing future dates) and the web app (disabling future
 * cells, reading what is typed into a cell).
 */

/** Minutes a member may log on one day, across all their entries of a project. */
export const maxMinutesPerDay = 1440;

/**
 * The latest time zone on earth (UTC+14, Kiribati's Line Islands). Without a member's own time zone
 * "today" is the date there, so nobody anywhere is refused the date of their own today; the price
 * is that someone in UTC−12 may log up to two days ahead of their own calendar.
 */
export const latestTimeZone = 'Etc/GMT-14';

/** Today as `YYYYMMDD` in a time zone (default the latest on earth); an unknown zone falls back too. */
export function todayCode(
  timeZone: string | null | undefined = latestTimeZone,
  now: Date = new Date(),
): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .format(now)
      .replaceAll('-', '');
  try {
    return format(timeZone || latestTimeZone);
  } catch {
    return format(latestTimeZone);
  }
}

/**
 * What a member typed into a cell, as whole minutes: `1:30`, `1.5` / `1,5` (hours), `90m`, `1h30m`,
 * `2h`, a bare `2` (hours). Empty text is 0 (clear the cell); anything else unreadable is null.
 */
export function parseDuration(text: string): number | null {
  const s = text.trim().toLowerCase().replace(/\s+/g, '');
  if (s === '') return 0;
  let m = /^(\d{1,2}):([0-5]\d)$/.exec(s);
  if (m) return Number(m[1]) * 60 + Number(m[2]);
  m = /^(\d+)m$/.exec(s);
  if (m) return Number(m[1]);
  m = /^(\d+)h(?:(\d+)m?)?$/.exec(s);
  if (m) return Number(m[1]) * 60 + Number(m[2] ?? 0);
  m = /^(\d+(?:[.,]\d+)?)h?$/.exec(s);
  if (m) return Math.round(Number(m[1]!.replace(',', '.')) * 60);
  return null;
}

/** Minutes as `h:mm` (`90` → `1:30`), the form a cell shows. */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h}:${String(m).padStart(2, '0')}`;
}
