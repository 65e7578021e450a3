import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { URL } from 'node:url';

export interface LinkPreview {
  metaTitle: string;
  metaImage: string | null;
}

const TIMEOUT_MS = 2000;
const MAX_BYTES = 256 * 1024;

/** Ranges a user-supplied URL must never reach from the server (SSRF). */
const privateRanges = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  privateRanges.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  privateRanges.addSubnet(net, prefix, 'ipv6');

export function isPublicAddress(input: string): boolean {
  // IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it carries.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(input)?.[1];
  const address = mapped ?? input;
  const family = isIP(address);
  if (family === 0) return false;
  return !privateRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const decodeEntities = (text: string): string =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The page's <title> and og:image, fetched within 2 s from public addresses only; otherwise (private
 * address, no network, timeout, not HTML) the host name stands in as the title.
 */
export async function fetchLinkPreview(url: string, enabled: boolean): Promise<LinkPreview> {
  const parsed = new URL(url);
  const fallback: LinkPreview = { metaTitle: parsed.hostname, metaImage: null };
  if (!enabled) return fallback;
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  try {
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host)
      ? [{ address: host }]
      : await Promise.race([
          lookup(host, { all: true }),
          new Promise<never>((_, reject) =>
            signal.addEventListener('abort', () => reject(new Error('timeout'))),
          ),
        ]);
    if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address))) return fallback;
    // Redirects are not followed: a public page could bounce the request to a private address.
    const response = await fetch(url, { signal, redirect: 'manual', headers: { accept: 'text/html' } });
    if (!response.ok || !response.body || !(response.headers.get('content-type') ?? '').includes('text/html'))
      return fallback;
    const reader = response.body.getReader();
    let html = '';
    const decoder = new TextDecoder();
    let received = 0;
    while (received < MAX_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      html += decoder.decode(value, { stream: true });
      if (/<\/head>/i.test(html)) break;
    }
    await reader.cancel().catch(() => undefined);
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1];
    const image =
      /<meta[^>]+property=["']og:image["'][^>]+content=["']([^"']+)["']/i.exec(html)?.[1] ??
      /<meta[^>]+content=["']([^"']+)["'][^>]+property=["']og:image["']/i.exec(html)?.[1];
    return {
      metaTitle: (title && decodeEntities(title).slice(0, 300)) || fallback.metaTitle,
      metaImage: image ? new URL(decodeEntities(image), url).toString() : null,
    };
  } catch {
    return fallback;
  }
}
