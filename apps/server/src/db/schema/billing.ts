import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from './member.js';
import { projects } from './project.js';
import { ts } from './columns.js';

/**
 * Subscriptions and billing (docs/decisions.md "Subscriptions and billing"). Amounts are integers in
 * the minor unit of their currency. No card number, password or CVV is ever stored: a card is the
 * gateway's billing key plus brand, issuer and last four digits.
 */

/** A member's gateway identity: `customerKey` is a random UUID (never an e-mail or id). */
export const billingCustomers = pgTable('billing_customer', {
  memberIdx: integer('member_idx')
    .primaryKey()
    .references(() => members.memberIdx),
  customerKey: text('customer_key').notNull().unique(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const billingCards = pgTable(
  'billing_card',
  {
    cardIdx: serial('card_idx').primaryKey(),
    memberIdx: integer('member_idx')
      .notNull()
      .references(() => members.memberIdx),
    gateway: text('gateway').$type<'sandbox' | 'toss'>().notNull(),
    billingKey: text('billing_key').notNull(),
    customerKey: text('customer_key').notNull(),
    brand: text('brand').notNull(),
    issuer: text('issuer').notNull(),
    last4: text('last4').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('billing_card_member_idx').on(t.memberIdx)],
);

/** One per project, created when it first subscribes or first lacks sheets (then plan `FREE`). */
export const subscriptions = pgTable('subscription', {
  subscriptionIdx: serial('subscription_idx').primaryKey(),
  projectIdx: integer('project_idx')
    .notNull()
    .unique()
    .references(() => projects.projectIdx),
  plan: text('plan').$type<'FREE' | '30D' | '12M'>().notNull().default('FREE'),
  sheets: integer('sheets').notNull().default(0),
  currency: text('currency').$type<'KRW' | 'USD'>().notNull().default('KRW'),
  status: text('status').$type<'ACTIVE' | 'PAST_DUE' | 'CANCELED'>().notNull().default('ACTIVE'),
  /** `YYYYMMDD`, null on FREE. */
  periodStartDt: text('period_start_dt'),
  /** `YYYYMMDD`, exclusive: the renewal day. */
  periodEndDt: text('period_end_dt'),
  cardIdx: integer('card_idx'),
  pendingPlan: text('pending_plan').$type<'30D' | '12M'>(),
  pendingSheets: integer('pending_sheets'),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** Counts subscriptions of this project; part of the first charge's idempotency key. */
  generation: integer('generation').notNull().default(0),
  /** Failed attempts of the renewal now due (0 when none failed). */
  failedAttempts: integer('failed_attempts').notNull().default(0),
  firstFailedAt: ts('first_failed_at'),
  nextRetryAt: ts('next_retry_at'),
  /** Set while totalMember > sheets + 4: when the project becomes INACTIVE. */
  graceUntil: ts('grace_until'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const payments = pgTable(
  'payment',
  {
    paymentIdx: serial('payment_idx').primaryKey(),
    subscriptionIdx: integer('subscription_idx')
      .notNull()
      .references(() => subscriptions.subscriptionIdx),
    projectIdx: integer('project_idx').notNull(),
    kind: text('kind').$type<'subscribe' | 'add' | 'renewal' | 'refund'>().notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').$type<'KRW' | 'USD'>().notNull(),
    /**
     * `pending`: the intent, committed before the gateway is called; its answer (or the
     * reconciliation, for one a crash left) makes it `paid`/`refunded` or `failed`.
     */
    status: text('status').$type<'pending' | 'paid' | 'failed' | 'refunded'>().notNull(),
    /** What it pays for (subscription, period, sheet change, refunded charge): paid at most once. */
    paysFor: text('pays_for').notNull(),
    /**
     * The payment's own id at the gateway: its idempotency key and Toss `orderId` (random, so no two
     * databases ever send the same one).
     */
    chargeKey: text('charge_key').notNull().unique(),
    /**
     * The paying request it belongs to: a refund is one row per refunded charge, all of one
     * operation. Set on every row since the intents (older rows get their `chargeKey`).
     */
    operation: text('operation'),
    attempt: integer('attempt').notNull().default(1),
    gatewayPaymentKey: text('gateway_payment_key'),
    gatewaySkipped: boolean('gateway_skipped').notNull().default(false),
    plan: text('plan').$type<'FREE' | '30D' | '12M'>().notNull(),
    sheets: integer('sheets').notNull(),
    periodStartDt: text('period_start_dt'),
    periodEndDt: text('period_end_dt'),
    listAmount: integer('list_amount').notNull(),
    discount: integer('discount').notNull().default(0),
    couponIdx: integer('coupon_idx'),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    refundOfIdx: integer('refund_of_idx'),
    refundMode: text('refund_mode').$type<'FULL' | 'PARTIAL'>(),
    cardIdx: integer('card_idx'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    failureReason: text('failure_reason'),
    createdByIdx: integer('created_by_idx'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('payment_project_idx').on(t.projectIdx, t.createdAt),
    index('payment_operation_idx').on(t.operation),
    index('payment_pending_idx')
      .on(t.projectIdx)
      .where(sql`status = 'pending'`),
    uniqueIndex('payment_pays_for_once')
      .on(t.paysFor)
      .where(sql`status <> 'failed'`),
  ],
);

export const coupons = pgTable('coupon', {
  couponIdx: serial('coupon_idx').primaryKey(),
  number: text('number').notNull().unique(),
  type: text('type').$type<'monthly' | 'yearly'>().notNull(),
  /** 1–100; 100 makes the discounted periods free. */
  percentOff: integer('percent_off').notNull(),
  /** Period charges it discounts. */
  periods: integer('periods').notNull().default(1),
  /** `YYYYMMDD`, inclusive both. */
  validFrom: text('valid_from').notNull(),
  validUntil: text('valid_until').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A coupon number is registered by one project, once. */
export const couponRedemptions = pgTable(
  'coupon_redemption',
  {
    couponIdx: integer('coupon_idx')
      .primaryKey()
      .references(() => coupons.couponIdx),
    projectIdx: integer('project_idx')
      .notNull()
      .references(() => projects.projectIdx),
    remainingPeriods: integer('remaining_periods').notNull(),
    registeredByIdx: integer('registered_by_idx').notNull(),
    registeredAt: ts('registered_at').notNull().defaultNow(),
  },
  (t) => [index('coupon_redemption_project_idx').on(t.projectIdx)],
);

/** `Idempotency-Key` of the paying calls: the first answer, repeated for 24 hours. */
export const idempotentRequests = pgTable(
  'idempotent_request',
  {
    memberIdx: integer('member_idx').notNull(),
    key: text('key').notNull(),
    /** `METHOD url` and the body's SHA-256: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    /**
     * While unanswered: the request working on it holds it until then (and renews it); a retry
     * finding it run out takes it over (`owner`) and answers what really happened.
     */
    leaseUntil: ts('lease_until'),
    owner: text('owner'),
    /** The payment operation the request started (`payment.operation`), once it has one. */
    operation: text('operation'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberIdx, t.key] })],
);

/**
 * The built-in sandbox gateway's own ledger (gateway/sandbox.ts). It stands in for an outside
 * payment company, so it lives apart from the app's payments: written by the gateway's own
 * statements, never in the app's transaction, and kept across restarts, so a crash between
 * "charged" and "payment completed" shows up exactly as with a real gateway.
 */
export const sandboxCharges = pgTable('sandbox_gateway_charge', {
  /** Our payment's `chargeKey`: one charge per order, a repeat answers the first. */
  orderId: text('order_id').primaryKey(),
  paymentKey: text('payment_key').notNull().unique(),
  amount: integer('amount').notNull(),
  currency: text('currency').$type<'KRW' | 'USD'>().notNull(),
  /** `DONE` (charged) or `ABORTED` (refused, with its reason). */
  status: text('status').$type<'DONE' | 'ABORTED'>().notNull(),
  failureReason: text('failure_reason'),
  canceledAmount: integer('canceled_amount').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Sandbox cancels (refunds), one per idempotency key. */
export const sandboxCancels = pgTable('sandbox_gateway_cancel', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  paymentKey: text('payment_key').notNull(),
  amount: integer('amount').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
