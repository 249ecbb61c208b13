/**
 * Notifications: the one way a feature tells people something (docs/decisions/021).
 *
 * A feature calls `notifyPeople` inside its own transaction; each person gets what their
 * choices for the category say (stored, else their roles' defaults): a row in their in-app
 * list, and a queued job per further delivery (an e-mail, a push to one device), so that no
 * request waits for a mail server or a push service.
 * The list keeps NOTIFICATION_KEEP_DAYS of them, read or not.
 */
import {
  defaultNotificationPreferences,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_KEEP_DAYS,
  NOTIFICATION_TEXT_MAX,
  NOTIFICATION_TITLE_MAX,
  parseRoles,
  type ChannelChoice,
  type Notification,
  type NotificationCategory,
  type NotificationList,
  type NotificationPreferences,
  type Role,
} from '@tun/shared';
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { nowIso, type Queryable, type Trx } from '../../db/database';
import { write, type Publish } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { enqueueJobs, type JobKind, type JobToQueue } from '../../jobs/job-queue';
import { currentPeopleWithRoles } from '../people/directory.service';
import { pushDevicesOf } from '../push/push.service';
import { findSchool } from '../school/school.service';
import {
  countUnread,
  deleteNotificationsAbout,
  deleteNotificationsBefore,
  insertNotifications,
  markRead,
  notificationsPage,
  preferencesFor,
  preferencesOf,
  replacePreferences,
  type NotificationPosition,
  type NotificationRow,
  type PreferenceRow,
} from './notifications.repository';

type Deps = Pick<AppContext, 'database' | 'live'>;

/** Who is asking about their own notifications. */
export interface Owner {
  schoolId: string;
  personId: string;
  roles: readonly Role[];
}

// ── Telling people ──────────────────────────────────────────────────────────────────────────

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

/** At most `max` characters, cut with an ellipsis: the list shows a line or two, the link the rest. */
function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** People looked up per query: keeps the IN lists short on either dialect. */
const LOOKUP_CHUNK = 500;

/** Someone to tell, with their choice of channels for the category at hand. */
interface Recipient {
  id: string;
  email: string | null;
  choice: ChannelChoice;
}

/**
 * Inside the caller's transaction: one in-app notification per person who wants this category
 * in the app, one queued e-mail per person who wants it by e-mail and has an address (only when
 * SMTP_URL is set), one queued push per subscribed device of each person who wants it by push,
 * and a live `notifications` change naming the people told in the app.
 */
export async function notifyPeople(
  trx: Trx,
  publish: Publish,
  config: Pick<Config, 'smtpUrl' | 'publicUrl'>,
  input: NotifyInput,
): Promise<{ inApp: number; emails: number }> {
  const recipients = await recipientsOf(trx, input.schoolId, [...new Set(input.personIds)], input.category);
  if (recipients.length === 0) return { inApp: 0, emails: 0 };
  const message = {
    ...input,
    title: clip(input.title, NOTIFICATION_TITLE_MAX),
    text: clip(input.text, NOTIFICATION_TEXT_MAX),
  };

  const now = nowIso();
  const inApp = recipients.filter((recipient) => recipient.choice.inApp);
  await insertNotifications(
    trx,
    inApp.map((recipient) => ({
      id: randomUUID(),
      school_id: input.schoolId,
      person_id: recipient.id,
      category: message.category,
      title: message.title,
      text: message.text,
      link: message.link,
      source: message.source,
      created_at: now,
      read_at: null,
    })),
  );

  // The channels outside the app: each gives one job per delivery, and they are queued here
  // and nowhere else.
  const emails = config.smtpUrl
    ? emailDeliveries(
        config.publicUrl,
        (await findSchool(trx, input.schoolId))?.short_name ?? 'Tun',
        recipients,
        message,
      )
    : [];
  const pushes = await pushDeliveries(trx, recipients, message);
  const deliveries: JobToQueue<JobKind>[] = [...emails, ...pushes];
  await enqueueJobs(trx, deliveries);

  const told = inApp.map((recipient) => recipient.id);
  if (told.length > 0) publish('notifications', told);
  return { inApp: inApp.length, emails: emails.length };
}

/** The people of the school among `ids` who are there now, with their choices for `category`. */
async function recipientsOf(
  db: Queryable,
  schoolId: string,
  ids: readonly string[],
  category: NotificationCategory,
): Promise<Recipient[]> {
  const recipients: Recipient[] = [];
  for (let start = 0; start < ids.length; start += LOOKUP_CHUNK) {
    const people = await currentPeopleWithRoles(db, schoolId, ids.slice(start, start + LOOKUP_CHUNK));
    const chosen = await preferencesFor(
      db,
      people.map((person) => person.id),
      category,
    );
    const stored = new Map(chosen.map((row) => [row.person_id, row]));
    for (const person of people) {
      const row = stored.get(person.id);
      recipients.push({
        id: person.id,
        email: person.email,
        choice: row ? choiceOf(row) : defaultNotificationPreferences(parseRoles(person.roles))[category],
      });
    }
  }
  return recipients;
}

const CATEGORY_NAMES_NB: Record<NotificationCategory, string> = {
  posts: 'innlegg',
  attendance: 'fravær',
  cases: 'saker',
};

/** Header text on one line: a name stored with a line break must not start a new header. */
function oneLine(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ').trim();
}

/** One finished e-mail per recipient who wants this category by e-mail and has an address. */
function emailDeliveries(
  publicUrl: string,
  schoolName: string,
  recipients: readonly Recipient[],
  input: NotifyInput,
): JobToQueue<'email.send'>[] {
  const subject = `${oneLine(schoolName)}: ${oneLine(input.title)}`;
  const lines = [input.text];
  if (input.link !== null) lines.push('', `Åpne i Tun: ${publicUrl}${input.link}`);
  lines.push(
    '',
    '-- ',
    `Du får denne e-posten fordi varsler om ${CATEGORY_NAMES_NB[input.category]} på e-post er slått på for deg.`,
    `Du kan endre hvilke varsler du får, og hvordan, under Varsler i Tun: ${publicUrl}/app`,
  );
  const text = lines.join('\n');
  return recipients
    .filter((recipient) => recipient.choice.email && recipient.email)
    .map((recipient) => ({
      schoolId: input.schoolId,
      kind: 'email.send',
      payload: { to: recipient.email!, subject, text },
    }));
}

/**
 * One push per subscribed device of each recipient who wants this category by push. The device
 * shows the title and text, opens the link, and replaces an earlier notice about the same thing
 * (the tag is the source).
 */
async function pushDeliveries(
  db: Queryable,
  recipients: readonly Recipient[],
  input: NotifyInput,
): Promise<JobToQueue<'push.send'>[]> {
  const wanting = recipients.filter((recipient) => recipient.choice.push).map((recipient) => recipient.id);
  const devices = await pushDevicesOf(db, input.schoolId, wanting);
  const payload = { title: input.title, body: input.text, link: input.link, tag: input.source };
  return wanting.flatMap((personId) =>
    (devices.get(personId) ?? []).map((subscriptionId) => ({
      schoolId: input.schoolId,
      kind: 'push.send' as const,
      payload: { subscriptionId, payload },
    })),
  );
}

/** Removes the notifications about something that is gone (a deleted post). */
export async function removeNotificationsAbout(trx: Trx, source: string): Promise<void> {
  await deleteNotificationsAbout(trx, source);
}

// ── One's own list ──────────────────────────────────────────────────────────────────────────

function present(row: NotificationRow): Notification {
  return {
    id: row.id,
    // Written by notifyPeople from the shared list; a category a later version dropped shows as posts.
    category: (NOTIFICATION_CATEGORIES as readonly string[]).includes(row.category)
      ? (row.category as NotificationCategory)
      : 'posts',
    title: row.title,
    text: row.text,
    link: row.link,
    createdAt: row.created_at,
    readAt: row.read_at,
  };
}

function invalidCursor(): ProblemError {
  return new ProblemError('validation-failed', undefined, [
    {
      path: 'querystring.cursor',
      code: 'invalid',
      message: 'Sidemerket er ugyldig. Last varslene på nytt.',
    },
  ]);
}

/** The cursor is the last row's time and id, base64url JSON: opaque to the client. */
function encodeCursor(position: NotificationPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
}

function decodeCursor(cursor: string): NotificationPosition {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    typeof value[0] !== 'string' ||
    typeof value[1] !== 'string' ||
    Number.isNaN(Date.parse(value[0]))
  ) {
    throw invalidCursor();
  }
  return { createdAt: value[0], id: value[1] };
}

/** A page of the person's notifications, newest first, with the count of unread ones. */
export async function listNotifications(
  db: Queryable,
  owner: Pick<Owner, 'schoolId' | 'personId'>,
  query: { unread: boolean; cursor?: string | undefined; limit: number },
): Promise<NotificationList> {
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const [rows, unreadCount] = await Promise.all([
    notificationsPage(db, owner.schoolId, owner.personId, {
      unreadOnly: query.unread,
      after,
      // One more than asked tells whether there is a next page.
      limit: query.limit + 1,
    }),
    countUnread(db, owner.schoolId, owner.personId),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    notifications: page.map(present),
    unreadCount,
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}

/** Marks the person's own notifications read (the named ones, or all); others' ids change nothing. */
export async function markNotificationsRead(
  deps: Deps,
  owner: Pick<Owner, 'schoolId' | 'personId'>,
  ids: readonly string[] | undefined,
): Promise<void> {
  await write(deps, owner.schoolId, async (trx, publish) => {
    const changed = await markRead(trx, owner.schoolId, owner.personId, ids, nowIso());
    // The person's other tabs and devices update their count.
    if (changed > 0) publish('notifications', [owner.personId]);
  });
}

// ── Choices ─────────────────────────────────────────────────────────────────────────────────

function choiceOf(row: PreferenceRow): ChannelChoice {
  return { inApp: Boolean(row.in_app), email: Boolean(row.email), push: Boolean(row.push) };
}

/** The person's choices: stored per category, the roles' defaults for the rest. */
export async function getNotificationPreferences(
  db: Queryable,
  owner: Owner,
): Promise<NotificationPreferences> {
  const preferences = defaultNotificationPreferences(owner.roles);
  for (const row of await preferencesOf(db, owner.personId)) {
    if ((NOTIFICATION_CATEGORIES as readonly string[]).includes(row.category)) {
      preferences[row.category as NotificationCategory] = choiceOf(row);
    }
  }
  return preferences;
}

/** Stores the person's choice for every category; from then on their roles' defaults no longer apply. */
export async function setNotificationPreferences(
  deps: Deps,
  owner: Owner,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  return write(deps, owner.schoolId, async (trx, publish) => {
    await replacePreferences(
      trx,
      owner.personId,
      NOTIFICATION_CATEGORIES.map((category) => ({
        person_id: owner.personId,
        category,
        in_app: preferences[category].inApp ? 1 : 0,
        email: preferences[category].email ? 1 : 0,
        push: preferences[category].push ? 1 : 0,
      })),
    );
    publish('notifications', [owner.personId]);
    return getNotificationPreferences(trx, owner);
  });
}

// ── Keeping the list short ──────────────────────────────────────────────────────────────────

const DAY_MS = 24 * 3_600_000;
const SWEEP_INTERVAL_MS = 3_600_000;
const SWEEP_BATCH = 1000;
/** Per sweep; a backlog larger than this goes over the next sweeps. */
const SWEEP_BATCHES_MAX = 20;

/** Removes notifications older than NOTIFICATION_KEEP_DAYS, a bounded number per call; answers how many. */
export async function removeOldNotifications(db: Queryable, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - NOTIFICATION_KEEP_DAYS * DAY_MS).toISOString();
  let removed = 0;
  for (let batch = 0; batch < SWEEP_BATCHES_MAX; batch += 1) {
    const count = await deleteNotificationsBefore(db, before, SWEEP_BATCH);
    removed += count;
    if (count < SWEEP_BATCH) break;
  }
  return removed;
}

/**
 * Sweeps old notifications every hour on each instance (a delete that finds nothing costs
 * little, and two instances sweeping at once remove each row once). Returns the stop.
 */
export function startNotificationSweep(deps: Pick<AppContext, 'database' | 'log'>): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = removeOldNotifications(deps.database.db)
      .catch((error: unknown) => deps.log.error({ err: error }, 'the sweep of old notifications failed'))
      .finally(() => {
        running = undefined;
      });
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
