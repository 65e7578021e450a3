import {
  apiPaths,
  type BillingResultDto,
  type CardListDto,
  type PaymentDto,
  type PlanTable,
  type ProjectCouponDto,
  type RefundRequest,
  type RegisterCardRequest,
  type RegisterCouponRequest,
  type SheetChangeRequest,
  type SubscribeRequest,
  type SubscriptionDto,
  type UpdateSubscriptionRequest,
} from '@teamline/contract';
import { api } from '../../../lib/api';

const idempotent = (key: string) => ({ 'Idempotency-Key': key });

/** docs/product/billing.md#plans-and-prices, docs/product/billing.md#cards-and-gateway: the calls of the billing screens. */
export const billingApi = {
  plans: () => api<PlanTable>(apiPaths.plan),
  subscription: (projectIdx: number) =>
    api<SubscriptionDto>(apiPaths.subscription, { query: { projectIdx } }),
  subscribe: (body: SubscribeRequest, key: string) =>
    api<BillingResultDto>(apiPaths.subscription, { method: 'POST', body, headers: idempotent(key) }),
  update: (subscriptionIdx: number, body: UpdateSubscriptionRequest) =>
    api<BillingResultDto>(apiPaths.subscriptionOne(subscriptionIdx), { method: 'PATCH', body }),
  changeSheets: (subscriptionIdx: number, body: SheetChangeRequest, key: string) =>
    api<BillingResultDto>(apiPaths.subscriptionSheets(subscriptionIdx), {
      method: 'POST',
      body,
      headers: idempotent(key),
    }),
  refund: (subscriptionIdx: number, body: RefundRequest, key: string) =>
    api<BillingResultDto>(apiPaths.subscriptionRefund(subscriptionIdx), {
      method: 'POST',
      body,
      headers: idempotent(key),
    }),
  payments: (projectIdx: number) => api<PaymentDto[]>(apiPaths.payment, { query: { projectIdx } }),
  cards: () => api<CardListDto>(apiPaths.card),
  registerCard: (body: RegisterCardRequest) => api<unknown>(apiPaths.card, { method: 'POST', body }),
  deleteCard: (cardIdx: number) => api<unknown>(apiPaths.cardOne(cardIdx), { method: 'DELETE' }),
  coupons: (projectIdx: number) => api<ProjectCouponDto[]>(apiPaths.coupon, { query: { projectIdx } }),
  registerCoupon: (body: RegisterCouponRequest) =>
    api<ProjectCouponDto>(apiPaths.coupon, { method: 'POST', body }),
};

/** Query keys: one subscription per project; cards are the member's own. */
export const billingKeys = {
  plans: ['billing', 'plans'] as const,
  subscription: (projectIdx: number) => ['billing', projectIdx, 'subscription'] as const,
  payments: (projectIdx: number) => ['billing', projectIdx, 'payments'] as const,
  coupons: (projectIdx: number) => ['billing', projectIdx, 'coupons'] as const,
  cards: ['billing', 'cards'] as const,
};
