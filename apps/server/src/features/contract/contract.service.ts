import {
  contractMoves,
  contractRecord,
  type Contract,
  type ContractList,
  type ContractListQuery,
  type ContractMove,
  type OfferContractRequest,
  type ProjectAction,
  type RecordScope,
} from '@teamline/contract';
import type { Db } from '../../infra/db.js';
import type { Authorization } from '../../platform/authorization/authorization.js';
import { createStore, type UnitOfWorkContext } from '../../platform/events/unit-of-work.js';
import { AppError, fieldError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import type { MembershipRow } from '../membership/membership.port.js';
import { requestRecordsOn, type RequestRow } from '../request/request.port.js';
import { createContractRepository, type ContractRow } from './contract.repository.js';

/** What contracts read and write over one handle: their table, the offer's request, memberships. */
function contractRepositories(db: Db) {
  return {
    contracts: createContractRepository(db),
    requests: requestRecordsOn(db),
  };
}

export function createContractStore(db: Db, ctx: UnitOfWorkContext) {
  return createStore(db, ctx, contractRepositories);
}
export type ContractStore = ReturnType<typeof createContractStore>;

export const toContract = (row: ContractRow): Contract => ({
  contractIdx: row.contractIdx,
  projectIdx: row.projectIdx,
  memberInProjectIdx: row.memberInProjectIdx,
  requestIdx: row.requestIdx,
  dailyRate: row.dailyRate,
  currency: row.currency,
  startDt: row.startDt,
  endDt: row.endDt,
  scope: row.scope,
  withholdingRateBp: row.withholdingRateBp,
  status: row.status,
  offeredByIdx: row.offeredByIdx,
  declineReason: row.declineReason,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
/** What contract events carry: ids and the status, never terms or reasons (see the event catalogue). */
const refOf = (row: ContractRow) => ({
  contractIdx: row.contractIdx,
  projectIdx: row.projectIdx,
  memberInProjectIdx: row.memberInProjectIdx,
  requestIdx: row.requestIdx,
  status: row.status,
});
/** The request events' payload (request.service's `refOf`), for the offer's request. */
const requestRefOf = (row: RequestRow) => ({
  requestIdx: row.requestIdx,
  projectIdx: row.projectIdx,
  kind: row.kind,
  senderIdx: row.senderIdx,
  receiverIdx: row.receiverIdx,
  status: row.status,
});

const MISSING = 'CONTRACT_NOT_FOUND' as const;
const todayCode = (now: Date): string => now.toISOString().slice(0, 10).replaceAll('-', '');
/** The offer's request title: the scope's first line, as a request title may hold. */
const titleOf = (scope: string) => (scope.split('\n')[0] ?? '').trim().slice(0, 200) || 'Contract';

const moveAction: Record<ContractMove, ProjectAction> = {
  accept: 'contract.accept',
  decline: 'contract.decline',
  end: 'contract.end',
};
const moveEvent = {
  accept: 'contract.accepted',
  decline: 'contract.declined',
  end: 'contract.ended',
} as const;

export function createContractService(
  ctx: AppContext,
  store: ContractStore,
  authz: Authorization<MembershipRow>,
) {
  /** The professional's record (members who left keep their team) and the two scopes of the record rule. */
  async function scopes(r: Pick<ContractStore, 'members'>, row: ContractRow) {
    const records = await r.members.findRecords(row.projectIdx, [row.memberInProjectIdx]);
    return {
      view: contractRecord(row, records, 'view'),
      professional: contractRecord(row, records, 'professional'),
    };
  }

  /** What the caller may do with the contract: answer an offer (its professional), end it (hiring side). */
  function canOf(
    m: MembershipRow,
    row: ContractRow,
    professional: RecordScope,
  ): NonNullable<Contract['can']> {
    const awaiting = row.status === 'awaiting';
    return {
      accept: awaiting && authz.allows(m, 'contract.accept', professional),
      decline: awaiting && authz.allows(m, 'contract.decline', professional),
      end: row.status === 'inProgress' && authz.allows(m, 'contract.end', { projectIdx: row.projectIdx }),
    };
  }

  return {
    /** The project's contracts the caller may see (record rule), newest first, each with its `can`. */
    async list(actor: Actor, query: ContractListQuery): Promise<ContractList> {
      const m = await authz.authorize(actor, 'contract.list', query.projectIdx);
      const rows = await store.contracts.listInProject(query.projectIdx);
      return {
        contracts: rows
          .filter(({ contract, depth1Idx }) =>
            authz.allows(m, 'contract.view', contractRecord(contract, [{ ...contract, depth1Idx }])),
          )
          .map(({ contract, depth1Idx }) => ({
            ...toContract(contract),
            can: canOf(m, contract, contractRecord(contract, [{ ...contract, depth1Idx }], 'professional')),
          })),
      };
    },

    /** One contract with what the caller may do; a caller the record rule refuses gets CONTRACT_NOT_FOUND. */
    async get(actor: Actor, contractIdx: number): Promise<Contract> {
      const row = await store.contracts.findById(contractIdx);
      if (!row) throw new AppError(MISSING);
      const scope = await scopes(store, row);
      const m = await authz.authorize(actor, 'contract.view', {
        ...scope.view,
        missing: MISSING,
        conceal: true,
      });
      return { ...toContract(row), can: canOf(m, row, scope.professional) };
    },

    /**
     * An offer: the contract and its request (kind `contract`, awaiting, from the caller to the
     * professional) in one transaction, under a lock on the professional's membership row so two
     * offers at once give one contract and one 409 CONTRACT_ALREADY_RUNNING. A period overlapping
     * another of the member's contracts (declined ones aside) is 409 CONTRACT_PERIOD_OVERLAP.
     */
    async offer(actor: Actor, input: OfferContractRequest): Promise<Contract> {
      const m = await authz.authorize(actor, 'contract.offer', input.projectIdx);
      if (input.memberInProjectIdx === m.memberInProjectIdx)
        throw fieldError('memberInProjectIdx', 'requestToSelf');
      return store.transaction(async (r) => {
        // An active member of this project: an id of another project, or of someone who left, is refused.
        const [pro] = await r.members.findActive(input.projectIdx, [input.memberInProjectIdx]);
        if (!pro) throw fieldError('memberInProjectIdx', 'invalid');
        if (pro.role !== 'depth1' && pro.role !== 'depth2')
          throw fieldError('memberInProjectIdx', 'contractToProfessional');
        await r.members.lockMember(pro.memberInProjectIdx);
        const running = await r.contracts.findRunning(input.projectIdx, pro.memberInProjectIdx);
        if (running)
          throw new AppError('CONTRACT_ALREADY_RUNNING', {
            contractIdx: running.contractIdx,
            status: running.status,
          });
        // Pay is settled per contract and month: two contracts of one member may not cover one day.
        const overlapping = await r.contracts.findOverlapping(
          input.projectIdx,
          pro.memberInProjectIdx,
          input.startDt,
          input.endDt ?? null,
        );
        if (overlapping)
          throw new AppError('CONTRACT_PERIOD_OVERLAP', {
            contractIdx: overlapping.contractIdx,
            startDt: overlapping.startDt,
            endDt: overlapping.endDt,
          });
        const scope = input.scope.trim();
        const request = await r.requests.insert({
          projectIdx: input.projectIdx,
          kind: 'contract',
          title: titleOf(scope),
          description: scope,
          dueDt: input.startDt,
          senderIdx: m.memberInProjectIdx,
          receiverIdx: pro.memberInProjectIdx,
        });
        const row = await r.contracts.insert({
          projectIdx: input.projectIdx,
          memberInProjectIdx: pro.memberInProjectIdx,
          requestIdx: request.requestIdx,
          offeredByIdx: m.memberInProjectIdx,
          dailyRate: input.dailyRate,
          currency: input.currency,
          startDt: input.startDt,
          endDt: input.endDt ?? null,
          scope,
          withholdingRateBp: input.withholdingRateBp,
        });
        await r.events.record('request.created', row.projectIdx, requestRefOf(request));
        await r.events.record('contract.offered', row.projectIdx, {
          ...refOf(row),
          offeredByIdx: row.offeredByIdx,
        });
        return toContract(row);
      });
    },

    /**
     * accept (awaiting → inProgress) and decline (awaiting → rejected, with a reason): the
     * professional alone; end (inProgress → completed, end date set if missing): the hiring side.
     * The contract and its request move together; a move from another status is 409
     * INVALID_STATUS_TRANSITION with the current status.
     */
    async move(actor: Actor, contractIdx: number, move: ContractMove, reason?: string): Promise<Contract> {
      const now = ctx.clock.now();
      return store.transaction(async (r) => {
        const row = await r.contracts.lockById(contractIdx);
        if (!row) throw new AppError(MISSING);
        const m = await r.members.findMembership(row.projectIdx, actor.memberIdx);
        const scope = await scopes(r, row);
        authz.decide(m, 'contract.view', { ...scope.view, missing: MISSING, conceal: true });
        const me = authz.decide(
          m,
          moveAction[move],
          move === 'end'
            ? { projectIdx: row.projectIdx, missing: MISSING }
            : { ...scope.professional, missing: MISSING },
        );
        const { from, to } = contractMoves[move];
        if (row.status !== from)
          throw new AppError('INVALID_STATUS_TRANSITION', { status: row.status, requested: to });
        const request = await r.requests.lockById(row.requestIdx);
        const updatedRequest = await r.requests.update(row.requestIdx, {
          status: to,
          updatedAt: now,
          ...(to === 'inProgress' ? { takenAt: now } : { completedAt: now }),
        });
        const today = todayCode(now);
        const updated = await r.contracts.update(contractIdx, {
          status: to,
          updatedAt: now,
          ...(move === 'decline' && { declineReason: reason?.trim() ?? null }),
          ...(move === 'end' && row.endDt === null && { endDt: today < row.startDt ? row.startDt : today }),
        });
        await r.events.record('request.status_changed', row.projectIdx, {
          ...requestRefOf(updatedRequest),
          from: request?.status ?? from,
        });
        if (move === 'end')
          await r.events.record('contract.ended', row.projectIdx, {
            ...refOf(updated),
            endedByIdx: me.memberInProjectIdx,
          });
        else await r.events.record(moveEvent[move], row.projectIdx, refOf(updated));
        return toContract(updated);
      });
    },
  };
}
export type ContractService = ReturnType<typeof createContractService>;
