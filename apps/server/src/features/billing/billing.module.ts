import type { FastifyRequest } from 'fastify';
import { unitOfWork } from '../../platform/events/unit-of-work.js';
import { defineModule } from '../../platform/module.js';
import type { Actor } from '../../shared/context.js';
import { createBillingRepository, type KeyClaim } from './billing.repository.js';
import type { BillingDeps } from './billing.deps.js';
import { billingJobs, mailWarning, reconcileAfterStart, sweep, warnOnMembers } from './billing.jobs.js';
import { billingRoutes } from './billing.routes.js';
import { deleteCard, listCards, registerCard } from './card.js';
import { listCoupons, registerCoupon } from './coupon.js';
import type { PaymentGateway } from './gateway/gateway.js';
import { SandboxGateway } from './gateway/sandbox.js';
import { createSandboxLedger } from './gateway/sandbox-ledger.js';
import { TossGateway } from './gateway/toss.js';
import { idempotent } from './idempotency.js';
import { reconcile } from './intent-outcome.js';
import { listPayments } from './payment.js';
import { planTable } from './plan.js';
import { refund } from './refund.js';
import { changeSheets } from './sheets.js';
import { getSubscription, renew, subscribe, updateSubscription } from './subscription.js';
import { reevaluate } from './warning.js';

/** The billing calls the routes, jobs and scripts use. */
export function createBillingService(deps: BillingDeps) {
  return {
    deps,
    gateway: deps.gateway,
    plans: () => planTable(deps),
    get: (actor: Actor, projectIdx: number) => getSubscription(deps, actor, projectIdx),
    subscribe: (actor: Actor, body: Parameters<typeof subscribe>[2], claim: KeyClaim | null = null) =>
      subscribe(deps, actor, body, claim),
    update: (actor: Actor, idx: number, body: Parameters<typeof updateSubscription>[3]) =>
      updateSubscription(deps, actor, idx, body),
    sheets: (
      actor: Actor,
      idx: number,
      body: Parameters<typeof changeSheets>[3],
      claim: KeyClaim | null = null,
    ) => changeSheets(deps, actor, idx, body, claim),
    refund: (actor: Actor, idx: number, body: Parameters<typeof refund>[3], claim: KeyClaim | null = null) =>
      refund(deps, actor, idx, body, claim),
    payments: (actor: Actor, projectIdx: number) => listPayments(deps, actor, projectIdx),
    cards: (actor: Actor) => listCards(deps, actor),
    registerCard: (actor: Actor, body: Parameters<typeof registerCard>[2]) => registerCard(deps, actor, body),
    deleteCard: (actor: Actor, cardIdx: number) => deleteCard(deps, actor, cardIdx),
    coupons: (actor: Actor, projectIdx: number) => listCoupons(deps, actor, projectIdx),
    registerCoupon: (actor: Actor, body: Parameters<typeof registerCoupon>[2]) =>
      registerCoupon(deps, actor, body),
    idempotent: (request: FastifyRequest, actor: Actor, work: Parameters<typeof idempotent>[3]) =>
      idempotent(deps, request, actor, work),
    sweep: () => sweep(deps),
    reconcile: () => reconcile(deps),
    renew: (subscriptionIdx: number) => renew(deps, subscriptionIdx),
    reevaluate: (projectIdx: number) => reevaluate(deps, projectIdx),
  };
}
export type BillingService = ReturnType<typeof createBillingService>;

declare module '../../platform/services.js' {
  interface Services {
    billing: BillingService;
  }
}

/**
 * Subscriptions per project sheet: plans, cards through one gateway (sandbox or Toss), charges with
 * idempotency keys, coupons, refunds, the warning, grace and INACTIVE state, renewals by a durable job.
 */
export const billingModule = defineModule({
  name: 'billing',
  services: ({ ctx, services: { authz } }) => {
    const { billing } = ctx.config;
    const gateway: PaymentGateway =
      billing.gateway === 'toss' && billing.tossSecretKey
        ? new TossGateway({
            secretKey: billing.tossSecretKey,
            apiUrl: billing.tossApiUrl,
            timeoutMs: billing.tossTimeoutMs,
          })
        : new SandboxGateway(ctx.clock, createSandboxLedger(ctx.database.db), {
            latencyMs: billing.sandboxLatencyMs,
            log: ctx.log,
          });
    const deps: BillingDeps = {
      ctx,
      repo: createBillingRepository(ctx.database.db),
      transaction: unitOfWork(ctx.database.db, ctx, createBillingRepository),
      authz,
      gateway,
      monthlyPrices: billing.monthlyPrices,
    };
    return { billing: createBillingService(deps) };
  },
  routes: billingRoutes,
  consumers: ({ services }) => [warnOnMembers(services.billing.deps), mailWarning(services.billing.deps)],
  jobs: ({ services }) => billingJobs(services.billing.deps),
  setup: (app) => reconcileAfterStart(app, app.services.billing.deps),
});
