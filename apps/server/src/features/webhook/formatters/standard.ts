import type { DomainEvent } from '@teamline/contract';

/**
 * The body of a Standard Webhooks message (docs/product/notifications-and-webhooks.md#standard-webhooks):
 * `type` is the catalogue's event name, `timestamp` when it happened, `data` the event's payload as
 * the catalogue (packages/contract/src/events.ts) defines it, with the project's id added. Pure:
 * stored on the delivery, so a retry sends the same bytes; the signature is made at send time.
 */
export function standardMessage(event: Pick<DomainEvent, 'name' | 'projectIdx' | 'payload' | 'occurredAt'>) {
  return {
    type: event.name,
    timestamp: event.occurredAt,
    data: { ...(event.payload as object), projectIdx: event.projectIdx },
  };
}

/** What "send test" sends a standard hook: `webhook.test`, the project and the hook. */
export function standardTestMessage(projectIdx: number, webhookIdx: number, at: Date) {
  return { type: 'webhook.test', timestamp: at.toISOString(), data: { projectIdx, webhookIdx } };
}
