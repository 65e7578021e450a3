import { API_BASE, REFRESH_TOKEN_TTL_DAYS, type AuthTokens, type IssuedTokens } from '@teamline/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The refresh token's home in a browser: an httpOnly cookie script cannot read, sent only to the
 * auth routes (Path=/api/auth) and only by same-site requests (SameSite=Strict). See
 * docs/security.md "Sessions" and docs/decisions.md "Refresh token in a cookie".
 */
export const REFRESH_COOKIE = 'teamline_refresh';
const COOKIE_PATH = `${API_BASE}/auth`;

const isSecure = (request: FastifyRequest) => request.server.ctx.config.publicUrl.startsWith('https:');

/** A cookie of the auth routes: httpOnly, SameSite=Strict, on /api/auth, Secure behind https. */
export function authCookie(
  name: string,
  value: string,
  maxAgeSeconds: number,
  request: FastifyRequest,
): string {
  return [
    `${name}=${value}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(isSecure(request) ? ['Secure'] : []),
  ].join('; ');
}

/** The value of a cookie the browser sent, or null. */
export function cookieOf(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/** The refresh token the browser sent in the cookie, or null. */
export const refreshFromCookie = (request: FastifyRequest): string | null =>
  cookieOf(request, REFRESH_COOKIE);

/**
 * A browser request: every current browser sends `Sec-Fetch-Site`, and script can neither set nor
 * remove it, so a script in the page cannot ask for the refresh token in the JSON.
 */
const fromBrowser = (request: FastifyRequest) => request.headers['sec-fetch-site'] !== undefined;

/**
 * Sets the refresh cookie and returns the JSON body of a new session. A browser (or a caller that
 * already keeps the token in the cookie) gets the key without the refresh token; other clients get
 * the spec's full shape and may ignore the cookie.
 */
export function sendSession(
  request: FastifyRequest,
  reply: FastifyReply,
  tokens: IssuedTokens,
  cookieOnly = false,
): AuthTokens {
  void reply.header(
    'set-cookie',
    authCookie(REFRESH_COOKIE, tokens.refresh, REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60, request),
  );
  if (cookieOnly || fromBrowser(request)) return { key: tokens.key, expires: tokens.expires };
  return tokens;
}

/** Tells the browser to forget the refresh cookie (logout, withdrawal, a refused refresh). */
export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  void reply.header('set-cookie', authCookie(REFRESH_COOKIE, '', 0, request));
}
