import type { ContractStatus, Currency } from '@teamline/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { membersInProject, projects } from './project.js';
import { requests } from './request.js';
import { ts } from './columns.js';

/**
 * Contracts (docs/product/contracts.md#terms): the terms offered to a
 * professional, copied once and never changed, and the status mirrored from the offer's request
 * (kind `contract`). Money in integer minor units.
 */
export const contracts = pgTable(
  'contract',
  {
    contractIdx: serial('contract_idx').primaryKey(),
    projectIdx: integer('project_idx')
      .notNull()
      .references(() => projects.projectIdx),
    /** The professional. */
    memberInProjectIdx: integer('member_in_project_idx')
      .notNull()
      .references(() => membersInProject.memberInProjectIdx),
    requestIdx: integer('request_idx')
      .notNull()
      .unique()
      .references(() => requests.requestIdx),
    offeredByIdx: integer('offered_by_idx')
      .notNull()
      .references(() => membersInProject.memberInProjectIdx),
    dailyRate: integer('daily_rate').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    startDt: text('start_dt').notNull(),
    endDt: text('end_dt'),
    scope: text('scope').notNull(),
    withholdingRateBp: integer('withholding_rate_bp').notNull().default(0),
    status: text('status').$type<ContractStatus>().notNull().default('awaiting'),
    declineReason: text('decline_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('contract_project_idx').on(t.projectIdx, t.contractIdx),
    // One running contract (offered or accepted) per member and project: the service checks under a
    // lock on the membership row; this index is the last word if anything ever slips past it.
    uniqueIndex('contract_running_idx')
      .on(t.projectIdx, t.memberInProjectIdx)
      .where(sql`${t.status} in ('awaiting', 'inProgress')`),
    check('contract_daily_rate_check', sql`${t.dailyRate} > 0`),
    check('contract_currency_check', sql`${t.currency} in ('KRW', 'USD')`),
    check('contract_withholding_check', sql`${t.withholdingRateBp} between 0 and 10000`),
    check('contract_period_check', sql`${t.endDt} is null or ${t.endDt} >= ${t.startDt}`),
    check('contract_status_check', sql`${t.status} in ('awaiting', 'inProgress', 'completed', 'rejected')`),
  ],
);
