import { eventConsumer, type EventConsumer } from '../../platform/events/event-dispatcher.js';
import type { SpendingService } from './spending.service.js';

/**
 * Budget alerts (docs/product/spending-and-budgets.md#alerts): an approved settlement adds to its
 * project's spend, so its project's budgets are evaluated in its month. At-least-once delivery is
 * safe: the evaluation records each crossing under a unique key in the transaction of its event.
 */
export function budgetAlertConsumer(spending: Pick<SpendingService, 'evaluate'>): EventConsumer {
  return eventConsumer({
    name: 'budget-alert',
    events: ['settlement.approved'],
    async handle(event) {
      await spending.evaluate(event.projectIdx, event.payload.month, event.payload.settlementIdx);
    },
  });
}
