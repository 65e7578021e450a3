import fastifyRateLimit from '@fastify/rate-limit';
import { API_BASE, apiPaths } from '@teamline/contract';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../shared/app-error.js';

type KeyOf = (request: FastifyRequest) => string | null;
interface Limit {
  /** Bucket name; the key is `<name>:<by>`. */
  name: string;
  max: number;
  windowMinutes: number;
  by: KeyOf;
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
const byAccount: KeyOf = (request) => (request.actor ? `member:${request.actor.memberIdx}` : null);

/**
 * Limits on the routes that send mail, check a secret or guess at accounts: per client IP (as the
 * socket sees it, or X-Forwarded-For only with TRUST_PROXY) and per account or address, so neither
 * many addresses from one IP nor one address from many IPs gets far. docs/security.md lists them.
 */
export const rateLimits: Record<string, Limit[]> = {
  [`POST ${apiPaths.authLoginGeneral}`]: [
    { name: 'login-ip', max: 20, windowMinutes: 5, by: byIp },
    { name: 'login-email', max: 10, windowMinutes: 15, by: bodyField('email') },
  ],
  [`POST ${apiPaths.authEmail}`]: [
    { name: 'mail-ip', max: 10, windowMinutes: 15, by: byIp },
    { name: 'mail-email', max: 5, windowMinutes: 15, by: bodyField('email') },
  ],
  [`POST ${apiPaths.authEmailVerify}`]: [{ name: 'verify-ip', max: 30, windowMinutes: 15, by: byIp }],
  [`POST ${apiPaths.authRefresh}`]: [{ name: 'refresh-ip', max: 60, windowMinutes: 5, by: byIp }],
  [`POST ${apiPaths.memberJoinGeneral}`]: [{ name: 'join-ip', max: 10, windowMinutes: 15, by: byIp }],
  [`POST ${apiPaths.memberJoin}`]: [{ name: 'join-ip', max: 10, windowMinutes: 15, by: byIp }],
  // Each start writes a state row: a client cannot fill the table.
  [`GET ${apiPaths.authOauth(':provider')}`]: [
    { name: 'oauth-start-ip', max: 30, windowMinutes: 5, by: byIp },
  ],
  [`POST ${apiPaths.authLogin}`]: [{ name: 'oauth-login-ip', max: 30, windowMinutes: 5, by: byIp }],
  [`POST ${apiPaths.authOauthLink}`]: [
    { name: 'login-ip', max: 20, windowMinutes: 5, by: byIp },
    { name: 'oauth-link-token', max: 10, windowMinutes: 15, by: bodyField('linkToken') },
  ],
  [`POST ${apiPaths.memberFindId}`]: [
    { name: 'find-id-ip', max: 10, windowMinutes: 15, by: byIp },
    { name: 'find-id-person', max: 5, windowMinutes: 15, by: bodyField('name', 'phone') },
  ],
  [`POST ${apiPaths.memberFindPassword}`]: [
    { name: 'find-password-ip', max: 10, windowMinutes: 15, by: byIp },
    { name: 'find-password-email', max: 5, windowMinutes: 15, by: bodyField('email') },
  ],
  [`POST ${apiPaths.memberPasswordReset}`]: [{ name: 'reset-ip', max: 10, windowMinutes: 15, by: byIp }],
  [`PATCH ${apiPaths.memberPassword}`]: [
    { name: 'password-ip', max: 10, windowMinutes: 15, by: byIp },
    { name: 'password-member', max: 5, windowMinutes: 15, by: byAccount },
  ],
  // Two-factor sign-in: wrong factors are also limited per account in the database
  // (features/two-factor/wrong-entries.ts); these bound the requests of one address.
  [`POST ${apiPaths.authLoginSecondFactor}`]: [
    { name: 'second-factor-ip', max: 30, windowMinutes: 5, by: byIp },
  ],
  [`POST ${apiPaths.authLoginSecondFactorPasskey}`]: [
    { name: 'second-factor-ip', max: 30, windowMinutes: 5, by: byIp },
  ],
  [`POST ${apiPaths.authPasskeyOptions}`]: [{ name: 'passkey-ip', max: 30, windowMinutes: 5, by: byIp }],
  [`POST ${apiPaths.authLoginPasskey}`]: [{ name: 'passkey-ip', max: 30, windowMinutes: 5, by: byIp }],
  [`POST ${apiPaths.authStepUp}`]: [
    { name: 'step-up-ip', max: 30, windowMinutes: 5, by: byIp },
    { name: 'step-up-member', max: 10, windowMinutes: 15, by: byAccount },
  ],
  [`POST ${apiPaths.invite}`]: [
    { name: 'invite-ip', max: 60, windowMinutes: 60, by: byIp },
    { name: 'invite-member', max: 30, windowMinutes: 60, by: byAccount },
  ],
  [`POST ${apiPaths.inviteResend(':inviteIdx')}`]: [
    { name: 'invite-ip', max: 60, windowMinutes: 60, by: byIp },
    { name: 'invite-member', max: 30, windowMinutes: 60, by: byAccount },
  ],
};

/**
 * Registers the limits in the /api scope (before the routes, whose registration they watch). With
 * REDIS_URL the counters live in Redis, so the limits hold across instances; otherwise in memory.
 * Counted after validation (preHandler), so the body's address is known and malformed requests do
 * not use up a user's allowance; a limit answers 429 RATE_LIMITED with Retry-After in seconds.
 */
export async function registerRateLimits(api: FastifyInstance) {
  const { redisUrl, rateLimit } = api.ctx.config;
  if (!rateLimit) return;
  const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: true }) : null;
  if (redis) api.addHook('onClose', async () => void (await redis.quit()));
  await api.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'teamline:rate-limit:' } : {}),
  });

  const checks = new Map<Limit, ReturnType<FastifyInstance['createRateLimit']>>();
  for (const limits of Object.values(rateLimits))
    for (const limit of limits)
      checks.set(
        limit,
        api.createRateLimit({
          max: limit.max,
          timeWindow: limit.windowMinutes * 60_000,
          keyGenerator: (request) => `${limit.name}:${limit.by(request)}`,
        }),
      );

  api.addHook('onRoute', (route: RouteOptions) => {
    const methods = [route.method].flat();
    const path = route.url.slice(API_BASE.length);
    const limits = methods.flatMap((method) => rateLimits[`${method} ${path}`] ?? []);
    if (limits.length === 0) return;
    const limitHook = async (
      request: FastifyRequest,
      reply: { header(name: string, value: number): unknown },
    ) => {
      let retryAfter = 0;
      for (const limit of limits) {
        if (limit.by(request) === null) continue;
        const result = await checks.get(limit)!(request);
        if (!result.isAllowed && result.isExceeded) retryAfter = Math.max(retryAfter, result.ttlInSeconds);
      }
      if (retryAfter > 0) {
        reply.header('retry-after', retryAfter);
        throw new AppError('RATE_LIMITED', { retryAfterSeconds: retryAfter });
      }
    };
    route.preHandler = [limitHook, ...[route.preHandler ?? []].flat()];
  });
}
