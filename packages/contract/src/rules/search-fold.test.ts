import { describe, expect, it } from 'vitest';
import { foldForSearch, foldWithOffsets, searchTranslateTable } from './search-fold.js';

describe('search fold (issue 34)', () => {
  it('lowers, strips accents and Vietnamese tones, reads đ as d, keeps Hangul whole', () => {
    expect(foldForSearch('NGUYỄN Đức Thắng')).toBe('nguyen duc thang');
    expect(foldForSearch('Café crème')).toBe('cafe creme');
    expect(foldForSearch('결제화면 개선')).toBe('결제화면 개선');
    expect(foldForSearch('e\u0301te\u0301')).toBe('ete');
  });

  it('keeps, for each folded character, where it starts in the original', () => {
    const { folded, offsets } = foldWithOffsets('Ẩn e\u0301');
    expect(folded).toBe('an e');
    expect(offsets).toEqual([0, 1, 2, 3, 5]);
  });

  it('translates letter for letter, as the database does', () => {
    const { from, to } = searchTranslateTable();
    expect([...from]).toHaveLength(to.length);
    [...from].forEach((char, i) => expect(foldForSearch(char)).toBe(to[i]));
    expect(from).toContain('ễ');
    expect(from).toContain('đ');
  });
});
