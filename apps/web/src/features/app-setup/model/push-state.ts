/**
 * Push on this device: what the switch shows, and which categories of notification a person may
 * choose push for. Pure, so the rules are tested without a browser.
 */
import type { AppFeature } from '@tun/shared/app-settings';
import {
  NOTIFICATION_CATEGORIES,
  type NotificationCategory,
  type NotificationPreferences,
} from '@tun/shared/notifications';

export type PushStatus =
  /** No service worker or Push API: an old browser, or Safari on iPhone outside the home screen. */
  | 'unsupported'
  /** The person (or the browser) blocked notifications for the site: only the browser can undo it. */
  | 'denied'
  | 'on'
  | 'off';

export function pushStatus(device: {
  supported: boolean;
  permission: NotificationPermission | undefined;
  subscribed: boolean;
}): PushStatus {
  if (!device.supported) return 'unsupported';
  if (device.permission === 'denied') return 'denied';
  return device.subscribed ? 'on' : 'off';
}

/** The feature whose events each category tells of: a switched-off feature sends nothing. */
export const CATEGORY_FEATURE = {
  posts: 'posts',
  attendance: 'attendance',
  cases: 'maintenance',
} as const satisfies Record<NotificationCategory, AppFeature>;

export function shownCategories(features: readonly AppFeature[]): NotificationCategory[] {
  return NOTIFICATION_CATEGORIES.filter((category) => features.includes(CATEGORY_FEATURE[category]));
}

/** The stored preferences with push for one category changed; the other channels stay as they are. */
export function withPush(
  preferences: NotificationPreferences,
  category: NotificationCategory,
  push: boolean,
): NotificationPreferences {
  return { ...preferences, [category]: { ...preferences[category], push } };
}
