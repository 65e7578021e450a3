import { and, desc, eq, gte, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import { contracts, membersInProject } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

export type ContractRow = typeof contracts.$inferSelect;

/** The only code touching `contract`. */
export function createContractRepository(db: Db) {
  return {
    async insert(row: typeof contracts.$inferInsert): Promise<ContractRow> {
      const [created] = await db.insert(contracts).values(row).returning();
      return created!;
    },
    async findById(contractIdx: number): Promise<ContractRow | null> {
      const [row] = await db.select().from(contracts).where(eq(contracts.contractIdx, contractIdx));
      return row ?? null;
    },
    /** The row locked for the rest of the transaction, so two moves of one contract run one after the other. */
    async lockById(contractIdx: number): Promise<ContractRow | null> {
      const [row] = await db
        .select()
        .from(contracts)
        .where(eq(contracts.contractIdx, contractIdx))
        .for('update');
      return row ?? null;
    },
    /** Every contract of a project, newest first, with its professional's team lead for the record rule. */
    async listInProject(projectIdx: number) {
      return db
        .select({ contract: contracts, depth1Idx: membersInProject.depth1Idx })
        .from(contracts)
        .innerJoin(membersInProject, eq(membersInProject.memberInProjectIdx, contracts.memberInProjectIdx))
        .where(eq(contracts.projectIdx, projectIdx))
        .orderBy(desc(contracts.contractIdx));
    },
    /** The member's offered or accepted contract in the project, if any. */
    async findRunning(projectIdx: number, memberInProjectIdx: number): Promise<ContractRow | null> {
      const [row] = await db
        .select()
        .from(contracts)
        .where(
          and(
            eq(contracts.projectIdx, projectIdx),
            eq(contracts.memberInProjectIdx, memberInProjectIdx),
            inArray(contracts.status, ['awaiting', 'inProgress']),
          ),
        );
      return row ?? null;
    },
    /**
     * A contract of the member in the project, other than a declined one, whose period overlaps
     * `[startDt, endDt]` (`endDt` null: open-ended). Completed contracts count with their end date.
     */
    async findOverlapping(
      projectIdx: number,
      memberInProjectIdx: number,
      startDt: string,
      endDt: string | null,
    ): Promise<ContractRow | null> {
      const [row] = await db
        .select()
        .from(contracts)
        .where(
          and(
            eq(contracts.projectIdx, projectIdx),
            eq(contracts.memberInProjectIdx, memberInProjectIdx),
            ne(contracts.status, 'rejected'),
            or(isNull(contracts.endDt), gte(contracts.endDt, startDt)),
            endDt === null ? undefined : lte(contracts.startDt, endDt),
          ),
        )
        .limit(1);
      return row ?? null;
    },
    async update(contractIdx: number, set: Partial<typeof contracts.$inferInsert>): Promise<ContractRow> {
      const [row] = await db
        .update(contracts)
        .set(set)
        .where(eq(contracts.contractIdx, contractIdx))
        .returning();
      return row!;
    },
  };
}
export type ContractRepository = ReturnType<typeof createContractRepository>;
