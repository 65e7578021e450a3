/**
 * Story keys (`SHOP-12`, issue 14), apart from the GitHub schemas: plain code without zod, so the
 * timeline can show keys without loading zod in its first JavaScript (docs/decisions.md).
 */

/** A project key: 2–10 capital letters or digits, starting with a letter (`SHOP`, `APP2`). */
export const PROJECT_KEY_PATTERN = /^[A-Z][A-Z0-9]{1,9}$/;

/** `SHOP-12` from a key and a story number; null when the project has no key or the story no number. */
export function storyKey(key: string | null | undefined, storyNo: number | null | undefined): string | null {
  return key && storyNo ? `${key}-${storyNo}` : null;
}
