import { WEBHOOK_EXCERPT_MAX } from '@teamline/contract';
import { OutboundBlockedError, type OutboundHttp } from '../../platform/outbound-http/outbound-http.js';

/**
 * One attempt's outcome:
 * - `delivered`: 2xx (Teams answers 202 and posts later);
 * - `retry`: network error, timeout, 5xx or 429 — tried again on the schedule, or after the
 *   receiver's Retry-After when that is longer;
 * - `gone`: 404 or 410 — the channel or hook no longer exists: the hook is switched INACTIVE;
 * - `refused`: any other answer (400 invalid_payload, 401, 403…) or a private address: retrying the
 *   same bytes cannot help, so the delivery fails at once.
 */
export type AttemptOutcome = 'delivered' | 'retry' | 'gone' | 'refused';

export interface AttemptResult {
  outcome: AttemptOutcome;
  statusCode: number | null;
  excerpt: string | null;
  /** Seconds the receiver asked to wait (Retry-After header, or Discord's JSON `retry_after`). */
  retryAfterSeconds: number | null;
}

/** The longest wait a receiver may ask for; beyond it the schedule's own step applies. */
const RETRY_AFTER_MAX_SECONDS = 24 * 3600;
/** An answer's body is read up to this; the excerpt keeps `WEBHOOK_EXCERPT_MAX` characters. */
const READ_MAX_BYTES = 16 * 1024;

/** `Retry-After: 120`, `Retry-After: <HTTP date>`, or a JSON body `{"retry_after": 1.5}` (Discord). */
export function retryAfterOf(header: string | string[] | undefined, body: string, now: Date): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  let seconds: number | null = null;
  if (value !== undefined && value.trim() !== '') {
    if (/^\d+(\.\d+)?$/.test(value.trim())) seconds = Number(value.trim());
    else {
      const at = Date.parse(value);
      if (!Number.isNaN(at)) seconds = Math.max(0, (at - now.getTime()) / 1000);
    }
  }
  if (seconds === null && body.trimStart().startsWith('{')) {
    try {
      const parsed = JSON.parse(body) as { retry_after?: unknown };
      if (typeof parsed.retry_after === 'number' && parsed.retry_after >= 0) seconds = parsed.retry_after;
    } catch {
      // not JSON after all
    }
  }
  return seconds === null ? null : Math.min(RETRY_AFTER_MAX_SECONDS, Math.ceil(seconds));
}

const excerptOf = (text: string): string | null => {
  const trimmed = text.trim();
  return trimmed ? trimmed.slice(0, WEBHOOK_EXCERPT_MAX) : null;
};

/** POSTs a message as JSON through the one outbound module and classifies the answer. */
export async function attemptDelivery(
  outbound: OutboundHttp,
  url: string,
  body: unknown,
  options: {
    timeoutMs: number;
    now?: () => Date;
    /** Headers made from the exact bytes sent (a standard hook's signature), at send time. */
    sign?: (text: string) => Record<string, string>;
  },
): Promise<AttemptResult> {
  try {
    const text = JSON.stringify(body);
    const response = await outbound.post(url, text, {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Teamline-Webhook/1',
        ...options.sign?.(text),
      },
      timeoutMs: options.timeoutMs,
      maxBytes: READ_MAX_BYTES,
    });
    const answer = response.body.toString('utf8');
    const status = response.status;
    const base = { statusCode: status, excerpt: excerptOf(answer), retryAfterSeconds: null };
    if (status >= 200 && status < 300) return { ...base, outcome: 'delivered' };
    if (status === 404 || status === 410) return { ...base, outcome: 'gone' };
    if (status === 429 || status >= 500)
      return {
        ...base,
        outcome: 'retry',
        retryAfterSeconds: retryAfterOf(
          response.headers['retry-after'],
          answer,
          options.now?.() ?? new Date(),
        ),
      };
    return { ...base, outcome: 'refused' };
  } catch (err) {
    if (err instanceof OutboundBlockedError)
      return {
        outcome: 'refused',
        statusCode: null,
        excerpt: excerptOf(err.message),
        retryAfterSeconds: null,
      };
    const error = err as Error & { code?: string; cause?: { code?: string; message?: string } };
    const detail =
      error.name === 'TimeoutError' || error.name === 'AbortError'
        ? `timeout after ${options.timeoutMs} ms`
        : [error.code ?? error.cause?.code, error.cause?.message ?? error.message].filter(Boolean).join(' ');
    // A refused address can also surface from the socket's own lookup, wrapped by undici.
    if (error.cause instanceof OutboundBlockedError)
      return {
        outcome: 'refused',
        statusCode: null,
        excerpt: excerptOf(error.cause.message),
        retryAfterSeconds: null,
      };
    return {
      outcome: 'retry',
      statusCode: null,
      excerpt: excerptOf(detail || 'network error'),
      retryAfterSeconds: null,
    };
  }
}
