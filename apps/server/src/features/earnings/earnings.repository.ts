import { earningsStatuses } from '@teamline/contract';
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { contracts, members, membersInProject, projects, settlements } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

/**
 * The earnings' own reads of `settlement` (docs/product/earnings-and-spending.md#earnings): always
 * through the caller's account (`member.member_idx`), joined to the memberships it had in any
 * project, so no call here can reach another member's settlements. Read only.
 */
export function createEarningsRepository(db: Db) {
  /** The caller's memberships, removed ones too: pay earned in a project one has left is still theirs. */
  const ofMember = (memberIdx: number) => eq(membersInProject.memberIdx, memberIdx);
  return {
    /**
     * The caller's settlements of `year` in the statuses the earnings read (earned and pending),
     * with the contract's withholding rate and the payer's names; only one payer's when `projectIdx`.
     */
    async settlementsOfYear(memberIdx: number, year: number, projectIdx?: number) {
      return db
        .select({
          settlementIdx: settlements.settlementIdx,
          contractIdx: settlements.contractIdx,
          projectIdx: settlements.projectIdx,
          projectName: projects.name,
          company: projects.companyInProject,
          month: settlements.month,
          status: settlements.status,
          currency: settlements.currency,
          minutes: settlements.minutes,
          grossAmount: settlements.grossAmount,
          withholdingAmount: settlements.withholdingAmount,
          netAmount: settlements.netAmount,
          withholdingRateBp: contracts.withholdingRateBp,
          paidDt: settlements.paidDt,
        })
        .from(settlements)
        .innerJoin(membersInProject, eq(membersInProject.memberInProjectIdx, settlements.memberInProjectIdx))
        .innerJoin(contracts, eq(contracts.contractIdx, settlements.contractIdx))
        .innerJoin(projects, eq(projects.projectIdx, settlements.projectIdx))
        .where(
          and(
            ofMember(memberIdx),
            inArray(settlements.status, [...earningsStatuses]),
            gte(settlements.month, `${year}01`),
            lte(settlements.month, `${year}12`),
            projectIdx === undefined ? undefined : eq(settlements.projectIdx, projectIdx),
          ),
        )
        .orderBy(asc(settlements.month), asc(settlements.projectIdx), asc(settlements.settlementIdx));
    },
    /** Years in which the caller has an earned or pending settlement, newest first. */
    async years(memberIdx: number): Promise<number[]> {
      const year = sql<string>`substr(${settlements.month}, 1, 4)`;
      const rows = await db
        .selectDistinct({ year })
        .from(settlements)
        .innerJoin(membersInProject, eq(membersInProject.memberInProjectIdx, settlements.memberInProjectIdx))
        .where(and(ofMember(memberIdx), inArray(settlements.status, [...earningsStatuses])))
        .orderBy(desc(year));
      return rows.map((r) => Number(r.year));
    },
    /** The caller's name on a statement (name, else nickname) and language. */
    async earner(memberIdx: number) {
      const [row] = await db
        .select({ name: members.name, nickname: members.nickname, lang: members.lang })
        .from(members)
        .where(eq(members.memberIdx, memberIdx));
      return { name: row?.name?.trim() || row?.nickname || '', lang: row?.lang ?? 'en' };
    },
  };
}
export type EarningsRepository = ReturnType<typeof createEarningsRepository>;
