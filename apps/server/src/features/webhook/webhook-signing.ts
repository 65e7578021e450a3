import { createHmac, randomBytes } from 'node:crypto';

/**
 * Signing per the Standard Webhooks specification (https://www.standardwebhooks.com/): a secret is
 * `whsec_` and base64 of random bytes; a message carries `webhook-id` (the same for every attempt of
 * one delivery), `webhook-timestamp` (unix seconds at send time) and `webhook-signature`: space-
 * separated `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`, one per secret that signs.
 */
const PREFIX = 'whsec_';
/** 32 random bytes (the specification asks for 24 to 64). */
const SECRET_BYTES = 32;

export const newWebhookSecret = (): string => PREFIX + randomBytes(SECRET_BYTES).toString('base64');

export function signatureOf(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export type StandardHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

/** The three headers of one attempt, signed with every secret given (the newest first). */
export function standardHeaders(
  secrets: readonly string[],
  id: string,
  at: Date,
  body: string,
): StandardHeaders {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signatureOf(s, id, timestamp, body)).join(' '),
  };
}

/** The `webhook-id` of a delivery: stable across its retries, unique per (event, hook). */
export const messageIdOf = (deliveryIdx: number): string => `msg_teamline_${deliveryIdx}`;
