import { foldWithOffsets } from '@teamline/contract';

type Range = [number, number];

/** Merges overlapping or touching ranges, in order. */
function merged(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: Range[] = [];
  for (const range of sorted) {
    const last = out.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else out.push([...range]);
  }
  return out;
}

/**
 * Where the (folded) words occur in a text, as ranges of the original text: the folded form is
 * compared, so "nguyen" marks "Nguyễn" whole.
 */
export function rangesOf(text: string, words: readonly string[]): Range[] {
  const { folded, offsets } = foldWithOffsets(text);
  const ranges: Range[] = [];
  for (const word of words) {
    if (!word) continue;
    for (let at = folded.indexOf(word); at !== -1; at = folded.indexOf(word, at + word.length))
      ranges.push([offsets[at]!, offsets[at + word.length]!]);
  }
  return merged(ranges);
}

const SNIPPET_BEFORE = 40;
const SNIPPET_LENGTH = 160;

/**
 * A piece of a text around its first match (plain text, cut at spaces where it can, with `…`
 * where it was cut), and the matches inside it. `cut` says whether `text` is itself a piece of a
 * longer text (the repository reads only the part around the match).
 */
export function snippetOf(
  text: string,
  words: readonly string[],
  cut: { before: boolean; after: boolean } = { before: false, after: false },
): { snippet: string; ranges: Range[] } {
  const flat = text.replace(/\s+/g, ' ');
  if (!flat.trim()) return { snippet: '', ranges: [] };
  const first = rangesOf(flat, words)[0];
  let start = first ? Math.max(0, first[0] - SNIPPET_BEFORE) : 0;
  if (start > 0 || cut.before) {
    const space = flat.indexOf(' ', start);
    if (space !== -1 && (!first || space < first[0])) start = space + 1;
  }
  const end = Math.min(flat.length, start + SNIPPET_LENGTH);
  const before = start > 0 || cut.before ? '…' : '';
  const after = end < flat.length || cut.after ? '…' : '';
  const snippet = `${before}${flat.slice(start, end).trim()}${after}`;
  return { snippet, ranges: rangesOf(snippet, words) };
}
