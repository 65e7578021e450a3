import { describe, expect, it } from 'vitest';
import { fixtureStatement } from './statement.fixture.js';
import {
  hoursAndMinutes,
  isoDate,
  percentOfBasisPoints,
  readableDate,
  readableMonth,
  statementFileName,
} from './statement.js';

describe('statement helpers', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [455, '7:35'],
    [60_000, '1000:00'],
  ])('%i minutes is %s', (minutes, text) => {
    expect(hoursAndMinutes(minutes)).toBe(text);
  });

  it.each([
    [330, 'en', '3.3%'],
    [330, 'vi', '3,3%'],
    [0, 'kr', '0%'],
    [1_000, 'en', '10%'],
    [305, 'en', '3.05%'],
    [10_000, 'en', '100%'],
  ] as const)('%i bp in %s is %s', (bp, lang, text) => {
    expect(percentOfBasisPoints(bp, lang)).toBe(text);
  });

  it('writes day codes as ISO dates (CSV) and as the reader writes them (PDF)', () => {
    expect(isoDate('20261102')).toBe('2026-11-02');
    expect(isoDate('2026-11-02')).toBe('2026-11-02');
    expect(isoDate(null)).toBe('');
    // The PDF writes days and months the app's way per language.
    expect(readableDate('20261116', 'kr')).toBe('2026.11.16');
    expect(readableDate('2026-11-16', 'en')).toBe('Nov 16, 2026');
    expect(readableDate('20261116', 'vi')).toBe('16/11/2026');
    expect(readableMonth('202611', 'kr')).toBe('2026.11');
    expect(readableMonth('202611', 'vi')).toBe('11/2026');
  });

  it('names the file after the month and the professional, without path or control characters', () => {
    const statement = fixtureStatement('en');
    expect(statementFileName(statement)).toBe('settlement-2026-11-김민지');
    expect(statementFileName({ ...statement, memberName: '../a\\b:c\r\n"d"' })).toBe(
      'settlement-2026-11-.._a_b_c___d_',
    );
  });
});
