import { createHash, randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_TTL_HOURS, isErrorCode } from '@teamline/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from '../../shared/app-error.js';
import type { Actor } from '../../shared/context.js';
import type { KeyClaim } from './billing.repository.js';
import type { BillingDeps } from './billing.deps.js';
import { WAIT_LIMIT_MS, resumeOperation } from './intent-outcome.js';
import { paidAnswer, type PayingResult } from './subscription.js';

const WAIT_MS = 50;

/**
 * The `Idempotency-Key` header of the paying calls (docs/product/billing.md#plans-and-prices): the same key from the
 * same member within 24 hours answers what the first request answered (success or refusal) and does
 * nothing more. The key is claimed by an insert (one winner across instances) with a lease the
 * request renews while it runs; the others wait for its answer. A claim whose request died (its
 * lease ran out) is taken over by the retry: when the dead request had started a payment operation
 * (tied to the claim in the intent's own transaction), the retry answers how that operation really
 * ended (settling it with the gateway first), never running it twice; otherwise it runs the request
 * anew. The same key with another request answers IDEMPOTENCY_KEY_REUSED; a retry that waited a
 * minute for a request still running answers PAYMENT_PENDING (try again). An unexpected failure lets
 * the next retry take over at once.
 */
export async function idempotent(
  deps: BillingDeps,
  request: FastifyRequest,
  actor: Actor,
  work: (claim: KeyClaim | null) => Promise<PayingResult>,
): Promise<PayingResult> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return work(null);
  const key = Array.isArray(header) ? header[0]! : header;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw fieldError('Idempotency-Key', 'invalid');
  const fingerprint = createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
  const claim: KeyClaim = { memberIdx: actor.memberIdx, key, owner: randomUUID() };
  const leaseMs = deps.ctx.config.billing.leaseMs;
  const leaseEnd = () => new Date(deps.ctx.clock.now().getTime() + leaseMs);
  const started = Date.now();
  let operation: string | null = null;
  for (;;) {
    const now = deps.ctx.clock.now();
    const since = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000);
    const existing = await deps.repo.claimKey(claim, fingerprint, now, since, leaseEnd());
    if (!existing) break;
    if (existing.fingerprint !== fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (existing.statusCode !== null) {
      const stored = existing.response as {
        data?: PayingResult;
        error?: { code: string; details?: unknown };
      };
      if (stored.error && isErrorCode(stored.error.code))
        throw new AppError(stored.error.code, stored.error.details);
      return stored.data as PayingResult;
    }
    if (!existing.leaseUntil || existing.leaseUntil <= now) {
      const taken = await deps.repo.takeOverKey(claim, now, leaseEnd());
      if (taken) {
        operation = taken.operation;
        break;
      }
      continue;
    }
    if (Date.now() - started > WAIT_LIMIT_MS) throw new AppError('PAYMENT_PENDING');
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
  }
  // Held while the request runs: renewed at a third of the lease.
  const renewal = setInterval(() => {
    void deps.repo.renewKey(claim, leaseEnd()).catch(() => undefined);
  }, leaseMs / 3);
  try {
    const rows = operation ? await resumeOperation(deps, operation) : [];
    const data = rows[0] ? await paidAnswer(deps, rows[0].projectIdx, rows) : await work(claim);
    clearInterval(renewal);
    await deps.repo.answerKey(claim, 200, { data });
    return data;
  } catch (error) {
    clearInterval(renewal);
    if (error instanceof AppError && error.status < 500)
      await deps.repo.answerKey(claim, error.status, {
        error: { code: error.code, details: error.details ?? null },
      });
    else await deps.repo.expireKey(claim, deps.ctx.clock.now());
    throw error;
  }
}
