import { URL } from 'node:url';
import type { OutboundHttp } from '../platform/outbound-http/outbound-http.js';

export interface LinkPreview {
  metaTitle: string;
  metaImage: string | null;
}

const TIMEOUT_MS = 2000;
const MAX_BYTES = 256 * 1024;

const decodeEntities = (text: string): string =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

/** An og:image the web app may show: an absolute http(s) address, nothing else (no `javascript:`, no `data:`). */
export function safeImageUrl(raw: string, base: string): string | null {
  try {
    const url = new URL(raw, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString().slice(0, 2000) : null;
  } catch {
    return null;
  }
}

/**
 * The page's <title> and og:image, fetched through the outbound module (public addresses only,
 * checked at connect time; at most one redirect, checked again) within 2 s; otherwise (refused
 * address, no network, timeout, not HTML) the host name stands in as the title.
 */
export async function fetchLinkPreview(
  url: string,
  enabled: boolean,
  http: OutboundHttp,
): Promise<LinkPreview> {
  const parsed = new URL(url);
  const fallback: LinkPreview = { metaTitle: parsed.hostname, metaImage: null };
  if (!enabled) return fallback;
  try {
    const response = await http.get(url, {
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_BYTES,
      maxRedirects: 1,
      headers: { accept: 'text/html' },
      stopWhen: (text) => /<\/head>/i.test(text),
    });
    const type = String(response.headers['content-type'] ?? '');
    if (response.status < 200 || response.status >= 300 || !type.includes('text/html')) return fallback;
    const html = response.body.toString('utf8');
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1];
    const image =
      /<meta[^>]+property=["']og:image["'][^>]+content=["']([^"']+)["']/i.exec(html)?.[1] ??
      /<meta[^>]+content=["']([^"']+)["'][^>]+property=["']og:image["']/i.exec(html)?.[1];
    return {
      metaTitle: (title && decodeEntities(title).slice(0, 300)) || fallback.metaTitle,
      metaImage: image ? safeImageUrl(decodeEntities(image), response.url) : null,
    };
  } catch {
    return fallback;
  }
}
