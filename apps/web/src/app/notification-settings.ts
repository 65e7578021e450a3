import { lazy } from 'react';

/** The profile's Notifications section comes from the notification feature, in a chunk of its own. */
export const NotificationSettings = lazy(() =>
  import('../features/notification/components/NotificationSettings').then((m) => ({
    default: m.NotificationSettings,
  })),
);
