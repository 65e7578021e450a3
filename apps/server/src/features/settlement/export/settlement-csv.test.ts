import { formatMinorUnits } from '@teamline/contract';
import { describe, expect, it } from 'vitest';
import { BOM, csvCell, settlementCsv, settlementCsvStream } from './settlement-csv.js';
import { fixtureStatement, manyLines, storyTitles } from './statement.fixture.js';

/** RFC 4180 records of a CSV text (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i += 2;
      continue;
    }
    if (quoted && c === '"') quoted = false;
    else if (quoted) field += c;
    else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
    i += 1;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\r\nlf', '"cr\r\nlf"'],
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['=HYPERLINK("x","y")', '"\'=HYPERLINK(""x"",""y"")"'],
    ['한국어 ữ', '한국어 ữ'],
    ['', ''],
  ])('%j → %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('writes numbers as they are', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(1234567)).toBe('1234567');
  });
});

describe('settlement CSV', () => {
  it('starts with the UTF-8 BOM bytes EF BB BF and is UTF-8 throughout', async () => {
    const bytes = await bytesOf(settlementCsvStream(fixtureStatement('kr')));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toContain('로그인 화면 개발');
    expect(bytes.subarray(3).toString('utf8')).toContain('Tiếng Việt ữ ạ ế đ');
  });

  it.each([
    ['kr', ['날짜', '스토리', '분', '시간 (h:mm)', '금액 (최소 단위)', '금액']],
    ['en', ['Date', 'Story', 'Minutes', 'Hours (h:mm)', 'Amount (minor units)', 'Amount']],
    ['vi', ['Ngày', 'Câu chuyện', 'Phút', 'Giờ (h:mm)', 'Số tiền (đơn vị nhỏ nhất)', 'Số tiền']],
  ] as const)('has the header row in %s', async (lang, header) => {
    const text = (await collect(fixtureStatement(lang))).slice(BOM.length);
    expect(parseCsv(text)[0]).toEqual(header);
  });

  it('gives one row per line: date, story, minutes, h:mm, minor units and the formatted amount', async () => {
    const statement = fixtureStatement('vi');
    const rows = parseCsv((await collect(statement)).slice(BOM.length));
    const lines = statement.settlement.lines!;
    const body = rows.slice(1, 1 + lines.length);
    const first = lines[0]!;
    expect(body[0]).toEqual([
      '2026-11-02',
      storyTitles[1],
      String(first.minutes),
      `${Math.floor(first.minutes / 60)}:${String(first.minutes % 60).padStart(2, '0')}`,
      String(first.amount),
      formatMinorUnits(first.amount, 'KRW', 'vi'),
    ]);
    // A deleted story keeps its time under a label.
    expect(body.at(-1)?.[1]).toBe('(câu chuyện đã xóa)');
    // After the lines: an empty row, then the four totals.
    expect(rows[1 + lines.length]).toEqual(['']);
    expect(rows).toHaveLength(1 + lines.length + 1 + 4);
  });

  it('keeps quotes, commas and line breaks of a title intact, and guards formulas with an apostrophe', async () => {
    const rows = parseCsv((await collect(fixtureStatement('en'))).slice(BOM.length));
    const stories = rows.map((row) => row[1]);
    expect(stories).toContain('Quotes "and", commas\nand a line break');
    expect(stories).toContain('\'=HYPERLINK("https://evil.example","click")');
    expect(stories).toContain("'+1+2");
    expect(stories).toContain("'-3");
    expect(stories).toContain("'@SUM(A1:A2)");
    expect(stories).toContain("'\tTabbed");
    // No cell of the file begins with a formula character.
    expect(rows.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  });

  it.each(['KRW', 'USD'] as const)(
    '%s: totals are the settlement, and the lines add up to them',
    async (currency) => {
      const statement = fixtureStatement('en', currency);
      const { settlement } = statement;
      const rows = parseCsv((await collect(statement)).slice(BOM.length));
      const lines = rows.slice(1, 1 + settlement.lines!.length);
      const [minutesRow, grossRow, withholdingRow, netRow] = rows.slice(-4);
      const sum = (column: number) => lines.reduce((total, row) => total + Number(row[column]), 0);

      expect(minutesRow?.slice(0, 4)).toEqual([
        'Total time',
        '',
        String(settlement.minutes),
        `${Math.floor(settlement.minutes / 60)}:${String(settlement.minutes % 60).padStart(2, '0')}`,
      ]);
      expect(sum(2)).toBe(settlement.minutes);
      expect(grossRow).toEqual([
        'Gross pay',
        '',
        '',
        '',
        String(settlement.grossAmount),
        formatMinorUnits(settlement.grossAmount, currency, 'en'),
      ]);
      expect(sum(4)).toBe(settlement.grossAmount);
      expect(withholdingRow?.[0]).toBe('Withholding (3.3%)');
      expect(Number(withholdingRow?.[4])).toBe(settlement.withholdingAmount);
      expect(netRow?.[0]).toBe('Net pay');
      expect(Number(netRow?.[4])).toBe(settlement.netAmount);
      expect(Number(grossRow?.[4]) - Number(withholdingRow?.[4])).toBe(Number(netRow?.[4]));
    },
  );

  it('streams 10,000 lines from an async source in bounded chunks', async () => {
    const count = 10_000;
    let pulled = 0;
    async function* counted() {
      for await (const line of manyLines(count)) {
        pulled++;
        yield line;
      }
    }
    const chunks: string[] = [];
    let pulledAtFirstChunk = -1;
    for await (const chunk of settlementCsv(fixtureStatement('kr'), counted())) {
      if (pulledAtFirstChunk < 0) pulledAtFirstChunk = pulled;
      chunks.push(chunk);
    }
    // The first chunk left before the source was read to its end, and none grew past ~64K characters.
    expect(pulledAtFirstChunk).toBeGreaterThan(0);
    expect(pulledAtFirstChunk).toBeLessThan(count);
    expect(chunks.length).toBeGreaterThan(5);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(64 * 1024 + 1024);

    const rows = parseCsv(chunks.join('').slice(BOM.length));
    expect(rows).toHaveLength(1 + count + 1 + 4);
    expect(rows[count]?.[1]).toBe(`Story ${((count - 1) % 50) + 1}, "part" ${count - 1}`);
  });

  it('reads a 10,000-line stream as bytes with the BOM once, at the start', async () => {
    const bytes = await bytesOf(settlementCsvStream(fixtureStatement('en'), manyLines(10_000)));
    const text = bytes.toString('utf8');
    expect(text.startsWith(BOM)).toBe(true);
    expect(text.indexOf(BOM, 1)).toBe(-1);
    expect(text.split('\r\n').length).toBeGreaterThan(10_000);
  });
});

async function collect(statement: ReturnType<typeof fixtureStatement>): Promise<string> {
  let text = '';
  for await (const chunk of settlementCsv(statement)) text += chunk;
  return text;
}
