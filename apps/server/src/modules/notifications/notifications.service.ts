/**
 * Notifications: the one way a feature tells people something (docs/decisions/021).
 */
import type { NotificationCategory } from '@tun/shared';
import type { Config } from '../../config';
import type { Trx } from '../../db/database';
import type { Publish } from '../../db/write';

export interface NotifyInput {
  schoolId: string;
  /** The people to tell; duplicates and people who have left or are erased are skipped. */
  personIds: readonly string[];
  category: NotificationCategory;
  title: string;
  text: string;
  /** The app path it opens, e.g. `/app/posts?post=<id>`. */
  link: string | null;
  /** What it is about (`post:<id>`), so it can be removed with it. */
  source: string | null;
}

/**
 * Inside the caller's transaction: one in-app notification per person who wants this category
 * in the app, one queued e-mail per person who wants it by e-mail and has an address (only when
 * SMTP_URL is set), and a live `notifications` change naming the people told.
 */
export async function notifyPeople(
  trx: Trx,
  publish: Publish,
  config: Pick<Config, 'smtpUrl' | 'publicUrl'>,
  input: NotifyInput,
): Promise<{ inApp: number; emails: number }> {
  void trx;
  void publish;
  void config;
  void input;
  throw new Error('notifyPeople: not built yet');
}

/** Removes the notifications about something that is gone (a deleted post). */
export async function removeNotificationsAbout(trx: Trx, source: string): Promise<void> {
  void trx;
  void source;
  throw new Error('removeNotificationsAbout: not built yet');
}
