import dns, { type LookupAddress } from 'node:dns';
import { URL } from 'node:url';
import ipaddr from 'ipaddr.js';
import { Agent, request } from 'undici';

/**
 * The one way the server requests an address a user typed (link previews now; webhooks, GitHub
 * Enterprise and AI endpoints later). Server-side request forgery is refused at three points:
 * - the URL: http(s) only, and a literal address (in any spelling the URL parser accepts:
 *   `0x7f000001`, `2130706433`, `[::ffff:127.0.0.1]`) must be a public unicast address;
 * - connect time: every address a name resolves to is checked in the socket's own DNS lookup (undici
 *   `connect.lookup`), so a name cannot pass a check and then resolve elsewhere (DNS rebinding);
 * - redirects: followed by hand, at most `maxRedirects`, each target checked again like the first.
 * Only ipaddr.js's `unicast` range passes: private, loopback, link-local (cloud metadata),
 * carrier-grade NAT, documentation and benchmark ranges, multicast, IPv6 unique-local and every
 * IPv4-embedding IPv6 form are refused. `WEBHOOK_ALLOW_PRIVATE=true` lifts the address checks (an
 * intranet, tests); the scheme, timeout and body cap stay.
 */

export const OUTBOUND_TIMEOUT_MS = 10_000;
export const OUTBOUND_MAX_BYTES = 1024 * 1024;

export class OutboundBlockedError extends Error {
  constructor(readonly target: string) {
    super(`Outbound request refused: ${target} is not a public address`);
    this.name = 'OutboundBlockedError';
  }
}

/** Whether a resolved or literal address may be contacted: public unicast only. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

export interface OutboundResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The address finally answered (after redirects). */
  url: string;
  body: Buffer;
  /** The body was longer than the cap and was cut there. */
  truncated: boolean;
}

export interface OutboundRequestOptions {
  headers?: Record<string, string>;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Stop reading once the body so far matches (a preview needs only the head of a page). */
  stopWhen?: (textSoFar: string) => boolean;
}

export interface OutboundHttp {
  get(url: string, options?: OutboundRequestOptions): Promise<OutboundResponse>;
  /**
   * POSTs a body (webhooks): the same address checks at send time, timeout and body cap as `get`;
   * redirects are not followed unless `maxRedirects` says so (then re-sent as a GET, like browsers
   * after a 302/303; webhook receivers do not redirect).
   */
  post(url: string, body: string | Buffer, options?: OutboundRequestOptions): Promise<OutboundResponse>;
  close(): Promise<void>;
}

export function createOutboundHttp(
  options: { allowPrivate: boolean; isAllowed?: (address: string) => boolean } = { allowPrivate: false },
): OutboundHttp {
  const allowed = options.allowPrivate ? () => true : (options.isAllowed ?? isPublicAddress);

  const agent = new Agent({
    headersTimeout: OUTBOUND_TIMEOUT_MS,
    bodyTimeout: OUTBOUND_TIMEOUT_MS,
    connect: {
      timeout: OUTBOUND_TIMEOUT_MS,
      lookup(hostname, lookupOptions, callback) {
        dns.lookup(hostname, { ...lookupOptions, all: true }, (error, addresses: LookupAddress[]) => {
          if (error) return callback(error, '', 0);
          const refused = addresses.find((a) => !allowed(a.address));
          if (addresses.length === 0 || refused)
            return callback(
              new OutboundBlockedError(`${hostname} (${refused?.address ?? 'no address'})`),
              '',
              0,
            );
          if (lookupOptions.all)
            return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
          callback(null, addresses[0]!.address, addresses[0]!.family);
        });
      },
    },
  });

  function checkUrl(raw: string): URL {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundBlockedError(url.protocol);
    // The WHATWG parser has already turned 0x7f000001 or 2130706433 into 127.0.0.1.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (ipaddr.isValid(host) && !allowed(host)) throw new OutboundBlockedError(host);
    return url;
  }

  async function send(
    raw: string,
    requestOptions: OutboundRequestOptions,
    body?: string | Buffer,
  ): Promise<OutboundResponse> {
    const maxBytes = requestOptions.maxBytes ?? OUTBOUND_MAX_BYTES;
    const signal = AbortSignal.timeout(requestOptions.timeoutMs ?? OUTBOUND_TIMEOUT_MS);
    let url = checkUrl(raw);
    let payload = body;
    for (let redirects = 0; ; redirects++) {
      const response = await request(url, {
        dispatcher: agent,
        method: payload === undefined ? 'GET' : 'POST',
        signal,
        headers: requestOptions.headers,
        ...(payload === undefined ? {} : { body: payload }),
      });
      const location = response.headers.location;
      if (response.statusCode >= 300 && response.statusCode < 400 && typeof location === 'string') {
        await response.body.dump().catch(() => undefined);
        if (redirects >= (requestOptions.maxRedirects ?? 0))
          return {
            status: response.statusCode,
            headers: response.headers,
            url: url.toString(),
            body: Buffer.alloc(0),
            truncated: false,
          };
        url = checkUrl(new URL(location, url).toString());
        payload = undefined;
        continue;
      }
      const chunks: Buffer[] = [];
      let received = 0;
      let truncated = false;
      let text = '';
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        const room = maxBytes - received;
        chunks.push(chunk.byteLength > room ? chunk.subarray(0, room) : chunk);
        received += Math.min(chunk.byteLength, room);
        if (chunk.byteLength > room) truncated = true;
        if (requestOptions.stopWhen) text += chunk.toString('utf8');
        if (truncated || requestOptions.stopWhen?.(text)) break;
      }
      response.body.destroy();
      return {
        status: response.statusCode,
        headers: response.headers,
        url: url.toString(),
        body: Buffer.concat(chunks),
        truncated,
      };
    }
  }

  return {
    get: (raw, requestOptions = {}) => send(raw, requestOptions),
    post: (raw, body, requestOptions = {}) => send(raw, requestOptions, body),
    close: () => agent.close(),
  };
}

/**
 * Whether an address a user is saving points at a private network: a literal address, or a name
 * that resolves (within 2 s) to any non-public address. Used to refuse it early (a 400 naming the
 * field); the checks at send time still apply, since a name may resolve elsewhere later. A name
 * that does not resolve now is not refused here.
 */
export async function pointsToPrivateNetwork(raw: string, allowPrivate: boolean): Promise<boolean> {
  if (allowPrivate) return false;
  let host: string;
  try {
    host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  if (ipaddr.isValid(host)) return !isPublicAddress(host);
  const addresses = await Promise.race([
    dns.promises.lookup(host, { all: true }).catch(() => [] as LookupAddress[]),
    new Promise<LookupAddress[]>((resolve) => setTimeout(() => resolve([]), 2_000).unref()),
  ]);
  return addresses.some((a) => !isPublicAddress(a.address));
}
