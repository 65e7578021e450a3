import { describe, expect, it } from 'vitest';
import { datesIn, rangeIn, withoutDates } from './dates.js';

describe('dates as people write them', () => {
  it.each([
    ['2026-03-02', '20260302'],
    ['2026.03.02', '20260302'],
    ['2026. 3. 2.', '20260302'],
    ['2026/3/2', '20260302'],
    ['2026년 3월 2일', '20260302'],
    ['ngày 2 tháng 3 năm 2026', '20260302'],
    ['2 tháng 3, 2026', '20260302'],
    ['March 2, 2026', '20260302'],
    ['Mar 2 2026', '20260302'],
    ['2nd March 2026', '20260302'],
    ['02/03/2026', '20260302'],
  ])('%s → %s', (text, expected) => {
    expect(datesIn(`Kickoff ${text} at HQ`)).toEqual([expected]);
  });

  it('reads ranges in every language, borrowing the year for the second date', () => {
    expect(rangeIn('Design 2026-03-02 ~ 2026-03-13')).toEqual({ startDt: '20260302', endDt: '20260313' });
    expect(rangeIn('설계 2026.03.02 ~ 03.13')).toEqual({ startDt: '20260302', endDt: '20260313' });
    expect(rangeIn('설계 2026년 3월 2일부터 3월 13일까지')).toEqual({
      startDt: '20260302',
      endDt: '20260313',
    });
    expect(rangeIn('Thiết kế từ ngày 2 tháng 3 năm 2026 đến ngày 13 tháng 3 năm 2026')).toEqual({
      startDt: '20260302',
      endDt: '20260313',
    });
    expect(rangeIn('Build March 16 to April 3, 2026')).toEqual({ startDt: '20260316', endDt: '20260403' });
    expect(rangeIn('Launch 2026-04-30')).toEqual({ startDt: '20260430', endDt: '20260430' });
    expect(rangeIn('No date here')).toEqual({ startDt: null, endDt: null });
  });

  it('refuses dates that do not exist', () => {
    expect(datesIn('2026-02-30 and 2026-13-01')).toEqual([]);
    expect(datesIn('version 1.2 of 3/4')).toEqual([]);
  });

  it('leaves the title when the dates are taken out', () => {
    expect(withoutDates('Design review (2026-03-02 ~ 2026-03-13)')).toBe('Design review');
    expect(withoutDates('결제 모듈 개발: 2026년 3월 2일부터 3월 13일까지')).toBe('결제 모듈 개발');
    expect(withoutDates('Kiểm thử từ ngày 2 tháng 3 năm 2026 đến ngày 13 tháng 3 năm 2026')).toBe('Kiểm thử');
  });
});
