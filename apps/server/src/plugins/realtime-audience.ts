import {
  contractRecord,
  requestRecord,
  type OwnerRecord,
  type ProjectAction,
  type RecordScope,
} from '@teamline/contract';
import type { Target } from '../platform/authorization/authorization.js';

/**
 * Who of a project's members may receive an event on `/api/ws`: the same rule as the route that
 * reads its record (issue 30). An event names ids, people and statuses only, but those are the
 * record's business: a request is for its parties (and those who act for them), a contract and its
 * settlements for the professional, their lead and the hiring side, billing, invitations, webhooks
 * and applicants for the roles that manage them, an import's progress for those who may import. Events without a rule here (planning, members,
 * the project) reach every member, as every member reads them.
 */
export interface ReadRule {
  /** The action the reading route authorizes. */
  action: ProjectAction;
  /** Membership records (memberInProjectIdx) the record rule needs: the record's owners. */
  owners: number[];
  /** The record as the rule sees it, once the owners' records (with their team lead) are read. */
  target?: (records: readonly OwnerRecord[]) => Target;
}

const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);

export function readRuleOf(type: string, projectIdx: number, payload: unknown): ReadRule | null {
  const p = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<string, unknown>;
  const category = type.slice(0, type.indexOf('.'));
  switch (category) {
    case 'request': {
      const senderIdx = num(p.senderIdx);
      const receiverIdx = num(p.receiverIdx);
      if (senderIdx === null || receiverIdx === null)
        return { action: 'request.view', owners: [], target: none };
      return {
        action: 'request.view',
        owners: [senderIdx, receiverIdx],
        target: (records) => requestRecord({ projectIdx, senderIdx, receiverIdx }, records, 'parties'),
      };
    }
    case 'contract':
    case 'settlement': {
      const memberInProjectIdx = num(p.memberInProjectIdx);
      const action = category === 'contract' ? 'contract.view' : 'settlement.view';
      if (memberInProjectIdx === null) return { action, owners: [], target: none };
      return {
        action,
        owners: [memberInProjectIdx],
        target: (records) => contractRecord({ projectIdx, memberInProjectIdx }, records, 'view'),
      };
    }
    case 'budget':
      return { action: 'budget.view', owners: [] };
    case 'payment':
      return { action: 'billing.manage', owners: [] };
    case 'invite':
      return { action: 'invite.manage', owners: [] };
    case 'webhook':
      return { action: 'webhook.manage', owners: [] };
    case 'recruitment':
      return { action: 'recruitment.manage', owners: [] };
    case 'import':
      return { action: 'planning.edit', owners: [] };
    default:
      return null;
  }
}

/** A record whose owners the event does not name: only those who act on any record pass. */
const none = (): RecordScope => ({ projectIdx: -1, owners: [] });
