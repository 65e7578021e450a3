import { z } from 'zod';
import { notificationKindNames } from '../rules/notification-kinds.js';
import { idx, intInText } from './common.js';

/**
 * Notifications (issue 13): a member's own notices, newest first, read with a cursor, and their
 * preferences per kind. Only the member sees or marks them; other members' ids are simply not found.
 */
export const notificationKind = z.enum(notificationKindNames as [string, ...string[]]);

export const notification = z.object({
  notificationIdx: z.number().int(),
  projectIdx: z.number().int().nullable(),
  kind: z.string(),
  /** Values for the kind's text (`ui.notification.kinds.<kind>`), as they were when it was made. */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** A path inside the web app (`/timeline/3?selectedStory=7`), or null. */
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notification>;

export const NOTIFICATION_PAGE_DEFAULT = 20;
export const NOTIFICATION_PAGE_MAX = 50;

/** `GET /notification?cursor=&limit=`: `cursor` is the last `notificationIdx` of the previous page. */
export const notificationListQuery = z.object({
  cursor: idx.optional(),
  limit: intInText(1, NOTIFICATION_PAGE_MAX).optional(),
  unreadOnly: z.enum(['true', 'false']).optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

export const notificationList = z.object({
  items: z.array(notification),
  unreadCount: z.number().int(),
  /** Pass as `cursor` for the next page; null when this was the last. */
  nextCursor: z.number().int().nullable(),
});
export type NotificationList = z.infer<typeof notificationList>;

/** `POST /notification/read`: some of one's notices by id, or all of them. */
export const notificationReadRequest = z
  .object({
    ids: z.array(idx).min(1).max(200).optional(),
    all: z.literal(true).optional(),
  })
  .refine((v) => (v.ids ? !v.all : v.all === true), { message: 'invalid', path: ['ids'] });
export type NotificationReadRequest = z.infer<typeof notificationReadRequest>;

export const notificationReadResponse = z.object({
  updated: z.number().int(),
  unreadCount: z.number().int(),
});
export type NotificationReadResponse = z.infer<typeof notificationReadResponse>;

export const notificationKindSetting = z.object({
  kind: notificationKind,
  inApp: z.boolean(),
  email: z.boolean(),
});
export type NotificationKindSetting = z.infer<typeof notificationKindSetting>;

/**
 * `GET|PUT /member/notification-setting`: every kind with its channels (defaults from the catalogue
 * until changed), and `digest`: e-mails wait for one daily summary at 07:00 UTC instead of one each.
 */
export const notificationSetting = z.object({
  digest: z.boolean(),
  kinds: z.array(notificationKindSetting),
});
export type NotificationSetting = z.infer<typeof notificationSetting>;

/** PUT takes any subset of kinds (the others keep their setting). */
export const notificationSettingRequest = z.object({
  digest: z.boolean().optional(),
  kinds: z.array(notificationKindSetting).max(100).optional(),
});
export type NotificationSettingRequest = z.infer<typeof notificationSettingRequest>;
