/**
 * Notifications: one module every feature tells people through (docs/decisions/021). A
 * notification belongs to one person and one category; each person chooses per category which
 * channels carry it. The in-app list always holds it unless switched off; e-mail goes through
 * SMTP_URL; push goes to each device the person subscribed (docs/decisions/022).
 */
import { z } from 'zod';
import { audiencesOf, type Role } from './roles';

export const NOTIFICATION_CATEGORIES = ['posts', 'attendance', 'cases'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const NOTIFICATION_CHANNELS = ['inApp', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_TEXT_MAX = 500;
export const NOTIFICATION_PAGE_DEFAULT = 30;
export const NOTIFICATION_PAGE_MAX = 100;
/** Notifications older than this are removed (read or not). */
export const NOTIFICATION_KEEP_DAYS = 180;

export type ChannelChoice = Record<NotificationChannel, boolean>;
export type NotificationPreferences = Record<NotificationCategory, ChannelChoice>;

/**
 * What a person gets before choosing: everything in the app; posts by e-mail too (the school's
 * main channel); attendance warnings by e-mail for those who follow attendance up (admins,
 * teachers) and for the students concerned; cases by e-mail for those who handle them. Push is
 * on for everything: it reaches only devices the person subscribed, which is itself a choice.
 */
export function defaultNotificationPreferences(roles: readonly Role[]): NotificationPreferences {
  const audiences = audiencesOf(roles);
  const has = (...wanted: string[]) => audiences.some((a) => wanted.includes(a));
  return {
    posts: { inApp: true, email: true, push: true },
    attendance: { inApp: true, email: has('admin', 'teacher', 'student', 'stipp'), push: true },
    cases: { inApp: true, email: has('admin', 'janitor'), push: true },
  };
}

const channelChoiceSchema = z.object({ inApp: z.boolean(), email: z.boolean(), push: z.boolean() });

export const notificationPreferencesSchema = z.object({
  posts: channelChoiceSchema,
  attendance: channelChoiceSchema,
  cases: channelChoiceSchema,
});

export const notificationSchema = z.object({
  id: z.string(),
  category: z.enum(NOTIFICATION_CATEGORIES),
  title: z.string(),
  /** One or two plain-text lines. */
  text: z.string(),
  /** The app path it opens (`/app/posts?post=…`), or null. */
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  /** The `nextCursor` of the previous page. */
  cursor: z.string().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_MAX).default(NOTIFICATION_PAGE_DEFAULT),
});

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** POST /notifications/read: the named ones, or all when `ids` is absent. */
export const notificationReadInputSchema = z.object({
  ids: z.array(z.string().min(1).max(200)).max(NOTIFICATION_PAGE_MAX).optional(),
});
