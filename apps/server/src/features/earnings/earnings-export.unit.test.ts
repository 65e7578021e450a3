import type { EarningsSettlement, Language } from '@teamline/contract';
import { describe, expect, it } from 'vitest';
import { earningsCsv } from './earnings-csv.js';
import { earningsPdf } from './earnings-pdf.js';
import { earningsFileName, plainAmount } from './earnings-statement.js';
import type { EarningsStatement } from './earnings.service.js';

const row = (
  month: string,
  currency: 'KRW' | 'USD',
  gross: number,
  withholding: number,
  extra: Partial<EarningsSettlement> = {},
): EarningsSettlement => ({
  settlementIdx: Number(month),
  contractIdx: 1,
  projectIdx: 7,
  projectName: '+Shop rebuild',
  payerName: '@Acme',
  month,
  status: 'paid',
  currency,
  minutes: 480,
  grossAmount: gross,
  withholdingAmount: withholding,
  netAmount: gross - withholding,
  withholdingRateBp: currency === 'KRW' ? 330 : 0,
  paidDt: `${month}25`,
  ...extra,
});

const statement = (lang: Language): EarningsStatement => ({
  year: 2026,
  projectIdx: 7,
  projectName: '+Shop rebuild',
  payerName: '@Acme',
  earnerName: lang === 'vi' ? 'Nguyễn Thị Hương' : '-김민지',
  lang,
  settlements: [
    row('202601', 'KRW', 1_260_000, 41_580),
    row('202602', 'USD', 90_005, 0),
    row('202603', 'KRW', 840_000, 27_720, { status: 'approved', paidDt: null }),
  ],
});

describe('plainAmount', () => {
  it.each([
    [0, 'KRW', '0'],
    [1_234_567, 'KRW', '1234567'],
    [0, 'USD', '0.00'],
    [5, 'USD', '0.05'],
    [90_005, 'USD', '900.05'],
    [123_456_789_012, 'USD', '1234567890.12'],
  ] as const)('%i %s → %s', (amount, currency, text) => expect(plainAmount(amount, currency)).toBe(text));
});

describe('earnings CSV', () => {
  it('defuses every text that starts like a formula, and keeps each currency apart', () => {
    const csv = earningsCsv(statement('en'));
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toContain("Payer,'@Acme");
    expect(lines).toContain("Project,'+Shop rebuild");
    expect(lines).toContain("Income earner,'-김민지");
    expect(lines).toContain('2026-01,KRW,Paid,2026-01-25,3.3%,1260000,41580,1218420');
    expect(lines).toContain('2026-03,KRW,Approved,,3.3%,840000,27720,812280');
    expect(lines).toContain('Total (KRW),KRW,,,,2100000,69300,2030700');
    expect(lines).toContain('2026-02,USD,Paid,2026-02-25,0%,900.05,0.00,900.05');
    expect(lines).toContain('Total (USD),USD,,,,900.05,0.00,900.05');
    // KRW rows first, then USD; no row adds the two.
    expect(lines.findIndex((l) => l.startsWith('Total (KRW)'))).toBeLessThan(
      lines.findIndex((l) => l.startsWith('2026-02,USD')),
    );
  });

  it('names the file in the reader’s language without characters a file system refuses', () => {
    expect(earningsFileName({ ...statement('kr'), payerName: 'A/B:C' })).toBe('소득명세서-2026-A_B_C');
    expect(earningsFileName(statement('vi'))).toBe('thu-nhap-2026-@Acme');
  });
});

describe('earnings PDF', () => {
  it.each(['en', 'kr', 'vi'] as const)(
    'parses, in %s, with the names, totals and the title',
    async (lang) => {
      const pdf = await earningsPdf(statement(lang));
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const { extractText, getDocumentProxy } = await import('unpdf');
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
      const expected = {
        en: ['Yearly earnings and withholding statement', '₩2,100,000', '$900.05', 'Total (USD)'],
        kr: ['연간 소득 및 원천징수 명세서', '2,100,000원', 'US$900.05', '합계 (KRW)'],
        vi: ['Bảng kê thu nhập và khấu trừ thuế theo năm', 'Nguyễn Thị Hương', '900,05', 'Tổng (USD)'],
      }[lang];
      for (const part of ['@Acme', '+Shop rebuild', ...expected]) expect(text).toContain(part);
    },
  );
});
