import type { Notification } from '@teamline/contract';
import type { NotificationRow } from './notification.repository.js';

export const toNotification = (row: NotificationRow): Notification => ({
  notificationIdx: row.notificationIdx,
  projectIdx: row.projectIdx,
  kind: row.kind,
  params: row.params,
  link: row.link,
  readAt: row.readAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});
