import {
  type RefundRequest,
  type RegisterCardRequest,
  type RegisterCouponRequest,
  type SheetChangeRequest,
  type SubscribeRequest,
  type UpdateSubscriptionRequest,
} from '@teamline/contract';
import { api } from '../../../lib/api';

const idempotent = (key: string) => ({ 'Idempotency-Key': key });

/** docs/product/billing.md#plans-and-prices, docs/product/billing.md#cards-and-gateway: the calls of the billing screens. */
export const billingApi = {
  plans: () => api.get('plan'),
  subscription: (projectIdx: number) => api.get('subscription', { query: { projectIdx } }),
  subscribe: (body: SubscribeRequest, key: string) =>
    api.post('subscription', { body, headers: idempotent(key) }),
  update: (subscriptionIdx: number, body: UpdateSubscriptionRequest) =>
    api.patch(['subscriptionOne', subscriptionIdx], { body }),
  changeSheets: (subscriptionIdx: number, body: SheetChangeRequest, key: string) =>
    api.post(['subscriptionSheets', subscriptionIdx], { body, headers: idempotent(key) }),
  refund: (subscriptionIdx: number, body: RefundRequest, key: string) =>
    api.post(['subscriptionRefund', subscriptionIdx], { body, headers: idempotent(key) }),
  payments: (projectIdx: number) => api.get('payment', { query: { projectIdx } }),
  cards: () => api.get('card'),
  registerCard: (body: RegisterCardRequest) => api.post('card', { body }),
  deleteCard: (cardIdx: number) => api.delete(['cardOne', cardIdx]),
  coupons: (projectIdx: number) => api.get('coupon', { query: { projectIdx } }),
  registerCoupon: (body: RegisterCouponRequest) => api.post('coupon', { body }),
};

/** Query keys: one subscription per project; cards are the member's own. */
export const billingKeys = {
  plans: ['billing', 'plans'] as const,
  subscription: (projectIdx: number) => ['billing', projectIdx, 'subscription'] as const,
  payments: (projectIdx: number) => ['billing', projectIdx, 'payments'] as const,
  coupons: (projectIdx: number) => ['billing', projectIdx, 'coupons'] as const,
  cards: ['billing', 'cards'] as const,
};
