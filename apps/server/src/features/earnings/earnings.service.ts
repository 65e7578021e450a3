import {
  isEarnedStatus,
  summarizeEarnings,
  type Earnings,
  type EarningsSettlement,
  type Language,
} from '@teamline/contract';
import { AppError } from '../../shared/app-error.js';
import type { Actor } from '../../shared/context.js';
import type { EarningsRepository } from './earnings.repository.js';

/** What a yearly statement writes: one payer's earned settlements of a year, and who earned them. */
export interface EarningsStatement {
  year: number;
  projectIdx: number;
  projectName: string;
  payerName: string;
  earnerName: string;
  lang: Language;
  /** Earned settlements only (approved, paid), by month. */
  settlements: EarningsSettlement[];
}

/** The payer a statement names: the client company written on the project, else the project. */
const payerNameOf = (row: { projectName: string; company: string | null }) =>
  row.company?.trim() || row.projectName;

function toEarningsSettlement(
  row: Awaited<ReturnType<EarningsRepository['settlementsOfYear']>>[number],
): EarningsSettlement {
  const { company: _company, ...rest } = row;
  return { ...rest, payerName: payerNameOf(row) };
}

/**
 * A professional's earnings (docs/product/earnings-and-spending.md#earnings). Every call is about
 * the caller's own account: there is no member parameter to aim at someone else.
 */
export function createEarningsService(repo: EarningsRepository) {
  return {
    async earnings(actor: Actor, year: number): Promise<Earnings> {
      const [rows, years] = await Promise.all([
        repo.settlementsOfYear(actor.memberIdx, year),
        repo.years(actor.memberIdx),
      ]);
      const list = rows.map(toEarningsSettlement);
      const summary = summarizeEarnings(list);
      const names = new Map(list.map((s) => [s.projectIdx, s]));
      return {
        year,
        years,
        ...summary,
        payers: summary.payers.map((p) => ({
          ...p,
          projectName: names.get(p.projectIdx)?.projectName ?? '',
          payerName: names.get(p.projectIdx)?.payerName ?? '',
        })),
        settlements: list,
      };
    },

    /**
     * The yearly statement of one payer: 404 EARNINGS_STATEMENT_NOT_FOUND when the caller earned
     * nothing from it that year, whether the project exists, is someone else's or paid them nothing.
     */
    async statement(actor: Actor, year: number, projectIdx: number): Promise<EarningsStatement> {
      const rows = (await repo.settlementsOfYear(actor.memberIdx, year, projectIdx)).filter((r) =>
        isEarnedStatus(r.status),
      );
      if (rows.length === 0) throw new AppError('EARNINGS_STATEMENT_NOT_FOUND');
      const earner = await repo.earner(actor.memberIdx);
      return {
        year,
        projectIdx,
        projectName: rows[0]!.projectName,
        payerName: payerNameOf(rows[0]!),
        earnerName: earner.name,
        lang: earner.lang,
        settlements: rows.map(toEarningsSettlement),
      };
    },
  };
}
export type EarningsService = ReturnType<typeof createEarningsService>;
