import { randomUUID } from 'node:crypto';
import {
  sandboxCardRequest,
  tossCardRequest,
  type CardListDto,
  type RegisterCardRequest,
} from '@teamline/contract';
import { AppError, fieldError } from '../../shared/app-error.js';
import type { Actor } from '../../shared/context.js';
import type { AuditEntry } from '../../platform/audit/audit-trail.js';
import type { CardRow } from './billing.repository.js';
import type { BillingDeps } from './billing.deps.js';
import { toCardDto } from './billing.presenter.js';
import { GatewayError, type CardSource } from './gateway/gateway.js';

/** A card's audit record: the account's own, with brand and last four digits only. */
const cardRecord = (kind: 'card.registered' | 'card.removed', actor: Actor, card: CardRow): AuditEntry => ({
  kind,
  memberIdx: actor.memberIdx,
  target: { type: 'card', idx: card.cardIdx },
  changes: { brand: card.brand, last4: card.last4 },
});

/** `GET /card`: the caller's cards, and what the web app needs to collect one (gateway, Toss keys). */
export async function listCards(deps: BillingDeps, actor: Actor): Promise<CardListDto> {
  const toss = deps.gateway.name === 'toss';
  return {
    gateway: deps.gateway.name,
    tossClientKey: toss ? (deps.ctx.config.billing.tossClientKey ?? null) : null,
    customerKey: toss ? await deps.repo.customerKey(actor.memberIdx, randomUUID()) : null,
    cards: (await deps.repo.cardsOf(actor.memberIdx)).map(toCardDto),
  };
}

/**
 * `POST /card`: the sandbox takes the card fields, Toss the `authKey` of its SDK; either way the
 * gateway issues a billing key and only that, brand, issuer and last four digits are stored. The
 * card fields live in this call's memory only: never in a row, an event or a log line.
 */
export async function registerCard(deps: BillingDeps, actor: Actor, body: RegisterCardRequest) {
  const customerKey = await deps.repo.customerKey(actor.memberIdx, randomUUID());
  let source: CardSource;
  if (deps.gateway.name === 'toss') {
    const parsed = tossCardRequest.safeParse(body);
    if (!parsed.success) throw fieldError('authKey', 'required');
    if (parsed.data.customerKey !== customerKey) throw fieldError('customerKey', 'invalid');
    source = { kind: 'toss', authKey: parsed.data.authKey };
  } else {
    const parsed = sandboxCardRequest.safeParse(body);
    if (!parsed.success) {
      // The first refused field, as the route's own validation would name it.
      const first = parsed.error.issues[0];
      throw fieldError(String(first?.path[0] ?? 'cardNumber'), first?.message ?? 'cardNumber');
    }
    source = { kind: 'sandbox', card: parsed.data };
  }
  try {
    const issued = await deps.gateway.issueBillingKey(customerKey, source);
    const row = await deps.transaction(async (r) => {
      const card = await r.insertCard({
        memberIdx: actor.memberIdx,
        gateway: deps.gateway.name,
        billingKey: issued.billingKey,
        customerKey,
        brand: issued.brand,
        issuer: issued.issuer,
        last4: issued.last4,
        createdAt: deps.ctx.clock.now(),
      });
      r.audit.record(cardRecord('card.registered', actor, card));
      return card;
    });
    return { cardIdx: row.cardIdx, brand: row.brand, last4: row.last4, issuer: row.issuer };
  } catch (error) {
    if (error instanceof GatewayError)
      throw new AppError('CARD_REGISTRATION_FAILED', { reason: error.reason });
    throw error;
  }
}

/** `DELETE /card/{cardIdx}`: the caller's own card, unless a running subscription renews with it. */
export async function deleteCard(deps: BillingDeps, actor: Actor, cardIdx: number) {
  const card = await deps.repo.card(cardIdx);
  if (!card || card.memberIdx !== actor.memberIdx) throw new AppError('CARD_NOT_FOUND');
  if (await deps.repo.cardInUse(cardIdx)) throw new AppError('CARD_IN_USE');
  await deps.transaction(async (r) => {
    await r.deleteCard(cardIdx);
    r.audit.record(cardRecord('card.removed', actor, card));
  });
}
