import {
  apiPaths,
  type NotificationList,
  type NotificationReadRequest,
  type NotificationReadResponse,
  type NotificationSetting,
  type NotificationSettingRequest,
} from '@teamline/contract';
import { api } from '../../../lib/api';

export const notificationKeys = {
  all: ['notification'] as const,
  list: () => ['notification', 'list'] as const,
  settings: () => ['notification', 'settings'] as const,
};

export const notificationApi = {
  list: (cursor?: number) =>
    api<NotificationList>(apiPaths.notification, { query: cursor ? { cursor } : {} }),
  markRead: (body: NotificationReadRequest) =>
    api<NotificationReadResponse>(apiPaths.notificationRead, { method: 'POST', body }),
  settings: () => api<NotificationSetting>(apiPaths.notificationSetting),
  saveSettings: (body: NotificationSettingRequest) =>
    api<NotificationSetting>(apiPaths.notificationSetting, { method: 'PUT', body }),
};
