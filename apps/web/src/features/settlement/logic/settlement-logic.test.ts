import { shiftMonth } from '@teamline/contract';
import { describe, expect, it } from 'vitest';
import { groupLinesByStory, isMonthCode, spendByCurrency, totalsByCurrency } from './settlement-logic';
import { settlement } from '../components/fixtures.test-util';

describe('settlement logic', () => {
  it('moves months across year ends', () => {
    expect(shiftMonth('202601', -1)).toBe('202512');
    expect(shiftMonth('202512', 1)).toBe('202601');
    expect(shiftMonth('202603', 0)).toBe('202603');
    expect(isMonthCode('202613')).toBe(false);
    expect(isMonthCode('202603')).toBe(true);
  });

  it('groups lines per story, days in order, deleted stories together', () => {
    const groups = groupLinesByStory([
      { storyIdx: 2, storyTitle: 'B', workDt: '20260305', minutes: 60, amount: 10 },
      { storyIdx: null, storyTitle: null, workDt: '20260302', minutes: 30, amount: 5 },
      { storyIdx: 2, storyTitle: 'B', workDt: '20260301', minutes: 120, amount: 20 },
    ]);
    expect(groups.map((g) => [g.storyIdx, g.minutes, g.amount])).toEqual([
      [2, 180, 30],
      [null, 30, 5],
    ]);
    expect(groups[0]?.days.map((d) => d.workDt)).toEqual(['20260301', '20260305']);
  });

  it('never adds won and cents together', () => {
    const totals = totalsByCurrency([
      settlement({ grossAmount: 100, netAmount: 97 }),
      settlement({ currency: 'USD', grossAmount: 250, netAmount: 250 }),
      settlement({ grossAmount: 1, netAmount: 1 }),
    ]);
    expect(totals).toEqual([
      { currency: 'KRW', minutes: 1920, grossAmount: 101, netAmount: 98 },
      { currency: 'USD', minutes: 960, grossAmount: 250, netAmount: 250 },
    ]);
    const spend = spendByCurrency([
      { month: '202603', currency: 'KRW', grossAmount: 3 },
      { month: '202602', currency: 'KRW', grossAmount: 2 },
    ]);
    expect(spend.get('KRW')?.map((p) => p.month)).toEqual(['202602', '202603']);
  });
});
