/**
 * Private iCal feeds: a secret address per feed that a calendar app on a phone subscribes to.
 * Only a hash of the secret is stored (as for password links), so a leaked database lets no one
 * read calendars; revoking a feed deletes its row, and the address stops working at once.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  canAll,
  fullName,
  parseRoles,
  type CalendarEvent,
  type CalendarFeed,
  type CalendarFeedInput,
  type CreatedCalendarFeed,
} from '@tun/shared';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { personName } from '../../db/rows';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import { listCalendar } from '../calendar/calendar.service';
import { rolesOfPerson } from '../people/directory.service';
import { listRooms } from '../rooms/rooms.service';
import {
  deleteOwnFeed,
  findFeedByHash,
  insertFeed,
  listFeeds,
  targetName,
} from './calendar-feeds.repository';
import { buildICalendar, feedRange } from './ical';

type Deps = Pick<AppContext, 'config' | 'database' | 'live'>;

interface Actor {
  schoolId: string;
  personId: string;
  roles: Parameters<typeof canAll>[0];
}

/** Enough for a phone, a tablet and a few lines and rooms; it stops a runaway script. */
export const FEEDS_PER_PERSON_MAX = 50;

export function hashFeedToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function ownFeeds(deps: Deps, actor: Actor): Promise<CalendarFeed[]> {
  return listFeeds(deps.database.db, actor.schoolId, actor.personId);
}

export async function createFeed(
  deps: Deps,
  actor: Actor,
  input: { kind: CalendarFeedInput['kind']; targetId: string | null },
): Promise<CreatedCalendarFeed> {
  if (input.kind !== 'person' && !canAll(actor.roles, 'calendarFeeds:lineAndRoom')) {
    throw new ProblemError('forbidden');
  }
  // 256 bits: the address is the only credential, so it cannot be guessed.
  const token = randomBytes(32).toString('base64url');
  const feed = await write(deps, actor.schoolId, async (trx, publish) => {
    if (input.kind !== 'person') {
      if (input.targetId === null) throw new ProblemError('validation-failed');
      const name = await targetName(trx, actor.schoolId, input.kind, input.targetId);
      if (name === undefined) throw new ProblemError('not-found');
    }
    const existing = await listFeeds(trx, actor.schoolId, actor.personId);
    if (existing.length >= FEEDS_PER_PERSON_MAX) {
      throw new ProblemError(
        'conflict',
        `Du kan ha høyst ${FEEDS_PER_PERSON_MAX} kalenderlenker. Trekk tilbake noen du ikke bruker.`,
      );
    }
    const created = await insertFeed(trx, {
      id: randomUUID(),
      school_id: actor.schoolId,
      person_id: actor.personId,
      kind: input.kind,
      target_id: input.kind === 'person' ? null : input.targetId,
      token_hash: hashFeedToken(token),
      created_at: nowIso(),
    });
    // Who can read a calendar from outside Tun is worth a trace, as for password links.
    await recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: 'calendar-feed-create',
      entity: 'calendar-feed',
      entityId: created.id,
      after: { kind: created.kind, targetId: created.targetId },
    });
    publish('calendar', [created.id]);
    return created;
  });
  return { ...feed, url: `${deps.config.publicUrl}/api/v1/ical/${token}` };
}

/** Revokes one of one's own feeds; anyone else's (or another school's) is not found. */
export async function revokeFeed(deps: Deps, actor: Actor, feedId: string): Promise<void> {
  await write(deps, actor.schoolId, async (trx, publish) => {
    if (!(await deleteOwnFeed(trx, actor.schoolId, actor.personId, feedId))) {
      throw new ProblemError('not-found');
    }
    await recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: 'calendar-feed-revoke',
      entity: 'calendar-feed',
      entityId: feedId,
    });
    publish('calendar', [feedId]);
  });
}

/** The events of the feed's range, fetched in slices the calendar accepts, each once. */
async function feedEvents(
  deps: Deps,
  schoolId: string,
  filter: { kind: 'person' | 'line' | 'room'; id: string },
  now: number,
): Promise<CalendarEvent[]> {
  const events = new Map<string, CalendarEvent>();
  for (const slice of feedRange(now)) {
    // Sequential on purpose: SQLite serves one query at a time anyway, and it bounds the load.
    const found = await listCalendar(deps.database.db, schoolId, { ...slice, filter });
    // An event that spans a slice boundary comes back from both slices.
    for (const event of found) events.set(event.id, event);
  }
  return [...events.values()].sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id));
}

/**
 * The iCal text of a token's feed, or not-found for an unknown or revoked token, for a feed
 * whose owner or target is gone, and for a line or room feed whose owner is no longer staff.
 */
export async function feedCalendar(deps: Deps, token: string, now = Date.now()): Promise<string> {
  const { db } = deps.database;
  const feed = await findFeedByHash(db, hashFeedToken(token));
  if (!feed) throw new ProblemError('not-found');

  let title: string;
  let filter: { kind: 'person' | 'line' | 'room'; id: string };
  if (feed.kind === 'line' || feed.kind === 'room') {
    if (feed.target_id === null) throw new ProblemError('not-found');
    const roles = parseRoles(await rolesOfPerson(db, feed.school_id, feed.person_id));
    if (!canAll(roles, 'calendarFeeds:lineAndRoom')) throw new ProblemError('not-found');
    const name = await targetName(db, feed.school_id, feed.kind, feed.target_id);
    if (name === undefined) throw new ProblemError('not-found');
    title = name;
    filter = { kind: feed.kind, id: feed.target_id };
  } else {
    title = fullName(personName(feed));
    filter = { kind: 'person', id: feed.person_id };
  }

  const [events, rooms] = await Promise.all([
    feedEvents(deps, feed.school_id, filter, now),
    listRooms(db, feed.school_id),
  ]);
  return buildICalendar({
    name: `Tun – ${title}`,
    events,
    roomNames: new Map(rooms.map((room) => [room.id, room.name])),
    now,
  });
}
