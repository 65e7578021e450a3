import { formatMinorUnits } from '@teamline/contract';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { settlementPdf } from './settlement-pdf.js';
import { fixtureStatement } from './statement.fixture.js';

/** The text of every page as pdf.js reads it (through the embedded font's ToUnicode map), in NFC. */
async function pdfPages(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    pages.push(text.normalize('NFC').replace(/\s+/g, ' '));
  }
  await pdf.destroy();
  return pages;
}

/** Spaces of any kind (the Vietnamese amount has a no-break space) as one plain space. */
const plain = (text: string) => text.replace(/\s+/g, ' ');

describe('settlement PDF', () => {
  it('is a PDF whose Korean and Vietnamese text reads back, with the formatted net amount', async () => {
    const statement = fixtureStatement('kr');
    const bytes = await settlementPdf(statement);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await pdfPages(bytes)).join(' ');
    expect(text).toContain('정산서');
    expect(text).toContain('로그인 화면 개발');
    expect(text).toContain('Tiếng Việt ữ ạ ế đ');
    expect(text).toContain('팀라인 Dự án');
    expect(text).toContain('김민지');
    expect(text).toContain(formatMinorUnits(statement.settlement.netAmount, 'KRW', 'kr'));
    expect(text).toContain('지급 완료');
    expect(text).toContain('TX-2026-1205');
    // Days and the month as the app writes them in Korean, not ISO.
    expect(text).toContain('2026.12.05');
    expect(text).toContain('2026.11.02');
    expect(text).toContain('2026.11');
    expect(text).not.toMatch(/2026-1[12]-\d\d/);
  });

  it('writes its labels in Vietnamese for a Vietnamese reader', async () => {
    const statement = fixtureStatement('vi', 'USD');
    const text = (await pdfPages(await settlementPdf(statement))).join(' ');
    expect(text).toContain('Bảng quyết toán');
    expect(text).toContain('Thực nhận');
    expect(text).toContain('Khấu trừ (3,3%)');
    expect(text).toContain('02/11/2026');
    expect(text).toContain('05/12/2026');
    expect(text).toContain('11/2026');
    expect(text).toContain(plain(formatMinorUnits(statement.settlement.netAmount, 'USD', 'vi')));
    expect(text).toContain(plain(formatMinorUnits(statement.settlement.dailyRate, 'USD', 'vi')));
  });

  it('embeds its font rather than naming one the reader must have', async () => {
    const raw = (await settlementPdf(fixtureStatement('en'))).toString('latin1');
    expect(raw).toMatch(/\/FontFile2/);
    expect(raw).toMatch(/NotoSansKR/);
  });

  it('runs many lines over several pages, numbered, with the totals once at the end', async () => {
    const statement = fixtureStatement('en');
    const line = statement.settlement.lines![0]!;
    const lines = Array.from({ length: 150 }, (_, i) => ({ ...line, storyTitle: `Row ${i + 1}` }));
    const pages = await pdfPages(
      await settlementPdf({ ...statement, settlement: { ...statement.settlement, lines } }),
    );
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      // The table header is repeated on each page of lines (the totals may start a page of their own).
      if (page.includes('Row ')) expect(page).toContain('Story');
    });
    const all = pages.join(' ');
    for (const n of [1, 75, 150]) expect(all).toContain(`Row ${n} `);
    expect(pages.at(-1)).toContain('Net pay');
    expect(pages.slice(0, -1).some((page) => page.includes('Net pay'))).toBe(false);
  });

  it('says so when no time was logged', async () => {
    const statement = fixtureStatement('en');
    const text = (
      await pdfPages(
        await settlementPdf({ ...statement, settlement: { ...statement.settlement, lines: [] } }),
      )
    ).join(' ');
    expect(text).toContain('No time was logged this month.');
  });
});
