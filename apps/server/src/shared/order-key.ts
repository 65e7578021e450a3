import { generateKeyBetween } from 'fractional-indexing';

/**
 * Drag and drop moves one row: its new key sorts between its neighbours' keys (base-62 midpoint,
 * `fractional-indexing`), so no other row is rewritten. null = open end of the list.
 */
export function keyBetween(before: string | null, after: string | null): string {
  return generateKeyBetween(before, after);
}

/** Keys for `count` rows appended after `last`, in order (bulk moves, seeding). */
export function keysAfter(last: string | null, count: number): string[] {
  const keys: string[] = [];
  let previous = last;
  for (let i = 0; i < count; i++) {
    previous = generateKeyBetween(previous, null);
    keys.push(previous);
  }
  return keys;
}
