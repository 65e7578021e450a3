import { isHttpUrl } from './safe-url.js';

/**
 * docs/product/projects-and-membership.md#links: an address not starting with http:// or https:// gets https://
 * prepended. Returns null for an empty field (spec: "nothing happens if the field is empty").
 * A `mailto:` address, and any other written scheme (`javascript:`, `data:`), is kept as typed, so the
 * address rule (`isSafeUrl`) accepts the one and refuses the others instead of reading them as a
 * host called `javascript`; `host:8080/path` is a host with a port, not a scheme.
 */
export function normalizeLink(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  if (/^https?:\/\//i.test(text) || /^[a-z][a-z\d+.-]*:(?!\d)/i.test(text)) return text;
  return `https://${text}`;
}

/** A normalised link the server accepts in the link list: http(s) with a host (safe-url.ts). */
export const isValidLink = (url: string): boolean => isHttpUrl(url);
