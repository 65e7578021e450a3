/**
 * The search form of a text (issue 34 "Search everything"): lower case, accents and tone marks
 * removed, `đ` read as `d`, so "nguyen" finds "Nguyễn" and "cafe" finds "Café". Hangul and other
 * scripts without marks are kept as they are (decomposed and composed again), so Korean matches
 * inside words. The server stores this form beside each searchable text and compares queries
 * folded the same way.
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[đĐ]/g, 'd').toLowerCase().normalize('NFC');
}

/**
 * The folded text with, for each of its characters, the offset in the original text where the
 * character it came from starts (and the original's length at the end): match ranges found in the
 * folded form become ranges of the original for highlighting.
 */
export function foldWithOffsets(text: string): { folded: string; offsets: number[] } {
  let folded = '';
  const offsets: number[] = [];
  let at = 0;
  for (const char of text) {
    const code = char.charCodeAt(0);
    // Plain ASCII folds to its lower case: no normalising for most characters of a long text.
    const part =
      code < 0x80 ? (code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : char) : foldForSearch(char);
    for (let i = 0; i < part.length; i++) offsets.push(at);
    folded += part;
    at += char.length;
  }
  offsets.push(text.length);
  return { folded, offsets };
}

/**
 * The letters the database folds with `translate` (its generated search columns cannot call
 * JavaScript): every Latin letter with marks (Latin-1, Latin Extended-A/B and the Vietnamese
 * block) whose folded form is one ASCII letter. The migration spells these two strings out; a
 * test checks they still agree with `foldForSearch`.
 */
export function searchTranslateTable(): { from: string; to: string } {
  let from = '';
  let to = '';
  const ranges: [number, number][] = [
    [0xc0, 0x24f],
    [0x1e00, 0x1eff],
  ];
  for (const [start, end] of ranges)
    for (let code = start; code <= end; code++) {
      const char = String.fromCodePoint(code);
      const folded = foldForSearch(char);
      if (/^[a-z]$/.test(folded) && folded !== char) {
        from += char;
        to += folded;
      }
    }
  return { from, to };
}
