import type { Currency } from '@teamline/contract';
import type { MembershipRow } from '../membership/membership.port.js';
import type { Authorization } from '../../platform/authorization/authorization.js';
import type { UnitOfWork } from '../../platform/events/unit-of-work.js';
import type { AppContext } from '../../shared/context.js';
import type { BillingRepository } from './billing.repository.js';
import type { PaymentGateway } from './gateway/gateway.js';

/** What every part of billing stands on. */
export interface BillingDeps {
  ctx: AppContext;
  /** On the database (reads outside a transaction). */
  repo: BillingRepository;
  /** One transaction over the billing repository and the outbox; paying calls lock the project first. */
  transaction: UnitOfWork<BillingRepository>;
  authz: Authorization<MembershipRow>;
  gateway: PaymentGateway;
  monthlyPrices: Record<Currency, number>;
}
