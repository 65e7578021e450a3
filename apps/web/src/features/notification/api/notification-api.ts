import { type NotificationReadRequest, type NotificationSettingRequest } from '@teamline/contract';
import { api } from '../../../lib/api';

export const notificationKeys = {
  all: ['notification'] as const,
  list: () => ['notification', 'list'] as const,
  settings: () => ['notification', 'settings'] as const,
};

export const notificationApi = {
  list: (cursor?: number) => api.get('notification', { query: cursor ? { cursor } : {} }),
  markRead: (body: NotificationReadRequest) => api.post('notificationRead', { body }),
  settings: () => api.get('notificationSetting'),
  saveSettings: (body: NotificationSettingRequest) => api.put('notificationSetting', { body }),
};
