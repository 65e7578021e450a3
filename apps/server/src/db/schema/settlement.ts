import type { Currency, SettlementLineDto, SettlementStatus } from '@teamline/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { contracts } from './contract.js';
import { membersInProject, projects } from './project.js';
import { ts } from './columns.js';

/**
 * One settlement per contract and month (docs/product/timekeeping-and-settlement.md#pay-arithmetic).
 * A `draft` or `returned` row holds the amounts of its last read (recomputed from the entries on
 * every read); from `submitted` on, the amounts and lines are frozen here and never recomputed:
 * an approved or paid amount never changes. Writers serialize on the professional's membership row
 * (`SELECT … FOR UPDATE`), as time entries do, so a submit and an entry edit cannot interleave.
 */
export const settlements = pgTable(
  'settlement',
  {
    settlementIdx: serial('settlement_idx').primaryKey(),
    contractIdx: integer('contract_idx')
      .notNull()
      .references(() => contracts.contractIdx),
    projectIdx: integer('project_idx')
      .notNull()
      .references(() => projects.projectIdx),
    /** The professional (the contract's member), copied for the lock check of time entries. */
    memberInProjectIdx: integer('member_in_project_idx')
      .notNull()
      .references(() => membersInProject.memberInProjectIdx),
    /** `YYYYMM`. */
    month: text('month').notNull(),
    status: text('status').$type<SettlementStatus>().notNull().default('draft'),
    minutes: integer('minutes').notNull().default(0),
    grossAmount: integer('gross_amount').notNull().default(0),
    withholdingAmount: integer('withholding_amount').notNull().default(0),
    netAmount: integer('net_amount').notNull().default(0),
    currency: text('currency').$type<Currency>().notNull(),
    /** Frozen per story and day from submission on; empty while a draft. */
    lines: jsonb('lines').$type<SettlementLineDto[]>().notNull().default([]),
    submittedAt: ts('submitted_at'),
    autoApproveAt: ts('auto_approve_at'),
    decidedAt: ts('decided_at'),
    decidedByIdx: integer('decided_by_idx').references(() => membersInProject.memberInProjectIdx),
    autoApproved: boolean('auto_approved').notNull().default(false),
    /** When the auto-approval notice of the current submission was recorded (the notice job runs once per submission). */
    autoApproveNoticedAt: ts('auto_approve_noticed_at'),
    returnNote: text('return_note'),
    paidDt: text('paid_dt'),
    paidReference: text('paid_reference'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('settlement_contract_month_idx').on(t.contractIdx, t.month),
    index('settlement_project_month_idx').on(t.projectIdx, t.month),
    index('settlement_member_month_idx').on(t.memberInProjectIdx, t.month),
    check(
      'settlement_status_check',
      sql`${t.status} in ('draft', 'submitted', 'returned', 'approved', 'paid')`,
    ),
    check('settlement_amounts_check', sql`${t.netAmount} = ${t.grossAmount} - ${t.withholdingAmount}`),
    check('settlement_month_check', sql`${t.month} ~ '^[0-9]{6}$'`),
  ],
);

/**
 * Every move of a settlement (who, when, from → to, the return's note), written in the move's
 * transaction. actor null = the automatic approval job.
 */
export const settlementHistories = pgTable(
  'settlement_history',
  {
    settlementHistoryIdx: serial('settlement_history_idx').primaryKey(),
    settlementIdx: integer('settlement_idx')
      .notNull()
      .references(() => settlements.settlementIdx),
    fromStatus: text('from_status').$type<SettlementStatus>().notNull(),
    toStatus: text('to_status').$type<SettlementStatus>().notNull(),
    actorIdx: integer('actor_idx').references(() => membersInProject.memberInProjectIdx),
    note: text('note'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('settlement_history_settlement_idx').on(t.settlementIdx, t.settlementHistoryIdx)],
);
