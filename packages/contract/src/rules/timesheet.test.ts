import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration, todayCode } from './timesheet.js';

describe('parseDuration', () => {
  it.each([
    ['1:30', 90],
    ['1.5', 90],
    ['1,5', 90],
    ['90m', 90],
    ['1h30m', 90],
    ['1h30', 90],
    ['2h', 120],
    ['2', 120],
    [' 0:45 ', 45],
    ['', 0],
    ['  ', 0],
  ])('%s is %i minutes', (text, minutes) => expect(parseDuration(text)).toBe(minutes));

  it.each(['abc', '1:75', '-1', '1:30:00', 'm'])('%s is unreadable', (text) =>
    expect(parseDuration(text)).toBeNull(),
  );
});

describe('formatDuration and todayCode', () => {
  it('shows h:mm', () => {
    expect(formatDuration(90)).toBe('1:30');
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(1440)).toBe('24:00');
  });
  it('is the date in UTC+14 unless a zone is given', () => {
    const now = new Date('2026-11-23T11:00:00Z');
    expect(todayCode(undefined, now)).toBe('20261124');
    expect(todayCode('UTC', now)).toBe('20261123');
    expect(todayCode('Not/AZone', now)).toBe('20261124');
  });
});
