import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatFileSize,
  formatMoney,
  formatMonth,
  formatNumberLocal,
  formatRelative,
  formatShortDay,
  formatThousandWon,
} from './format';

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('dates follow the language', () => {
  it('kr: YYYY.MM.DD and YYYY.MM (docs/product/i18n-and-modes.md#formats)', () => {
    expect(formatDate('20261103', 'kr')).toBe('2026.11.03');
    expect(formatDate('2026-11-03', 'kr')).toBe('2026.11.03');
    expect(formatDate('202611', 'kr')).toBe('2026.11');
    expect(formatMonth('202611', 'kr')).toBe('2026.11');
    expect(formatShortDay('20261103', 'kr')).toBe('11.03');
  });

  it('en: month name first, never a bare mm/dd', () => {
    expect(formatDate('20261103', 'en')).toBe('Nov 3, 2026');
    expect(formatDate('202611', 'en')).toBe('Nov 2026');
    expect(formatShortDay('20261103', 'en')).toBe('Nov 3');
  });

  it('vi: DD/MM/YYYY', () => {
    expect(formatDate('20261103', 'vi')).toBe('03/11/2026');
    expect(formatMonth('2026-11', 'vi')).toBe('11/2026');
    expect(formatShortDay('20261103', 'vi')).toBe('03/11');
  });

  it('instants are shown in local time, with the same day format', () => {
    const local = new Date(2026, 10, 3, 15, 5);
    expect(formatDateTime(local, 'kr')).toBe('2026.11.03 15:05');
    expect(formatDateTime(local, 'vi')).toBe('03/11/2026 15:05');
    expect(nbsp(formatDateTime(local, 'en'))).toBe('Nov 3, 2026, 3:05 PM');
    expect(formatDate(local.toISOString(), 'vi')).toBe('03/11/2026');
  });

  it('missing or unreadable values are empty', () => {
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate('', 'kr')).toBe('');
    expect(formatDate('not a date', 'vi')).toBe('');
    expect(formatDateTime(undefined, 'en')).toBe('');
  });
});

describe('numbers and money follow the language', () => {
  it('numbers: missing is 0, separators per language', () => {
    expect(formatNumberLocal(null, 'en')).toBe('0');
    expect(formatNumberLocal(1234.56, 'kr', 1)).toBe('1,234.6');
    expect(formatNumberLocal(1234.56, 'vi', 1)).toBe('1.234,6');
  });

  it('kr counts money in 만원', () => {
    expect(formatMoney(350_000, 'kr')).toBe('35만원');
    expect(formatMoney(355_000, 'kr')).toBe('35.5만원');
    expect(formatMoney(35_000_000, 'kr')).toBe('3,500만원');
    expect(formatMoney(12_345, 'kr')).toBe('12,345원');
    expect(formatThousandWon(350, 'kr')).toBe('35만원');
  });

  it('en and vi show won as a currency amount, not 만원', () => {
    expect(formatThousandWon(350, 'en')).toBe('₩350,000');
    expect(nbsp(formatThousandWon(350, 'vi'))).toBe('350.000 ₩');
    expect(formatThousandWon(null, 'en')).toBe('₩0');
  });
});

describe('file sizes', () => {
  it('reads as B, KB or MB with the language’s decimal mark', () => {
    expect(formatFileSize(512, 'en')).toBe('512 B');
    expect(formatFileSize(1536, 'en')).toBe('1.5 KB');
    expect(formatFileSize(1536, 'vi')).toBe('1,5 KB');
    // Project quotas are in gigabytes.
    expect(formatFileSize(2 * 1024 ** 3, 'en')).toBe('2 GB');
    expect(formatFileSize(1.5 * 1024 ** 3, 'vi')).toBe('1,5 GB');
    expect(formatFileSize(10 * 1024 * 1024, 'kr')).toBe('10 MB');
  });
});

describe('formatRelative', () => {
  const now = Date.parse('2026-11-28T10:00:00.000Z');
  it('says "now" under a minute, not "0 minutes ago" ("현재 분" in Korean)', () => {
    const iso = new Date(now - 20_000).toISOString();
    expect(formatRelative(iso, 'kr', now)).toBe('지금');
    expect(formatRelative(iso, 'en', now)).toBe('now');
    expect(formatRelative(iso, 'vi', now)).toBe('bây giờ');
  });
  it('counts minutes and hours after that', () => {
    expect(formatRelative(new Date(now - 5 * 60_000).toISOString(), 'en', now)).toBe('5 minutes ago');
    expect(formatRelative(new Date(now - 3 * 3_600_000).toISOString(), 'kr', now)).toBe('3시간 전');
  });
});
