import { API_BASE, apiPaths } from '@teamline/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Limit } from '../platform/rate-limit/limiter.js';
import { sha256 } from '../shared/crypto.js';

type KeyOf = (request: FastifyRequest) => string | null;
interface RouteLimit extends Limit {
  /** The key counted (`ip:…`, `email:…`, `member:…`); null: this limit does not apply to the request. */
  by: KeyOf;
  /**
   * Counts only refused answers (4xx but 429): a sign-in or a link that works never uses up the
   * allowance of the people behind one address.
   */
  failuresOnly?: true;
}

const byIp: KeyOf = (request) => `ip:${request.ip}`;
const bodyField =
  (...fields: string[]): KeyOf =>
  (request) => {
    const body = request.body as Record<string, unknown> | undefined;
    const values = fields.map((field) => body?.[field]);
    if (values.some((v) => typeof v !== 'string' || v === '')) return null;
    return `${fields.join('+')}:${values.map((v) => String(v).trim().toLowerCase()).join('|')}`;
  };
/** A calendar feed, by its secret's hash (the secret itself never becomes a counter's key). */
const byFeed: KeyOf = (request) => {
  const secret = (request.params as { secret?: unknown } | undefined)?.secret;
  return typeof secret === 'string' ? `feed:${sha256(secret)}` : null;
};
const byAccount: KeyOf = (request) => (request.actor ? `member:${request.actor.memberIdx}` : null);

/*
 * The numbers, and why each is what it is, are in docs/security.md ("Rate limits"). Two kinds:
 * limits that protect a person (per account, per e-mail, per link) are tight; limits per client
 * address are ceilings sized for an office of several hundred people behind one NAT, so a Monday
 * morning never meets them while one machine hammering the routes still does.
 */
const HOUR = 60;
/** A person's own allowance of mails to one address (a mailbox cannot be flooded through us). */
const mailPerAddress = (name: string): RouteLimit => ({
  name,
  max: 5,
  windowMinutes: 15,
  by: bodyField('email'),
});
/** Wrong passwords from one address, shared by e-mail sign-in and linking an outside sign-in. */
const signInFailuresPerIp: RouteLimit = {
  name: 'sign-in-failures-ip',
  max: 100,
  windowMinutes: 15,
  by: byIp,
  failuresOnly: true,
};
/** Links and tokens that did not work, from one address (a token is 32 random bytes: a guesser only costs us). */
const tokenFailuresPerIp = (name: string): RouteLimit => ({
  name,
  max: 50,
  windowMinutes: 15,
  by: byIp,
  failuresOnly: true,
});
const perIp = (name: string, max: number, windowMinutes: number): RouteLimit => ({
  name,
  max,
  windowMinutes,
  by: byIp,
});

/**
 * Limits on the routes that send mail, check a secret, guess at accounts or cost us outbound work,
 * by method and path. docs/security.md lists them; services count what only they can key (a project).
 */
export const rateLimits: Record<string, RouteLimit[]> = {
  [`POST ${apiPaths.authLoginGeneral}`]: [signInFailuresPerIp],
  [`POST ${apiPaths.authOauthLink}`]: [
    signInFailuresPerIp,
    { name: 'oauth-link-token', max: 10, windowMinutes: 15, by: bodyField('linkToken') },
  ],
  [`POST ${apiPaths.authLoginLink}`]: [
    perIp('sign-in-link-ip', 300, HOUR),
    mailPerAddress('sign-in-link-email'),
  ],
  [`POST ${apiPaths.authLoginLinkVerify}`]: [tokenFailuresPerIp('sign-in-link-use-ip')],
  [`POST ${apiPaths.authEmail}`]: [perIp('mail-ip', 300, HOUR), mailPerAddress('mail-email')],
  [`POST ${apiPaths.authEmailVerify}`]: [tokenFailuresPerIp('verify-ip')],
  [`POST ${apiPaths.inviteVerify}`]: [tokenFailuresPerIp('invite-verify-ip')],
  [`POST ${apiPaths.authRefresh}`]: [perIp('refresh-ip', 2000, 5)],
  [`POST ${apiPaths.memberJoinGeneral}`]: [perIp('join-ip', 300, HOUR)],
  [`POST ${apiPaths.memberJoin}`]: [perIp('join-ip', 300, HOUR)],
  // Each start writes a state row: a client cannot fill the table.
  [`GET ${apiPaths.authOauth(':provider')}`]: [perIp('oauth-start-ip', 600, HOUR)],
  [`POST ${apiPaths.authLogin}`]: [perIp('oauth-login-ip', 600, HOUR)],
  [`POST ${apiPaths.memberFindId}`]: [
    perIp('find-id-ip', 100, HOUR),
    { name: 'find-id-person', max: 5, windowMinutes: 15, by: bodyField('name', 'phone') },
  ],
  [`POST ${apiPaths.memberFindPassword}`]: [
    perIp('find-password-ip', 300, HOUR),
    mailPerAddress('find-password-email'),
  ],
  [`POST ${apiPaths.memberPasswordReset}`]: [tokenFailuresPerIp('reset-ip')],
  [`PATCH ${apiPaths.memberPassword}`]: [
    perIp('password-ip', 300, HOUR),
    { name: 'password-member', max: 5, windowMinutes: 15, by: byAccount },
  ],
  // Two-factor sign-in: wrong factors are also limited per account in the database
  // (features/two-factor/wrong-entries.ts). Per address these are office-sized ceilings, counting
  // failures where a success is the common case.
  [`POST ${apiPaths.authLoginSecondFactor}`]: [tokenFailuresPerIp('second-factor-ip')],
  [`POST ${apiPaths.authLoginSecondFactorPasskey}`]: [perIp('second-factor-passkey-ip', 600, HOUR)],
  [`POST ${apiPaths.authPasskeyOptions}`]: [perIp('passkey-options-ip', 600, HOUR)],
  [`POST ${apiPaths.authLoginPasskey}`]: [tokenFailuresPerIp('passkey-ip')],
  [`POST ${apiPaths.authStepUp}`]: [
    perIp('step-up-ip', 300, HOUR),
    { name: 'step-up-member', max: 10, windowMinutes: 15, by: byAccount },
  ],
  [`POST ${apiPaths.invite}`]: [
    perIp('invite-ip', 600, HOUR),
    { name: 'invite-member', max: 100, windowMinutes: HOUR, by: byAccount },
  ],
  [`POST ${apiPaths.inviteResend(':inviteIdx')}`]: [
    perIp('invite-ip', 600, HOUR),
    { name: 'invite-member', max: 100, windowMinutes: HOUR, by: byAccount },
  ],
  // Costly calls (issue 31) counted by account and project are in platform/rate-limit/costly-calls.ts.
  [`GET ${apiPaths.publicDocument(':token')}`]: [tokenFailuresPerIp('public-document-ip')],
  // A calendar feed: wrong secrets per address, and reads per feed (apps poll every few minutes to
  // hours; a feed read more than once a minute on average is a loop, not a calendar).
  [`GET ${apiPaths.calendarFeed(':secret')}`]: [
    tokenFailuresPerIp('calendar-feed-ip'),
    { name: 'calendar-feed', max: 60, windowMinutes: HOUR, by: byFeed },
  ],
};

const isFailure = (status: number) => status >= 400 && status < 500 && status !== 429;

/**
 * Attaches the table to the routes of the /api scope (registered before them, watching their
 * registration). Counted in preHandler, after validation, so the body's address is known and a
 * malformed request does not use up a person's allowance. A limit of failures counts every attempt
 * there too (a burst sent in parallel cannot slip past it) and gives the use back in onSend when
 * the answer was not a failure. Over a limit: 429 RATE_LIMITED with Retry-After.
 */
export async function registerRateLimits(api: FastifyInstance) {
  if (!api.ctx.config.rateLimit) return;
  const { limiter } = api.ctx;
  api.addHook('onRoute', (route: RouteOptions) => {
    const methods = [route.method].flat();
    const path = route.url.slice(API_BASE.length);
    const limits = methods.flatMap((method) => rateLimits[`${method} ${path}`] ?? []);
    if (limits.length === 0) return;
    const taken = Symbol('rate limits taken');
    type Counted = FastifyRequest & { [taken]?: [RouteLimit, string][] };
    const before = async (request: Counted) => {
      for (const limit of limits) {
        const key = limit.by(request);
        if (key === null) continue;
        if (limit.failuresOnly) (request[taken] ??= []).push([limit, key]);
        await limiter.take(limit, key);
      }
    };
    const after = async (request: Counted, reply: FastifyReply) => {
      if (isFailure(reply.statusCode)) return;
      for (const [limit, key] of request[taken] ?? []) await limiter.refund(limit, key);
    };
    route.preHandler = [before, ...[route.preHandler ?? []].flat()];
    if (limits.some((limit) => limit.failuresOnly)) route.onSend = [...[route.onSend ?? []].flat(), after];
  });
}
