import type { CardDto, PaymentDto, ProjectCouponDto } from '@teamline/contract';
import type { CardRow, CouponRow, PaymentRow, RedemptionRow } from './billing.repository.js';

export const receiptNumber = (paymentIdx: number) => `TL-${String(paymentIdx).padStart(8, '0')}`;

export function toPaymentDto(p: PaymentRow, couponNumber: string | null = null): PaymentDto {
  return {
    paymentIdx: p.paymentIdx,
    subscriptionIdx: p.subscriptionIdx,
    projectIdx: p.projectIdx,
    kind: p.kind,
    amount: p.amount,
    currency: p.currency,
    status: p.status,
    createdAt: p.createdAt.toISOString(),
    receiptNumber: receiptNumber(p.paymentIdx),
    plan: p.plan,
    sheets: p.sheets,
    periodStartDt: p.periodStartDt,
    periodEndDt: p.periodEndDt,
    listAmount: p.listAmount,
    discount: p.discount,
    couponNumber,
    refundedAmount: p.refundedAmount,
    refundOfIdx: p.refundOfIdx,
    refundMode: p.refundMode,
    cardBrand: p.cardBrand,
    cardLast4: p.cardLast4,
    failureReason: p.failureReason,
    gatewaySkipped: p.gatewaySkipped,
  };
}

export const toCouponDto = (c: { coupon: CouponRow; redemption: RedemptionRow }): ProjectCouponDto => ({
  couponIdx: c.coupon.couponIdx,
  number: c.coupon.number,
  type: c.coupon.type,
  percentOff: c.coupon.percentOff,
  periods: c.coupon.periods,
  remainingPeriods: c.redemption.remainingPeriods,
  validFrom: c.coupon.validFrom,
  validUntil: c.coupon.validUntil,
  registeredAt: c.redemption.registeredAt.toISOString(),
});

export const toCardDto = (c: CardRow): CardDto => ({
  cardIdx: c.cardIdx,
  brand: c.brand,
  last4: c.last4,
  issuer: c.issuer,
  gateway: c.gateway,
  createdAt: c.createdAt.toISOString(),
});
