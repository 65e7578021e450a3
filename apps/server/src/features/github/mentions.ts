/**
 * Story keys in GitHub text (issue 14): `SHOP-12` anywhere links the commit or pull request to story
 * 12; a closing word right before it (`fixes SHOP-12`, `Closes: shop-12`) also completes the story
 * when the change lands on the configured branch. Case does not matter; `SHOP-12a` and `XSHOP-12`
 * are not keys.
 */
const CLOSING = 'fix|fixes|fixed|close|closes|closed|resolve|resolves|resolved';

const escape = (key: string) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Story numbers mentioned in `text`, each once, in order of appearance. */
export function mentionedStories(text: string, key: string): number[] {
  const pattern = new RegExp(`(?<![A-Za-z0-9_-])${escape(key)}-(\\d{1,9})(?![A-Za-z0-9_])`, 'gi');
  return unique([...text.matchAll(pattern)].map((m) => Number(m[1])));
}

/** Story numbers `text` closes (`fixes SHOP-12`, `closes SHOP-3, SHOP-4` closes only 3). */
export function closedStories(text: string, key: string): number[] {
  const pattern = new RegExp(
    `(?<![A-Za-z0-9_])(?:${CLOSING})\\s*:?\\s+${escape(key)}-(\\d{1,9})(?![A-Za-z0-9_])`,
    'gi',
  );
  return unique([...text.matchAll(pattern)].map((m) => Number(m[1])));
}

const unique = (values: number[]) => [...new Set(values)].filter((n) => n > 0);
