/**
 * Dates as people write them in plans, in the three languages, as `YYYYMMDD` codes:
 * `2026-03-02`, `2026.03.02`, `2026/3/2`, `2026년 3월 2일`, `ngày 2 tháng 3 năm 2026`, `2/3/2026`
 * (day first, as Korean and Vietnamese plans and most of the world write it), `March 2, 2026`,
 * `2 March 2026`, `Mar 2 2026`. A range is two dates in one line, in order (`~`, `–`, `to`, `부터…까지`,
 * `đến` all just sit between them); a date without a year takes the nearest earlier year, or the
 * next one (`2026.03.02 ~ 03.13`, `March 16 to April 3, 2026`).
 */
const months: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};
const monthNames = Object.keys(months)
  .sort((a, b) => b.length - a.length)
  .join('|');

interface Found {
  at: number;
  length: number;
  year: number | null;
  month: number;
  day: number;
}

const patterns: { re: RegExp; read: (m: RegExpExecArray) => Omit<Found, 'at' | 'length'> }[] = [
  // 2026년 3월 2일 (year optional after the first date: 3월 13일)
  {
    re: /(?:(\d{4})\s*년\s*)?(\d{1,2})\s*월\s*(\d{1,2})\s*일/g,
    read: (m) => ({ year: m[1] ? Number(m[1]) : null, month: Number(m[2]), day: Number(m[3]) }),
  },
  // ngày 2 tháng 3 năm 2026 (or without "ngày", or without the year)
  {
    re: /(?:ngày\s*)?(\d{1,2})\s*tháng\s*(\d{1,2})(?:\s*(?:năm|,)\s*(\d{4}))?/giu,
    read: (m) => ({ year: m[3] ? Number(m[3]) : null, month: Number(m[2]), day: Number(m[1]) }),
  },
  // 2026-03-02, 2026.03.02, 2026/3/2, 2026. 3. 2.
  {
    re: /(\d{4})(?:([-/.])(\d{1,2})\2(\d{1,2})|\.\s(\d{1,2})\.\s(\d{1,2})\.?)(?!\d)/g,
    read: (m) => ({ year: Number(m[1]), month: Number(m[3] ?? m[5]), day: Number(m[4] ?? m[6]) }),
  },
  // March 2, 2026 / Mar 2 2026 / March 2 (year from the range's first date)
  {
    re: new RegExp(
      `(?<!\\p{L})(${monthNames})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s+(\\d{4}))?(?!\\d)`,
      'giu',
    ),
    read: (m) => ({
      year: m[3] ? Number(m[3]) : null,
      month: months[m[1]!.toLowerCase()]!,
      day: Number(m[2]),
    }),
  },
  // 2 March 2026
  {
    re: new RegExp(
      `(?<!\\d)(\\d{1,2})(?:st|nd|rd|th)?\\s+(${monthNames})(?!\\p{L})\\.?,?(?:\\s+(\\d{4}))?(?!\\d)`,
      'giu',
    ),
    read: (m) => ({
      year: m[3] ? Number(m[3]) : null,
      month: months[m[2]!.toLowerCase()]!,
      day: Number(m[1]),
    }),
  },
  // 2/3/2026 (day first), 02.03.2026
  {
    re: /\b(\d{1,2})[./](\d{1,2})[./](\d{4})\b/g,
    read: (m) => ({ year: Number(m[3]), month: Number(m[2]), day: Number(m[1]) }),
  },
  // 03.13 or 3/13 after a full date in the same line (month first, as in "2026.03.02 ~ 03.13")
  {
    re: /(?<![\d./-])(\d{1,2})[./](\d{1,2})(?![\d./])/g,
    read: (m) => ({ year: null, month: Number(m[1]), day: Number(m[2]) }),
  },
];

const pad = (n: number) => String(n).padStart(2, '0');

function code(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900 || year > 2200) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return `${year}${pad(month)}${pad(day)}`;
}

/** Every date in the text, in reading order, as `YYYYMMDD`; yearless ones borrow the previous date's year. */
export function datesIn(text: string): string[] {
  const found: Found[] = [];
  const taken: [number, number][] = [];
  for (const { re, read } of patterns) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (taken.some(([a, b]) => start < b && end > a)) continue;
      taken.push([start, end]);
      found.push({ at: start, length: m[0].length, ...read(m) });
    }
  }
  found.sort((a, b) => a.at - b.at);
  const codes: string[] = [];
  let year: number | null = null;
  for (const [i, f] of found.entries()) {
    // "March 16 to April 3, 2026": a yearless date before any year takes the next one's.
    const y: number | null = f.year ?? year ?? found.slice(i + 1).find((n) => n.year !== null)?.year ?? null;
    if (y === null) continue;
    const c = code(y, f.month, f.day);
    if (!c) continue;
    year = y;
    codes.push(c);
  }
  return codes;
}

/** The text with every date and range connector removed (what remains is the item's title). */
export function withoutDates(text: string): string {
  let out = text;
  for (const { re } of patterns) out = out.replace(re, ' ');
  return out
    .replace(/(?:부터|까지|~|–|—|(?<!\p{L})(?:đến|từ|to|from|until|due|hạn)(?!\p{L})|마감|기한)/giu, ' ')
    .replace(/[()[\]{}]\s*[)\]}]/g, ' ')
    .replace(/\(\s*[-,:/]*\s*\)/g, ' ')
    .replace(/\s*[-:,|/]+\s*$/g, '')
    .replace(/^\s*[-:,|/]+\s*/g, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** A line's start and end: two dates are a range, one date is a one-day item. */
export function rangeIn(text: string): { startDt: string | null; endDt: string | null } {
  const [first, second] = datesIn(text);
  if (!first) return { startDt: null, endDt: null };
  if (!second) return { startDt: first, endDt: first };
  return first <= second ? { startDt: first, endDt: second } : { startDt: second, endDt: first };
}
