import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_TTL_HOURS, isErrorCode } from '@teamline/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from '../../shared/app-error.js';
import type { Actor } from '../../shared/context.js';
import type { BillingDeps } from './billing.deps.js';

const WAIT_MS = 50;
const WAIT_LIMIT_MS = 60_000;

/**
 * The `Idempotency-Key` header of the paying calls (PRODUCT.md "Subscription"): the same key from the
 * same member within 24 hours answers what the first request answered (success or refusal) and does
 * nothing more. The key is claimed by an insert (one winner across instances); the others wait for
 * its answer. The same key with another request answers IDEMPOTENCY_KEY_REUSED. An unexpected
 * failure releases the key, so the retry runs again (the charge itself is keyed by what it pays for).
 */
export async function idempotent<T>(
  deps: BillingDeps,
  request: FastifyRequest,
  actor: Actor,
  work: () => Promise<T>,
): Promise<T> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return work();
  const key = Array.isArray(header) ? header[0]! : header;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw fieldError('Idempotency-Key', 'invalid');
  const fingerprint = createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
  const started = Date.now();
  for (;;) {
    const now = deps.ctx.clock.now();
    const since = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000);
    const existing = await deps.repo.claimKey(actor.memberIdx, key, fingerprint, now, since);
    if (!existing) break;
    if (existing.fingerprint !== fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (existing.statusCode !== null) {
      const stored = existing.response as { data?: T; error?: { code: string; details?: unknown } };
      if (stored.error && isErrorCode(stored.error.code))
        throw new AppError(stored.error.code, stored.error.details);
      return stored.data as T;
    }
    if (Date.now() - started > WAIT_LIMIT_MS) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
  }
  try {
    const data = await work();
    await deps.repo.answerKey(actor.memberIdx, key, 200, { data });
    return data;
  } catch (error) {
    if (error instanceof AppError && error.status < 500)
      await deps.repo.answerKey(actor.memberIdx, key, error.status, {
        error: { code: error.code, details: error.details ?? null },
      });
    else await deps.repo.releaseKey(actor.memberIdx, key);
    throw error;
  }
}
