import { z } from 'zod';
import { projectStatuses } from '../constants.js';
import { MAX_SHEET_CHANGE, billingPlans, couponTypes, paidPlans } from '../rules/billing.js';
import { currencies } from '../rules/settlement.js';
import { idx, intIn, singleLine } from './common.js';

/**
 * Subscriptions per project sheet (docs/product/billing.md#plans-and-prices, docs/decisions.md "Subscriptions and
 * billing"). A project without a paid subscription is on `FREE` with 0 sheets; 4 members are free.
 *
 *  subscribe (`POST /subscription`) → `ACTIVE` ─renewal fails→ `PAST_DUE` ─retry pays→ `ACTIVE`
 *                                           └─cancel at period end / refund / retries exhausted→ `CANCELED`
 *
 * Money is in minor units of `currency` (won, cents). Dates `...Dt` are `YYYYMMDD` (UTC days;
 * `periodEndDt` is the renewal day, exclusive); moments `...At`/`graceUntil` are ISO timestamps.
 */
export const subscriptionStatuses = ['ACTIVE', 'PAST_DUE', 'CANCELED'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];
export const sheetDirections = ['ADD', 'SUB'] as const;
export type SheetDirection = (typeof sheetDirections)[number];
export const refundModes = ['FULL', 'PARTIAL'] as const;
export const paymentKinds = ['subscribe', 'add', 'renewal', 'refund'] as const;
export type PaymentKind = (typeof paymentKinds)[number];
/**
 * A charge is `pending` from the moment it is decided until the gateway's answer is recorded (after
 * a crash, until the reconciliation asked the gateway), then `paid` or `failed`; `refunded` once part
 * or all of it went back; a refund row is `pending`, then `refunded` (or `failed`).
 */
export const paymentStatuses = ['pending', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
/** docs/product/billing.md#screens popup names (the web app's dialogs). */
export const billingPopups = [
  'cardPop',
  'payPop',
  'subscribePop',
  'subChangePop',
  'refundPop',
  'couponPop',
] as const;

const currency = z.enum(currencies);
const amount = z.number().int();

/** `GET /plan`: the price table from configuration. `prices`: one sheet for one period of the plan. */
export const planEntry = z.object({
  plan: z.enum(billingPlans),
  months: z.number().int(),
  /** 100 for `30D`, 80 for `12M` (0.8 of twelve months), 0 for `FREE`. */
  factorPercent: z.number().int(),
  prices: z.object({ KRW: amount, USD: amount }),
});
export const planTable = z.object({
  plans: z.array(planEntry),
  /** One sheet for one month (the base of every price). */
  monthlyPrices: z.object({ KRW: amount, USD: amount }),
  freeMembers: z.number().int(),
  graceDays: z.number().int(),
  refundFullDays: z.number().int(),
  currencies: z.array(currency),
});
export type PlanTable = z.infer<typeof planTable>;

/** The coupon a project registered and not yet used up. */
export const projectCoupon = z.object({
  couponIdx: z.number().int(),
  number: z.string(),
  type: z.enum(couponTypes),
  /** 1–100; 100 is a free period. */
  percentOff: z.number().int(),
  /** Period charges it still discounts. */
  remainingPeriods: z.number().int(),
  periods: z.number().int(),
  validFrom: z.string(),
  validUntil: z.string(),
  registeredAt: z.string(),
});
export type ProjectCouponDto = z.infer<typeof projectCoupon>;

/** `GET /subscription?projectIdx=`: readable by every member (the warning bar); the rest is admins'. */
export const subscription = z.object({
  /** null while the project never subscribed (plan `FREE`, 0 sheets). */
  subscriptionIdx: z.number().int().nullable(),
  projectIdx: z.number().int(),
  plan: z.enum(billingPlans),
  sheets: z.number().int(),
  currency,
  status: z.enum(subscriptionStatuses),
  periodStartDt: z.string().nullable(),
  periodEndDt: z.string().nullable(),
  /** totalMember > sheets + freeMembers. */
  warning: z.boolean(),
  /** When the project becomes INACTIVE unless fixed; null without a warning. */
  graceUntil: z.string().nullable(),
  projectStatus: z.enum(projectStatuses),
  totalMember: z.number().int(),
  freeMembers: z.number().int(),
  /** Sheets `SUB` may not go below: totalMember − freeMembers. */
  minSheets: z.number().int(),
  /** A plan change taking effect at the next renewal. */
  pendingPlan: z.enum(paidPlans).nullable(),
  /** A `SUB` taking effect at the next renewal. */
  pendingSheets: z.number().int().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** The card renewals charge (the subscribing admin's), masked. */
  card: z
    .object({ cardIdx: z.number().int(), brand: z.string(), last4: z.string(), issuer: z.string() })
    .nullable(),
  /** Price of one sheet for one period of `plan` in `currency` (0 on FREE). */
  sheetPeriodPrice: amount,
  /** The next renewal's charge after any coupon; null when nothing renews. */
  nextChargeAmount: amount.nullable(),
  coupon: projectCoupon.nullable(),
  /** What a refund now would return and how; null when there is nothing to refund. */
  refund: z.object({ mode: z.enum(refundModes), amount }).nullable(),
  /** The caller may manage billing (admin authority); the rest of the members only read. */
  canManage: z.boolean(),
});
export type SubscriptionDto = z.infer<typeof subscription>;

export const payment = z.object({
  paymentIdx: z.number().int(),
  subscriptionIdx: z.number().int(),
  projectIdx: z.number().int(),
  kind: z.enum(paymentKinds),
  amount,
  currency,
  status: z.enum(paymentStatuses),
  createdAt: z.string(),
  // Receipt fields
  /** `TL-<paymentIdx>` style number printed on the receipt. */
  receiptNumber: z.string(),
  plan: z.enum(billingPlans),
  sheets: z.number().int(),
  periodStartDt: z.string().nullable(),
  periodEndDt: z.string().nullable(),
  /** Before a coupon (equal to amount without one). */
  listAmount: amount,
  discount: amount,
  couponNumber: z.string().nullable(),
  /** Of a charge: how much of it went back. */
  refundedAmount: amount,
  /** Of a refund row: the charge it returns and how. */
  refundOfIdx: z.number().int().nullable(),
  refundMode: z.enum(refundModes).nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  /** A failed charge's reason (a docs/product/billing.md#errors payment code's detail: CARD_DECLINED, INSUFFICIENT_FUNDS, …). */
  failureReason: z.string().nullable(),
  /** true when a coupon made it 0 and the gateway was not called. */
  gatewaySkipped: z.boolean(),
});
export type PaymentDto = z.infer<typeof payment>;

export const card = z.object({
  cardIdx: z.number().int(),
  brand: z.string(),
  last4: z.string(),
  issuer: z.string(),
  gateway: z.enum(['sandbox', 'toss']),
  createdAt: z.string(),
});
export type CardDto = z.infer<typeof card>;

// ── Request bodies ───────────────────────────────────────────────────────────────────────────────

export const subscriptionQuery = z.object({ projectIdx: idx });
export const paymentQuery = z.object({ projectIdx: idx });
export const couponQuery = z.object({ projectIdx: idx });

export const couponNumber = singleLine().trim().min(1, 'required').max(40, 'invalid');

export const subscribeRequest = z.object({
  projectIdx: idx,
  plan: z.enum(paidPlans),
  sheets: intIn(1, MAX_SHEET_CHANGE),
  currency,
  /** The caller's card; omitted: their newest. */
  cardIdx: idx.optional(),
  /** Registers the coupon first (as `POST /coupon`) and applies it. */
  couponNumber: couponNumber.optional(),
});
export type SubscribeRequest = z.infer<typeof subscribeRequest>;

/** `PATCH /subscription/{subscriptionIdx}`: every change takes effect at the next renewal. */
export const updateSubscriptionRequest = z
  .object({
    /** Plan from the next renewal (`subChangePop`); the current plan clears a pending change. */
    plan: z.enum(paidPlans).optional(),
    cancelAtPeriodEnd: z.boolean().optional(),
    /** Renewals charge this card of the caller's. */
    cardIdx: idx.optional(),
  })
  .refine((v) => v.plan !== undefined || v.cancelAtPeriodEnd !== undefined || v.cardIdx !== undefined, {
    message: 'required',
  });
export type UpdateSubscriptionRequest = z.infer<typeof updateSubscriptionRequest>;

export const sheetChangeRequest = z.object({
  direction: z.enum(sheetDirections),
  count: intIn(1, MAX_SHEET_CHANGE),
});
export type SheetChangeRequest = z.infer<typeof sheetChangeRequest>;

export const refundRequest = z.object({ mode: z.enum(refundModes) });
export type RefundRequest = z.infer<typeof refundRequest>;

/**
 * The billing address of a card issued abroad (docs/product/billing.md#cards-and-gateway: the original
 * card form's first and last name, phone, address, city, state, zip code and country), sent with the
 * card fields to the gateway and, like them, never stored. `state` may be empty (many countries have
 * none); `country` is an ISO 3166-1 alpha-2 code.
 */
/** The longest text each free-text billing field takes; the card form's inputs stop there too. */
export const cardBillingMaxLength = {
  firstName: 50,
  lastName: 50,
  address: 200,
  city: 100,
  state: 100,
} as const;
const billingText = (field: keyof typeof cardBillingMaxLength) =>
  singleLine().trim().max(cardBillingMaxLength[field], 'invalid').optional();
const cardBillingFields = {
  firstName: billingText('firstName'),
  lastName: billingText('lastName'),
  phone: z
    .string()
    .trim()
    .regex(/^\+?\d{6,20}$/, 'phoneDigits')
    .optional(),
  address: billingText('address'),
  city: billingText('city'),
  state: billingText('state'),
  zipCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/, 'zipCode')
    .optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'country')
    .optional(),
};
export const cardBillingFieldNames = [
  'firstName',
  'lastName',
  'phone',
  'address',
  'city',
  'state',
  'zipCode',
  'country',
] as const satisfies readonly (keyof typeof cardBillingFields)[];
/** What a foreign card must give: every billing field but the state. */
export const foreignCardRequired = cardBillingFieldNames.filter((f) => f !== 'state');

/**
 * `POST /card`. The sandbox takes the docs/product/billing.md#cards-and-gateway card fields (the corporate card's business
 * registration number instead of the birth date; the password is its first two digits); Toss takes
 * the `authKey` its browser SDK returned to `/payment-success` and the `customerKey` it was given.
 * None of the card fields is ever stored or logged: only the gateway's billing key, brand, issuer and
 * last four digits.
 */
export const sandboxCardRequest = z
  .object({
    cardNumber: z
      .string()
      .transform((v) => v.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, 'cardNumber')),
    /** `MMYY`. */
    expiry: z.string().regex(/^(0[1-9]|1[0-2])\d{2}$/, 'cardExpiry'),
    isCorporate: z.boolean().default(false),
    /** `YYMMDD`, personal cards. */
    birth: z
      .string()
      .regex(/^\d{6}$/, 'cardBirth')
      .optional(),
    /** Ten digits, corporate cards. */
    businessNumber: z
      .string()
      .transform((v) => v.replace(/-/g, ''))
      .pipe(z.string().regex(/^\d{10}$/, 'businessNumber'))
      .optional(),
    /** The first two digits of the card's password (cards issued in Korea). */
    password: z
      .string()
      .regex(/^\d{2}$/, 'cardPassword')
      .optional(),
    cvv: z.string().regex(/^\d{3,4}$/, 'cardCvv'),
    ownerName: singleLine().trim().min(1, 'required').max(60, 'invalid'),
    /**
     * A card issued outside Korea: it has no Korean birth-date or business-number check and no card
     * password; the gateway verifies it by the billing address below instead, which it then needs.
     */
    isForeign: z.boolean().default(false),
    ...cardBillingFields,
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (v.isForeign) {
      for (const field of foreignCardRequired) if (!v[field]) issue(field, 'required');
      return;
    }
    if (!v.password) issue('password', 'cardPassword');
    if (v.isCorporate && !v.businessNumber) issue('businessNumber', 'businessNumber');
    if (!v.isCorporate && !v.birth) issue('birth', 'cardBirth');
  });
export const tossCardRequest = z.object({
  authKey: singleLine().min(1, 'required').max(300, 'invalid'),
  customerKey: z.string().uuid('invalid'),
});
export const registerCardRequest = z.union([tossCardRequest, sandboxCardRequest]);
export type SandboxCardRequest = z.input<typeof sandboxCardRequest>;
export type TossCardRequest = z.infer<typeof tossCardRequest>;
export type RegisterCardRequest = z.input<typeof registerCardRequest>;
export const registeredCard = z.object({
  cardIdx: z.number().int(),
  brand: z.string(),
  last4: z.string(),
  issuer: z.string(),
});

/** `GET /card` also tells the web app which gateway collects cards (and Toss's client key and customerKey). */
export const cardList = z.object({
  gateway: z.enum(['sandbox', 'toss']),
  /** Toss only: the browser SDK's client key and this member's customerKey (a random UUID). */
  tossClientKey: z.string().nullable(),
  customerKey: z.string().nullable(),
  cards: z.array(card),
});
export type CardListDto = z.infer<typeof cardList>;

export const registerCouponRequest = z.object({ number: couponNumber, projectIdx: idx });
export type RegisterCouponRequest = z.infer<typeof registerCouponRequest>;

/** Answer of the paying calls: the subscription after the call and the payment it made (if any). */
export const billingResult = z.object({ subscription, payment: payment.nullable() });
export type BillingResultDto = z.infer<typeof billingResult>;
