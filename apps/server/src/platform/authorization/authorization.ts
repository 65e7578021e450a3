import {
  abilitiesOf,
  actionRules,
  allows,
  can,
  recordDenial,
  ruleDenial,
  type ActionTable,
  type ErrorCode,
  type ProjectAction,
  type ProjectRole,
  type ProjectStatus,
  type RecordScope,
  inactiveProjectActions,
  mustUseTwoFactor,
  twoFactorExemptActions,
} from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import type { Actor } from '../../shared/context.js';

/** The caller's active record in a live project, as the membership repository returns it. */
export interface Membership {
  projectIdx: number;
  memberInProjectIdx: number;
  role: ProjectRole;
  isAdmin: boolean;
  depth1Idx: number | null;
  /** The project's status (the membership lookup reads it): INACTIVE refuses most actions with 423. */
  projectStatus?: ProjectStatus;
  /** The project's "admins and clients must use two-factor" setting (features/two-factor). */
  requireTwoFactor?: boolean;
  /** Whether the member has a second factor (read only when the project requires one). */
  hasSecondFactor?: boolean;
}

/**
 * What an action is aimed at: a project (by its id), or one record in it. `missing` is the code of
 * the record's "not found": a caller who is not a member of the record's project gets exactly that,
 * so ids of other projects look missing. `owners` (with `openTo`/`closedTo`) feed the record rule of
 * actions the table marks `record: 'own'`.
 */
export interface Target extends Partial<Omit<RecordScope, 'projectIdx'>> {
  projectIdx: number;
  missing?: ErrorCode;
  /**
   * The record is private to those the record rule admits (a request and its parties): a member
   * it refuses gets `missing` too, like a stranger, instead of FORBIDDEN.
   */
  conceal?: boolean;
}

/**
 * The decision once the caller's membership is known (null: not an active member of a live project).
 * Order: membership (PROJECT_ACCESS_DENIED, or the record's `missing` code), the project's
 * two-factor rule for admins and clients (TWO_FACTOR_REQUIRED), the table's role rule (its denial
 * code), the record's project, then the record rule (FORBIDDEN).
 */
export function decide<M extends Membership>(
  membership: M | null | undefined,
  action: ProjectAction,
  target?: Target,
  table: ActionTable = actionRules,
): M {
  const hidden = target?.missing ?? 'PROJECT_ACCESS_DENIED';
  if (!membership || (target && target.projectIdx !== membership.projectIdx)) throw new AppError(hidden);
  if (
    membership.requireTwoFactor &&
    !membership.hasSecondFactor &&
    mustUseTwoFactor(membership) &&
    !twoFactorExemptActions.includes(action)
  )
    throw new AppError('TWO_FACTOR_REQUIRED');
  const policy = table[action];
  if (!can(membership, action, table)) throw new AppError(ruleDenial[policy.rule]);
  if (
    membership.projectStatus === 'INACTIVE' &&
    !(inactiveProjectActions as readonly string[]).includes(action)
  )
    throw new AppError('PROJECT_INACTIVE');
  if (policy.record === 'own') {
    if (!target?.owners) throw new Error(`action '${action}' is decided per record: pass its owners`);
    if (!allows(membership, action, { ...target, owners: target.owners }, table))
      throw new AppError(target.conceal && target.missing ? target.missing : recordDenial);
  }
  return membership;
}

export interface AuthorizationDeps<M extends Membership> {
  /** The caller's active record in a live project, or null (missing, deleted, not a member). */
  findMembership(projectIdx: number, memberIdx: number): Promise<M | null>;
  /** The action table; tests pass a changed one. */
  table?: ActionTable;
}

/** The one decision point of project actions (docs/permissions.md): `authorize(actor, action, target)`. */
export function createAuthorization<M extends Membership>(deps: AuthorizationDeps<M>) {
  const table = deps.table ?? actionRules;
  return {
    table,
    /** Looks the caller up in the target's project and decides; returns their membership. */
    async authorize(actor: Actor, action: ProjectAction, target: Target | number): Promise<M> {
      const t = typeof target === 'number' ? { projectIdx: target } : target;
      return decide(await deps.findMembership(t.projectIdx, actor.memberIdx), action, t, table);
    },
    /** The same decision for a membership already read (inside a transaction, say). */
    decide: (membership: M | null | undefined, action: ProjectAction, target?: Target): M =>
      decide(membership, action, target, table),
    /** Whether `decide` would pass: the per-record `can` the web app receives. */
    allows: (membership: M | null | undefined, action: ProjectAction, target?: Target): boolean => {
      try {
        decide(membership, action, target, table);
        return true;
      } catch (error) {
        if (error instanceof AppError) return false;
        throw error;
      }
    },
    /** The caller's allowed actions, sent with the roles. */
    abilities: (membership: M | null | undefined): ProjectAction[] => abilitiesOf(membership, table),
  };
}
export type Authorization<M extends Membership = Membership> = ReturnType<typeof createAuthorization<M>>;
