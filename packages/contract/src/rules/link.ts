/**
 * Spec §5 "Link normalisation": an address not starting with http:// or https:// gets https://
 * prepended. Returns null for an empty field (spec: "nothing happens if the field is empty").
 */
export function normalizeLink(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  return /^https?:\/\//i.test(text) ? text : `https://${text}`;
}

/** A normalised link the server accepts: http(s) with a host. */
export function isValidLink(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname.length > 0;
  } catch {
    return false;
  }
}
