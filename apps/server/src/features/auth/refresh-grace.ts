import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { IssuedTokens } from '@teamline/contract';

/**
 * How long a rotated refresh token still answers (Auth0's "reuse interval"): a browser restoring
 * five tabs, or two tabs reloading together, sends one token several times within a second or two.
 * Within this grace each gets the same successor; after it, the token coming back is theft and ends
 * the login (RFC 9700 §4.14.2). docs/decisions.md "Sessions and devices".
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

const INFO = Buffer.from('teamline refresh successor v1');

/** The AES-256 key only the holder of the used refresh token can derive (the table keeps its hash). */
const keyOf = (refreshToken: string) =>
  Buffer.from(hkdfSync('sha256', Buffer.from(refreshToken), Buffer.alloc(0), INFO, 32));

/**
 * Seals a rotation's answer under the refresh token it used: `iv.tag.ciphertext`, base64url. The
 * database holds the token only as SHA-256, so a copy of the table cannot open it.
 */
export function sealSuccessor(refreshToken: string, tokens: IssuedTokens): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(refreshToken), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(tokens), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

/** The sealed answer, or null when it does not open with this token (never expected: the hash matched). */
export function openSuccessor(refreshToken: string, sealed: string): IssuedTokens | null {
  try {
    const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', keyOf(refreshToken), iv!);
    decipher.setAuthTag(tag!);
    const text = Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
    return JSON.parse(text) as IssuedTokens;
  } catch {
    return null;
  }
}

/** Whether a token used at `usedAt` is still within its grace at `now`. */
export const withinGrace = (usedAt: Date, now: Date) =>
  now.getTime() - usedAt.getTime() < REFRESH_REUSE_GRACE_SECONDS * 1000;
