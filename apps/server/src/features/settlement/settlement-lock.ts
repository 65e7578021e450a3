import { lockingSettlementStatuses } from '@teamline/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { settlements } from '../../db/schema/index.js';
import type { Db } from '../../infra/db.js';

/**
 * Whether the member's time entries of the month are locked in the project: a settlement of that
 * member, project and month is submitted, approved or paid (`lockingSettlementStatuses`). Time entry
 * writes call it inside their transaction after locking the member's `member_in_project` row, the
 * lock every settlement move takes first, and answer 409 TIMEKEEPING_LOCKED when it is true.
 *
 * `month` is `YYYYMM`; a day `YYYYMMDD` is accepted and cut to its month. The lock is per member and
 * month, whichever of the member's contracts that month's settlement belongs to.
 */
export async function isMonthLocked(
  tx: Db,
  projectIdx: number,
  memberInProjectIdx: number,
  month: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ settlementIdx: settlements.settlementIdx })
    .from(settlements)
    .where(
      and(
        eq(settlements.projectIdx, projectIdx),
        eq(settlements.memberInProjectIdx, memberInProjectIdx),
        eq(settlements.month, month.slice(0, 6)),
        inArray(settlements.status, [...lockingSettlementStatuses]),
      ),
    )
    .limit(1);
  return row !== undefined;
}
