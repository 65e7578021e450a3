import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_BASE } from '@teamline/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { secretKeyOf } from '../github/token-cipher.js';

/**
 * A browser that has signed in to an account before ("device cookie", OWASP Authentication Cheat
 * Sheet): an httpOnly cookie holding, per account signed in from it, `<memberIdx>.<id>.<signature>`.
 * Wrong passwords typed there count against that browser only, never against the account, so a
 * stranger's guesses cannot keep the owner's own browser out (login-throttle.ts).
 */
export const KNOWN_BROWSER_COOKIE = 'teamline_browser';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** A shared computer remembers the last few accounts; older ones fall back to the account's limits. */
const ACCOUNTS_PER_BROWSER = 5;

/** The browser a sign-in comes from: its id for this account when it is known, else null. */
export interface SignInClient {
  browserId: string | null;
}

/** The cookie's HMAC key, derived once per app from its secret key (read from disk the first time). */
const keys = new WeakMap<object, Buffer>();
function keyOf(request: FastifyRequest): Buffer {
  const { config } = request.server.ctx;
  let key = keys.get(config);
  if (!key) {
    key = createHmac('sha256', secretKeyOf(config)).update('known-browser').digest();
    keys.set(config, key);
  }
  return key;
}

const sign = (request: FastifyRequest, memberIdx: number, id: string) =>
  createHmac('sha256', keyOf(request)).update(`${memberIdx}.${id}`).digest('base64url').slice(0, 22);

function entriesOf(request: FastifyRequest): string[] {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === KNOWN_BROWSER_COOKIE)
      return part
        .slice(eq + 1)
        .trim()
        .split('~')
        .filter((entry) => /^\d+\.[\w-]{16,32}\.[\w-]{22}$/.test(entry))
        .slice(0, ACCOUNTS_PER_BROWSER);
  }
  return [];
}

/** The signed id this browser holds for the account, or null (never signed in here, or a forged cookie). */
export function signInClient(request: FastifyRequest, memberIdx: number): SignInClient {
  for (const entry of entriesOf(request)) {
    const [owner, id, signature] = entry.split('.') as [string, string, string];
    if (Number(owner) !== memberIdx) continue;
    // Both are 22 characters (the pattern in entriesOf and the slice in sign).
    if (timingSafeEqual(Buffer.from(sign(request, memberIdx, id)), Buffer.from(signature)))
      return { browserId: id };
  }
  return { browserId: null };
}

/** After a sign-in: this browser is known to the account from now on (its existing id is kept). */
export function rememberBrowser(request: FastifyRequest, reply: FastifyReply, memberIdx: number): void {
  const id = signInClient(request, memberIdx).browserId ?? randomBytes(12).toString('base64url');
  const others = entriesOf(request).filter((entry) => Number(entry.split('.')[0]) !== memberIdx);
  const value = [`${memberIdx}.${id}.${sign(request, memberIdx, id)}`, ...others]
    .slice(0, ACCOUNTS_PER_BROWSER)
    .join('~');
  const secure = request.server.ctx.config.publicUrl.startsWith('https:');
  void reply.header(
    'set-cookie',
    [
      `${KNOWN_BROWSER_COOKIE}=${value}`,
      `Path=${API_BASE}/auth`,
      `Max-Age=${MAX_AGE_SECONDS}`,
      'HttpOnly',
      'SameSite=Strict',
      ...(secure ? ['Secure'] : []),
    ].join('; '),
  );
}
