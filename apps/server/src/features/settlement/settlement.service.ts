import {
  shiftMonth,
  computeSettlement,
  contractRecord,
  settlementMoves,
  settlementTotals,
  type PaySettlementRequest,
  type ProjectAction,
  type Settlement,
  type SettlementLineDto,
  type SettlementList,
  type SettlementListQuery,
  type SettlementMove,
} from '@teamline/contract';
import { addDays } from '../../infra/clock.js';
import type { Db } from '../../infra/db.js';
import type { Authorization } from '../../platform/authorization/authorization.js';
import {
  createStore,
  type TransactionPorts,
  type UnitOfWorkContext,
} from '../../platform/events/unit-of-work.js';
import { AppError } from '../../shared/app-error.js';
import type { Actor, AppContext } from '../../shared/context.js';
import type { MembershipRow } from '../membership/membership.port.js';
import type { AuditEntry } from '../../platform/audit/audit-trail.js';
import type { SettlementStatement } from './export/statement.js';
import { daysOf, spendOf } from './settlement-months.js';
import { toHistory, toSettlement } from './settlement.presenter.js';
import {
  createSettlementRepository,
  type ContractRow,
  type SettlementRepository,
  type SettlementRow,
} from './settlement.repository.js';

function settlementRepositories(db: Db) {
  return { settlements: createSettlementRepository(db) };
}

export function createSettlementStore(db: Db, ctx: UnitOfWorkContext) {
  return createStore(db, ctx, settlementRepositories);
}
export type SettlementStore = ReturnType<typeof createSettlementStore>;

const MISSING = 'SETTLEMENT_NOT_FOUND' as const;
const iso = (date: Date | null) => date?.toISOString() ?? null;
const isOpen = (row: SettlementRow) => row.status === 'draft' || row.status === 'returned';

type Entry = Awaited<ReturnType<SettlementRepository['entries']>>[number];
type Amounts = ReturnType<typeof computeSettlement> & { lines: SettlementLineDto[] };
type Totals = ReturnType<typeof settlementTotals>;

/** The contract-month's pay from the member's entries dated within both the month and the contract. */
function amountsOf(contract: ContractRow, month: string, entries: readonly Entry[]): Amounts {
  const { first, last } = daysOf(month);
  const from = contract.startDt > first ? contract.startDt : first;
  const to = contract.endDt !== null && contract.endDt < last ? contract.endDt : last;
  const mine = entries.filter(
    (e) => e.memberInProjectIdx === contract.memberInProjectIdx && e.workDt >= from && e.workDt <= to,
  );
  const titles = new Map(mine.map((e) => [e.storyIdx, e.storyTitle]));
  const amounts = computeSettlement({
    dailyRate: contract.dailyRate,
    withholdingRateBp: contract.withholdingRateBp,
    entries: mine,
  });
  return {
    ...amounts,
    lines: amounts.lines.map((l) => ({ ...l, storyTitle: titles.get(l.storyIdx) ?? null })),
  };
}

/** What settlement events carry: ids, the month and the statuses, never an amount. */
const refOf = (row: SettlementRow, from: SettlementRow['status'], actorIdx: number | null) => ({
  settlementIdx: row.settlementIdx,
  contractIdx: row.contractIdx,
  memberInProjectIdx: row.memberInProjectIdx,
  month: row.month,
  status: row.status,
  from,
  actorIdx,
});

const moveAction: Record<SettlementMove, ProjectAction> = {
  submit: 'settlement.submit',
  approve: 'settlement.decide',
  return: 'settlement.decide',
  pay: 'settlement.pay',
};

/**
 * The audit record of an approval or a payment: the professional's account, the month and the net
 * amount (the log is read by admin authority only, unlike the events, which carry no amount).
 */
async function settlementRecord(
  r: Pick<TransactionPorts, 'members'>,
  row: Pick<
    SettlementRow,
    'projectIdx' | 'memberInProjectIdx' | 'settlementIdx' | 'month' | 'netAmount' | 'currency'
  >,
  kind: 'settlement.approved' | 'settlement.paid' | 'settlement.exported',
  extra: Record<string, unknown> = {},
): Promise<AuditEntry> {
  const professional = await r.members.findActiveRecord(row.memberInProjectIdx);
  return {
    kind,
    projectIdx: row.projectIdx,
    memberIdx: professional?.memberIdx ?? null,
    target: { type: 'settlement', idx: row.settlementIdx },
    changes: { month: row.month, amount: row.netAmount, currency: row.currency, ...extra },
  };
}

export type MoveInput = { note?: string } & Partial<PaySettlementRequest>;

export function createSettlementService(
  ctx: AppContext,
  store: SettlementStore,
  authz: Authorization<MembershipRow>,
) {
  const autoApproveMs = () => ctx.config.settlementAutoApproveDays * 86_400_000;

  /** A draft's or returned settlement's amounts now, stored on the row when they changed. */
  async function refresh(row: SettlementRow, amounts: Totals): Promise<SettlementRow> {
    const same =
      row.minutes === amounts.minutes &&
      row.grossAmount === amounts.grossAmount &&
      row.withholdingAmount === amounts.withholdingAmount;
    if (same) return row;
    const { minutes, grossAmount, withholdingAmount, netAmount } = amounts;
    const updated = await store.settlements.refreshOpen(
      row.settlementIdx,
      { minutes, grossAmount, withholdingAmount, netAmount },
      ctx.clock.now(),
    );
    // Submitted meanwhile: the frozen row wins; the caller reads it again.
    return updated ?? (await store.settlements.findById(row.settlementIdx))!;
  }

  /** What the caller may do with the settlement (moves need the right status; never one's own decision). */
  function canOf(m: MembershipRow, row: SettlementRow, records: { memberInProjectIdx: number }[]) {
    const own = m.memberInProjectIdx === row.memberInProjectIdx;
    const deciding = (action: ProjectAction) =>
      !own && authz.allows(m, action, { projectIdx: row.projectIdx });
    return {
      submit:
        isOpen(row) && authz.allows(m, 'settlement.submit', contractRecord(row, records, 'professional')),
      approve: row.status === 'submitted' && deciding('settlement.decide'),
      return: row.status === 'submitted' && deciding('settlement.decide'),
      pay: row.status === 'approved' && deciding('settlement.pay'),
      // Whoever sees it may download its statement (`GET /settlement/{settlementIdx}/export`).
      export: true,
    };
  }

  /** One settlement with lines, history and `can`; a caller the record rule refuses gets SETTLEMENT_NOT_FOUND. */
  async function get(actor: Actor, settlementIdx: number): Promise<Settlement> {
    const found = await store.settlements.findById(settlementIdx);
    if (!found) throw new AppError(MISSING);
    const records = await store.members.findRecords(found.projectIdx, [found.memberInProjectIdx]);
    const m = await authz.authorize(actor, 'settlement.view', {
      ...contractRecord(found, records, 'view'),
      missing: MISSING,
      conceal: true,
    });
    const contract = (await store.settlements.findContract(found.contractIdx))!;
    let row = found;
    let lines: SettlementLineDto[];
    let amounts: Amounts | undefined;
    if (isOpen(row)) {
      const { first, last } = daysOf(row.month);
      const entries = await store.settlements.entries(row.projectIdx, [row.memberInProjectIdx], first, last);
      amounts = amountsOf(contract, row.month, entries);
      row = await refresh(row, amounts);
      if (!isOpen(row)) amounts = undefined;
    }
    if (amounts) lines = amounts.lines;
    else {
      // Frozen lines keep their amounts; a story deleted since shows as none (its time still counts).
      const titles = await store.settlements.storyTitles(
        row.lines.flatMap((l) => (l.storyIdx === null ? [] : [l.storyIdx])),
      );
      lines = row.lines.map((l) => {
        const title = l.storyIdx === null ? undefined : titles.get(l.storyIdx);
        return { ...l, storyIdx: title === undefined ? null : l.storyIdx, storyTitle: title ?? null };
      });
    }
    const history = await store.settlements.history(row.settlementIdx);
    return {
      ...toSettlement(row, contract, amounts),
      lines,
      history: history.map(toHistory),
      can: canOf(m, row, records),
    };
  }

  return {
    get,

    /**
     * What the export writes (`features/settlement/export`): the settlement as `get` answers it (so
     * the same 404 for whoever may not see it), the project's and the professional's names and the
     * reader's language. Each export is recorded in the audit log (`settlement.exported`).
     */
    async statement(
      actor: Actor,
      settlementIdx: number,
      format: 'csv' | 'pdf',
    ): Promise<SettlementStatement> {
      const settlement = await get(actor, settlementIdx);
      // A statement handed out is a money event of its own: who took whose pay, in which form.
      await ctx.audit.record(
        ctx.database.db,
        await settlementRecord(store, settlement, 'settlement.exported', { format }),
      );
      const names = await store.settlements.statementNames(
        settlement.projectIdx,
        settlement.memberInProjectIdx,
        actor.memberIdx,
      );
      return { settlement, ...names };
    },

    /**
     * The month's settlements of the project the caller may see, one per accepted contract whose
     * period overlaps the month (created as drafts on first read), and the spend of the 12 months
     * up to it. Drafts and returned ones are recomputed; from submission on the frozen amounts count.
     */
    async list(actor: Actor, query: SettlementListQuery): Promise<SettlementList> {
      const m = await authz.authorize(actor, 'settlement.list', query.projectIdx);
      const { month } = query;
      const { first, last } = daysOf(month);
      const visible = (row: { projectIdx: number; memberInProjectIdx: number; depth1Idx: number | null }) =>
        authz.allows(m, 'settlement.view', contractRecord(row, [row]));
      const contracts = (await store.settlements.contractsOverlapping(query.projectIdx, first, last)).filter(
        ({ contract, depth1Idx }) => visible({ ...contract, depth1Idx }),
      );
      // Totals only (the lines are computed when one settlement is opened): minutes summed per contract.
      const minutes = await store.settlements.minutesOfContracts(
        contracts.map(({ contract }) => contract.contractIdx),
        first,
        last,
      );
      const settlements: Settlement[] = [];
      const rows = await store.settlements.ensureMany(
        contracts.map(({ contract }) => contract),
        month,
      );
      for (const { contract, depth1Idx } of contracts) {
        let row = rows.get(contract.contractIdx)!;
        let amounts: Totals | undefined;
        if (isOpen(row)) {
          amounts = settlementTotals({
            dailyRate: contract.dailyRate,
            withholdingRateBp: contract.withholdingRateBp,
            minutes: minutes.get(contract.contractIdx) ?? 0,
          });
          row = await refresh(row, amounts);
          if (!isOpen(row)) amounts = undefined;
        }
        const records = [{ memberInProjectIdx: contract.memberInProjectIdx, depth1Idx }];
        settlements.push({ ...toSettlement(row, contract, amounts), can: canOf(m, row, records) });
      }
      const decided = await store.settlements.decidedInMonths(
        query.projectIdx,
        shiftMonth(month, -11),
        month,
      );
      return { month, settlements, spend: spendOf(decided.filter(visible)) };
    },

    /**
     * submit (the professional, from draft or returned: freezes amounts and lines, locks the month),
     * approve and return (the hiring side, never the professional themself; a return needs a note
     * and unlocks the month), pay (from approved). Under the professional's membership row lock,
     * then the settlement row's; the move, its history record and its event commit together.
     */
    async move(actor: Actor, settlementIdx: number, move: SettlementMove, input: MoveInput = {}) {
      const now = ctx.clock.now();
      await store.transaction(async (r) => {
        const unlocked = await r.settlements.findById(settlementIdx);
        if (!unlocked) throw new AppError(MISSING);
        await r.members.lockMember(unlocked.memberInProjectIdx);
        const row = (await r.settlements.lockById(settlementIdx))!;
        const m = await r.members.findMembership(row.projectIdx, actor.memberIdx);
        const records = await r.members.findRecords(row.projectIdx, [row.memberInProjectIdx]);
        authz.decide(m, 'settlement.view', {
          ...contractRecord(row, records, 'view'),
          missing: MISSING,
          conceal: true,
        });
        const me = authz.decide(
          m,
          moveAction[move],
          move === 'submit'
            ? { ...contractRecord(row, records, 'professional'), missing: MISSING }
            : { projectIdx: row.projectIdx, missing: MISSING },
        );
        if (move !== 'submit' && me.memberInProjectIdx === row.memberInProjectIdx)
          throw new AppError('SETTLEMENT_OWN_APPROVAL');
        const { from, to } = settlementMoves[move];
        if (!(from as readonly string[]).includes(row.status))
          throw new AppError('SETTLEMENT_WRONG_STATE', { status: row.status, requested: to });

        let set: Partial<SettlementRow>;
        if (move === 'submit') {
          const contract = (await r.settlements.findContract(row.contractIdx))!;
          const { first, last } = daysOf(row.month);
          const entries = await r.settlements.entries(row.projectIdx, [row.memberInProjectIdx], first, last);
          const amounts = amountsOf(contract, row.month, entries);
          if (amounts.minutes === 0) throw new AppError('SETTLEMENT_EMPTY');
          set = {
            minutes: amounts.minutes,
            grossAmount: amounts.grossAmount,
            withholdingAmount: amounts.withholdingAmount,
            netAmount: amounts.netAmount,
            lines: amounts.lines,
            submittedAt: now,
            autoApproveAt: new Date(now.getTime() + autoApproveMs()),
            autoApproveNoticedAt: null,
            decidedAt: null,
            decidedByIdx: null,
            autoApproved: false,
          };
        } else if (move === 'pay') {
          set = { paidDt: input.paidDt!, paidReference: input.reference!.trim() };
        } else {
          set = {
            decidedAt: now,
            decidedByIdx: me.memberInProjectIdx,
            autoApproveAt: null,
            ...(move === 'return' && { returnNote: input.note!.trim(), lines: [] }),
          };
        }
        const updated = await r.settlements.update(settlementIdx, { ...set, status: to, updatedAt: now });
        await r.settlements.addHistory({
          settlementIdx,
          fromStatus: row.status,
          toStatus: to,
          actorIdx: me.memberInProjectIdx,
          note: move === 'return' ? input.note!.trim() : null,
          createdAt: now,
        });
        const ref = refOf(updated, row.status, me.memberInProjectIdx);
        if (move === 'approve')
          await r.events.record('settlement.approved', row.projectIdx, { ...ref, automatic: false });
        else if (move === 'submit') await r.events.record('settlement.submitted', row.projectIdx, ref);
        else if (move === 'return') await r.events.record('settlement.returned', row.projectIdx, ref);
        else await r.events.record('settlement.paid', row.projectIdx, ref);
        if (move === 'approve' || move === 'pay')
          r.audit.record(
            await settlementRecord(
              r,
              updated,
              move === 'approve' ? 'settlement.approved' : 'settlement.paid',
            ),
          );
      });
      return get(actor, settlementIdx);
    },

    /**
     * The auto-approval job's work: approves the settlement when it is still submitted with the
     * same submission (`submittedAt`), otherwise does nothing, so a rerun or a stale job is harmless.
     */
    async autoApprove(settlementIdx: number, submittedAt: string): Promise<boolean> {
      const now = ctx.clock.now();
      return store.transaction(async (r) => {
        const unlocked = await r.settlements.findById(settlementIdx);
        if (!unlocked) return false;
        await r.members.lockMember(unlocked.memberInProjectIdx);
        const row = (await r.settlements.lockById(settlementIdx))!;
        if (row.status !== 'submitted' || iso(row.submittedAt) !== submittedAt) return false;
        const updated = await r.settlements.update(settlementIdx, {
          status: 'approved',
          decidedAt: now,
          decidedByIdx: null,
          autoApproved: true,
          autoApproveAt: null,
          updatedAt: now,
        });
        await r.settlements.addHistory({
          settlementIdx,
          fromStatus: 'submitted',
          toStatus: 'approved',
          actorIdx: null,
          note: null,
          createdAt: now,
        });
        await r.events.record('settlement.approved', row.projectIdx, {
          ...refOf(updated, 'submitted', null),
          automatic: true,
        });
        r.audit.record({ ...(await settlementRecord(r, updated, 'settlement.approved')), actorIdx: null });
        return true;
      });
    },

    /** The notice job's work: the `auto_approve_due` event, once per submission, while still submitted. */
    async autoApproveNotice(settlementIdx: number, submittedAt: string): Promise<boolean> {
      const now = ctx.clock.now();
      return store.transaction(async (r) => {
        const row = await r.settlements.lockById(settlementIdx);
        if (!row || row.status !== 'submitted' || iso(row.submittedAt) !== submittedAt) return false;
        if (row.autoApproveNoticedAt !== null) return false;
        await r.settlements.update(settlementIdx, { autoApproveNoticedAt: now });
        await r.events.record('settlement.auto_approve_due', row.projectIdx, {
          ...refOf(row, row.status, null),
          autoApproveAt: iso(row.autoApproveAt)!,
        });
        return true;
      });
    },

    /** The submitted settlement's schedule (for the jobs), or null when it is no longer submitted. */
    async schedule(settlementIdx: number) {
      const row = await store.settlements.findById(settlementIdx);
      if (!row || row.status !== 'submitted' || !row.submittedAt || !row.autoApproveAt) return null;
      return {
        projectIdx: row.projectIdx,
        settlementIdx,
        submittedAt: row.submittedAt,
        autoApproveAt: row.autoApproveAt,
        noticeAt: addDays(row.autoApproveAt, -1),
      };
    },
  };
}
export type SettlementService = ReturnType<typeof createSettlementService>;
