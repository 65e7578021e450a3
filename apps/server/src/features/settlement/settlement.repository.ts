import { and, asc, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import {
  contracts,
  members,
  membersInProject,
  projects,
  settlementHistories,
  settlements,
  stories,
  timekeepings,
} from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

export type SettlementRow = typeof settlements.$inferSelect;
export type SettlementHistoryRow = typeof settlementHistories.$inferSelect;
export type ContractRow = typeof contracts.$inferSelect;

/** Contract statuses that were accepted at some point: only those are settled. */
const settledContractStatuses = ['inProgress', 'completed'] as const;

/** The only code touching `settlement` and `settlement_history` (and reading time entries for pay). */
export function createSettlementRepository(db: Db) {
  return {
    /**
     * The project's accepted contracts whose period overlaps the month `[first, last]` (`YYYYMMDD`),
     * with the professional's team lead for the record rule.
     */
    async contractsOverlapping(projectIdx: number, first: string, last: string) {
      return db
        .select({ contract: contracts, depth1Idx: membersInProject.depth1Idx })
        .from(contracts)
        .innerJoin(membersInProject, eq(membersInProject.memberInProjectIdx, contracts.memberInProjectIdx))
        .where(
          and(
            eq(contracts.projectIdx, projectIdx),
            inArray(contracts.status, [...settledContractStatuses]),
            lte(contracts.startDt, last),
            sql`(${contracts.endDt} is null or ${contracts.endDt} >= ${first})`,
          ),
        )
        .orderBy(asc(contracts.contractIdx));
    },
    async findContract(contractIdx: number): Promise<ContractRow | null> {
      const [row] = await db.select().from(contracts).where(eq(contracts.contractIdx, contractIdx));
      return row ?? null;
    },
    /**
     * The contracts' settlements of the month, each created as an empty draft when missing: one read
     * of the existing rows, one multi-row insert of the missing ones, and one read of those the
     * insert left out. Concurrent first reads race on the unique (contract, month) index: one
     * inserts, the others do nothing and read the winner's row.
     */
    async ensureMany(list: readonly ContractRow[], month: string): Promise<Map<number, SettlementRow>> {
      const byContract = new Map<number, SettlementRow>();
      if (list.length === 0) return byContract;
      const read = async (idxs: number[]) => {
        const rows = await db
          .select()
          .from(settlements)
          .where(and(inArray(settlements.contractIdx, idxs), eq(settlements.month, month)));
        for (const row of rows) byContract.set(row.contractIdx, row);
      };
      await read(list.map((c) => c.contractIdx));
      const missing = list.filter((c) => !byContract.has(c.contractIdx));
      if (missing.length === 0) return byContract;
      const inserted = await db
        .insert(settlements)
        .values(
          missing.map((c) => ({
            contractIdx: c.contractIdx,
            projectIdx: c.projectIdx,
            memberInProjectIdx: c.memberInProjectIdx,
            month,
            currency: c.currency,
          })),
        )
        .onConflictDoNothing({ target: [settlements.contractIdx, settlements.month] })
        .returning();
      for (const row of inserted) byContract.set(row.contractIdx, row);
      const raced = missing.filter((c) => !byContract.has(c.contractIdx)).map((c) => c.contractIdx);
      if (raced.length > 0) await read(raced);
      return byContract;
    },
    async findById(settlementIdx: number): Promise<SettlementRow | null> {
      const [row] = await db.select().from(settlements).where(eq(settlements.settlementIdx, settlementIdx));
      return row ?? null;
    },
    /** The row locked for the rest of the transaction (after the professional's membership row). */
    async lockById(settlementIdx: number): Promise<SettlementRow | null> {
      const [row] = await db
        .select()
        .from(settlements)
        .where(eq(settlements.settlementIdx, settlementIdx))
        .for('update');
      return row ?? null;
    },
    async update(
      settlementIdx: number,
      set: Partial<typeof settlements.$inferInsert>,
    ): Promise<SettlementRow> {
      const [row] = await db
        .update(settlements)
        .set(set)
        .where(eq(settlements.settlementIdx, settlementIdx))
        .returning();
      return row!;
    },
    /**
     * Stores a draft's or returned settlement's recomputed amounts; a row that was submitted in the
     * meantime keeps its frozen ones (the status guard), so a read never overwrites a submission.
     */
    async refreshOpen(
      settlementIdx: number,
      set: Pick<SettlementRow, 'minutes' | 'grossAmount' | 'withholdingAmount' | 'netAmount'>,
      now: Date,
    ): Promise<SettlementRow | null> {
      const [row] = await db
        .update(settlements)
        .set({ ...set, updatedAt: now })
        .where(
          and(
            eq(settlements.settlementIdx, settlementIdx),
            inArray(settlements.status, ['draft', 'returned']),
          ),
        )
        .returning();
      return row ?? null;
    },
    /** The member's time entries in the project dated within `[from, to]` (`YYYYMMDD`), with story titles. */
    async entries(projectIdx: number, memberInProjectIdxs: number[], from: string, to: string) {
      if (memberInProjectIdxs.length === 0) return [];
      return db
        .select({
          memberInProjectIdx: timekeepings.memberInProjectIdx,
          storyIdx: timekeepings.storyIdx,
          storyTitle: stories.title,
          workDt: timekeepings.workDt,
          minutes: timekeepings.minutes,
        })
        .from(timekeepings)
        .leftJoin(stories, eq(stories.storyIdx, timekeepings.storyIdx))
        .where(
          and(
            eq(timekeepings.projectIdx, projectIdx),
            inArray(timekeepings.memberInProjectIdx, memberInProjectIdxs),
            gte(timekeepings.workDt, from),
            lte(timekeepings.workDt, to),
          ),
        );
    },
    /**
     * Minutes each contract's professional logged in the project within both the month
     * `[first, last]` and the contract's period, summed in the database (one row per contract with
     * time): what the client view needs, without reading every entry.
     */
    async minutesOfContracts(
      contractIdxs: readonly number[],
      first: string,
      last: string,
    ): Promise<Map<number, number>> {
      if (contractIdxs.length === 0) return new Map();
      const rows = await db
        .select({
          contractIdx: contracts.contractIdx,
          minutes: sql<number>`sum(${timekeepings.minutes})::int`,
        })
        .from(contracts)
        .innerJoin(
          timekeepings,
          and(
            eq(timekeepings.projectIdx, contracts.projectIdx),
            eq(timekeepings.memberInProjectIdx, contracts.memberInProjectIdx),
            gte(timekeepings.workDt, sql`greatest(${contracts.startDt}, ${first}::text)`),
            lte(timekeepings.workDt, sql`least(coalesce(${contracts.endDt}, ${last}::text), ${last}::text)`),
          ),
        )
        .where(inArray(contracts.contractIdx, [...contractIdxs]))
        .groupBy(contracts.contractIdx);
      return new Map(rows.map((r) => [r.contractIdx, Number(r.minutes)]));
    },
    /** Titles of the stories that still exist, for frozen lines. */
    async storyTitles(storyIdxs: number[]): Promise<Map<number, string>> {
      if (storyIdxs.length === 0) return new Map();
      const rows = await db
        .select({ storyIdx: stories.storyIdx, title: stories.title })
        .from(stories)
        .where(inArray(stories.storyIdx, storyIdxs));
      return new Map(rows.map((r) => [r.storyIdx, r.title]));
    },
    /**
     * Approved and paid settlements of the project in `[fromMonth, toMonth]`, with the professional's
     * team lead so the caller's record rule can filter them.
     */
    async decidedInMonths(projectIdx: number, fromMonth: string, toMonth: string) {
      return db
        .select({
          month: settlements.month,
          currency: settlements.currency,
          grossAmount: settlements.grossAmount,
          projectIdx: settlements.projectIdx,
          memberInProjectIdx: settlements.memberInProjectIdx,
          depth1Idx: membersInProject.depth1Idx,
        })
        .from(settlements)
        .innerJoin(membersInProject, eq(membersInProject.memberInProjectIdx, settlements.memberInProjectIdx))
        .where(
          and(
            eq(settlements.projectIdx, projectIdx),
            inArray(settlements.status, ['approved', 'paid']),
            gte(settlements.month, fromMonth),
            lte(settlements.month, toMonth),
          ),
        );
    },
    /**
     * What a statement is named by: the project, the professional (name, else nickname) and the
     * reader's language.
     */
    async statementNames(projectIdx: number, memberInProjectIdx: number, readerMemberIdx: number) {
      const [project] = await db
        .select({ name: projects.name })
        .from(projects)
        .where(eq(projects.projectIdx, projectIdx));
      const [pro] = await db
        .select({ name: members.name, nickname: members.nickname })
        .from(membersInProject)
        .innerJoin(members, eq(members.memberIdx, membersInProject.memberIdx))
        .where(eq(membersInProject.memberInProjectIdx, memberInProjectIdx));
      const [reader] = await db
        .select({ lang: members.lang })
        .from(members)
        .where(eq(members.memberIdx, readerMemberIdx));
      return {
        projectName: project?.name ?? '',
        memberName: pro?.name?.trim() || pro?.nickname || '',
        lang: reader?.lang ?? 'en',
      };
    },
    /**
     * Who answers a settlement of the project (the `adminOrClient` rule: clients and admin
     * authority), active, with where and how to write to them; the professional is left out.
     */
    async decidersOf(projectIdx: number, professionalIdx: number) {
      return db
        .select({ memberIdx: members.memberIdx, email: members.email, lang: members.lang })
        .from(membersInProject)
        .innerJoin(members, eq(members.memberIdx, membersInProject.memberIdx))
        .where(
          and(
            eq(membersInProject.projectIdx, projectIdx),
            isNull(membersInProject.removedAt),
            ne(membersInProject.memberInProjectIdx, professionalIdx),
            or(inArray(membersInProject.role, ['admin', 'client']), eq(membersInProject.isAdmin, true)),
          ),
        );
    },
    async addHistory(row: typeof settlementHistories.$inferInsert): Promise<void> {
      await db.insert(settlementHistories).values(row);
    },
    async history(settlementIdx: number): Promise<SettlementHistoryRow[]> {
      return db
        .select()
        .from(settlementHistories)
        .where(eq(settlementHistories.settlementIdx, settlementIdx))
        .orderBy(asc(settlementHistories.settlementHistoryIdx));
    },
  };
}
export type SettlementRepository = ReturnType<typeof createSettlementRepository>;
