import type { AuthTokens, IssuedTokens } from '@teamline/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from '../../shared/crypto.js';
import { authCookie, cookieOf, sendSession } from './refresh-cookie.js';

/**
 * A browser's own mark: a random id in a long-lived httpOnly cookie, set at every sign-in. A sign-in
 * whose browser brings no mark this account has seen is a "new browser" (the mail of new-browser.ts).
 * It names the browser, not the person, and grants nothing; the table keeps only its SHA-256, so a
 * copy of the table cannot be used to pass as a known browser.
 */
export const DEVICE_COOKIE = 'teamline_device';
/** A year: a browser used less than once a year counts as new again. */
const DEVICE_COOKIE_DAYS = 365;
const USER_AGENT_MAX = 512;

/** Who is signing in or refreshing, as the request shows it. */
export interface SessionClient {
  /** The browser's device mark: the one its cookie carried, or a new one this answer sets. */
  device: string;
  userAgent: string | null;
  /** `request.ip`: the socket's address, or the forwarded one behind a trusted proxy (TRUST_PROXY). */
  ip: string;
}

const clients = new WeakMap<FastifyRequest, SessionClient>();

/** The client of a request (the same object however often asked, so a new mark is made once). */
export function clientOf(request: FastifyRequest): SessionClient {
  let client = clients.get(request);
  if (!client) {
    const sent = cookieOf(request, DEVICE_COOKIE);
    const userAgent = request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null;
    client = {
      device: sent && /^[A-Za-z0-9_-]{43}$/.test(sent) ? sent : randomToken(),
      userAgent,
      ip: request.ip,
    };
    clients.set(request, client);
  }
  return client;
}

/**
 * The answer of a sign-in (login, join, outside sign-in): the refresh cookie and the JSON of
 * `sendSession`, plus the device cookie, renewed so a browser in use keeps its mark.
 */
export function sendSignIn(request: FastifyRequest, reply: FastifyReply, tokens: IssuedTokens): AuthTokens {
  void reply.header(
    'set-cookie',
    authCookie(DEVICE_COOKIE, clientOf(request).device, DEVICE_COOKIE_DAYS * 24 * 60 * 60, request),
  );
  return sendSession(request, reply, tokens);
}

/** The client of a session started outside a request (benchmarks, tests): no browser, the local address. */
export const localClient = (device: string = randomToken()): SessionClient => ({
  device,
  userAgent: null,
  ip: '127.0.0.1',
});
