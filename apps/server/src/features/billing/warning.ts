import { FREE_MEMBER_ALLOWANCE, SHEET_GRACE_DAYS, isSubscriptionShort } from '@teamline/contract';
import { addDays } from '../../infra/clock.js';
import type { UnitOfWorkHandle } from '../../platform/events/unit-of-work.js';
import type { BillingRepository } from './billing.repository.js';
import type { BillingDeps } from './billing.deps.js';

type Tx = UnitOfWorkHandle<BillingRepository>;

/**
 * Brings a project's warning state up to date inside a transaction (docs/product/billing.md#plans-and-prices):
 * short of sheets (totalMember > sheets + 4) starts a grace of 3 days once; no longer short ends the
 * grace and makes an INACTIVE project ACTIVE at once. Idempotent: a second run changes nothing.
 */
export async function evaluateWarning(
  r: Tx,
  projectIdx: number,
  now: Date,
): Promise<'warned' | 'cleared' | null> {
  const project = await r.project(projectIdx);
  if (!project || project.delYn === 'Y') return null;
  const totalMember = await r.totalMember(projectIdx);
  const short = isSubscriptionShort(totalMember, project.sheets);
  let sub = await r.subscriptionOfProject(projectIdx);
  if (short) {
    if (sub?.graceUntil) return null;
    sub ??= await r.ensureSubscription(projectIdx);
    const graceUntil = addDays(now, SHEET_GRACE_DAYS);
    await r.updateSubscription(sub.subscriptionIdx, { graceUntil });
    await r.events.record('subscription.warned', projectIdx, {
      projectIdx,
      totalMember,
      sheets: project.sheets,
      graceUntil: graceUntil.toISOString(),
    });
    return 'warned';
  }
  const hadGrace = !!sub?.graceUntil;
  if (sub && hadGrace) await r.updateSubscription(sub.subscriptionIdx, { graceUntil: null });
  if (project.status === 'INACTIVE') await r.setProject(projectIdx, { status: 'ACTIVE' });
  if (!hadGrace && project.status !== 'INACTIVE') return null;
  await r.events.record('subscription.cleared', projectIdx, {
    projectIdx,
    totalMember,
    sheets: project.sheets,
  });
  return 'cleared';
}

/** After the grace: the project becomes INACTIVE unless it was fixed meanwhile. */
export async function inactivateIfDue(deps: BillingDeps, projectIdx: number): Promise<boolean> {
  const now = deps.ctx.clock.now();
  return deps.transaction(async (r) => {
    await r.lockProject(projectIdx);
    await evaluateWarning(r, projectIdx, now);
    const sub = await r.subscriptionOfProject(projectIdx);
    const project = await r.project(projectIdx);
    if (!sub?.graceUntil || sub.graceUntil > now || !project || project.status !== 'ACTIVE') return false;
    await r.setProject(projectIdx, { status: 'INACTIVE' });
    await r.events.record('project.inactivated', projectIdx, { projectIdx, reason: 'sheets' });
    return true;
  });
}

/** Re-evaluates one project in its own transaction (member joined or left). */
export async function reevaluate(deps: BillingDeps, projectIdx: number) {
  return deps.transaction(async (r) => {
    await r.lockProject(projectIdx);
    return evaluateWarning(r, projectIdx, deps.ctx.clock.now());
  });
}

export const freeMembers = FREE_MEMBER_ALLOWANCE;
