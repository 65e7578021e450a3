import { lazy } from 'react';

/** Settings › Webhooks comes from the webhook feature; its chunk loads when the section is opened. */
export const WebhookSection = lazy(() =>
  import('../features/webhook/components/WebhookSection').then((m) => ({ default: m.WebhookSection })),
);
