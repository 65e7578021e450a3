import {
  computeSettlement,
  type Language,
  type Settlement,
  type SettlementLineDto,
} from '@teamline/contract';
import type { SettlementStatement } from './statement.js';

/** Story titles a statement must carry through intact: Hangul, Vietnamese, CSV specials, formulas. */
export const storyTitles: Record<number, string> = {
  1: '로그인 화면 개발',
  2: 'Tiếng Việt ữ ạ ế đ',
  3: 'Quotes "and", commas\nand a line break',
  4: '=HYPERLINK("https://evil.example","click")',
  5: '+1+2',
  6: '-3',
  7: '@SUM(A1:A2)',
  8: '\tTabbed',
};

/**
 * A paid statement computed by the contract's own arithmetic (so the lines add up to the gross by
 * construction): 3.3 % withholding, a line per story on a few days, and one line of a deleted story.
 */
export function fixtureStatement(lang: Language, currency: 'KRW' | 'USD' = 'KRW'): SettlementStatement {
  const entries = [
    ...Object.keys(storyTitles).map((id, i) => ({
      storyIdx: Number(id),
      workDt: `202611${String(2 + i).padStart(2, '0')}`,
      minutes: 95 + i * 37,
    })),
    { storyIdx: null, workDt: '20261120', minutes: 61 },
  ];
  const dailyRate = currency === 'KRW' ? 350_000 : 62_500;
  const amounts = computeSettlement({ dailyRate, withholdingRateBp: 330, entries });
  const lines: SettlementLineDto[] = amounts.lines.map((line) => ({
    ...line,
    storyTitle: line.storyIdx == null ? null : storyTitles[line.storyIdx],
  }));
  const settlement: Settlement = {
    settlementIdx: 41,
    contractIdx: 7,
    projectIdx: 3,
    memberInProjectIdx: 12,
    month: '202611',
    status: 'paid',
    minutes: amounts.minutes,
    grossAmount: amounts.grossAmount,
    withholdingAmount: amounts.withholdingAmount,
    netAmount: amounts.netAmount,
    currency,
    dailyRate,
    withholdingRateBp: 330,
    lines,
    submittedAt: '2026-12-01T09:00:00.000Z',
    autoApproveAt: null,
    decidedAt: '2026-12-02T09:00:00.000Z',
    decidedByIdx: 2,
    autoApproved: false,
    returnNote: null,
    paidDt: '20261205',
    paidReference: 'TX-2026-1205',
    updatedAt: '2026-12-05T09:00:00.000Z',
  };
  return { settlement, projectName: '팀라인 Dự án', memberName: '김민지', lang };
}

/** `count` lines of one story, one minute more each, made on demand (nothing held in memory). */
export async function* manyLines(count: number): AsyncGenerator<SettlementLineDto> {
  for (let i = 0; i < count; i++)
    yield {
      storyIdx: (i % 50) + 1,
      storyTitle: `Story ${(i % 50) + 1}, "part" ${i}`,
      workDt: `202611${String((i % 28) + 1).padStart(2, '0')}`,
      minutes: 30 + (i % 90),
      amount: 1_000 + (i % 977),
    };
}
