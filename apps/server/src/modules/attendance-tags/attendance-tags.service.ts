/**
 * Tag scans (SPEC §3 room attendance key, §4 tag validation, §9 the 10-minute buffer).
 *
 * A room with a tag has a random secret; its key of the day is an HMAC of the school date, so it
 * is unguessable, changes at midnight school time and nothing is stored per day. A room with a
 * screen ("rotating") shows a code that is an HMAC of the minute instead: a photo of it is
 * useless a minute later. The scan link carries the key; a student opening it is marked
 * attending (the tag status) for the event in that room they are expected at, through the one
 * writer of attendance records.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  addDays,
  TAG_SCAN_BUFFER_MS,
  isEventFor,
  schoolDateTimeFormat,
  schoolDayStart,
  tagScanStatus,
  todayInSchoolZone,
  type AttendanceStatus,
  type CalendarEvent,
  type RoomTag,
  type ScanResult,
  type ScanTooEarly,
} from '@tun/shared';
import type { AppContext } from '../../context';
import type { AnswerCache } from '../../live/answer-cache';
import type { Queryable } from '../../db/database';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { findRecord, writeStatuses, type Actor } from '../attendance/attendance.service';
import { recordAudit } from '../audit/audit.service';
import { listCalendar, targetsOfPerson } from '../calendar/calendar.service';
import { findRoom } from '../rooms/rooms.service';
import { deleteTag, findTag, putTag, setRotating } from './attendance-tags.repository';

type Deps = Pick<AppContext, 'database' | 'live'>;

/**
 * Where scans take the time from. Tests move it (midnight, the edges of an event's window);
 * the sessions and everything else keep the real clock.
 */
export const tagClock = { now: (): number => Date.now() };

/** 22 characters of base64url: 132 bits, short enough for a small QR code and an NFC tag. */
const KEY_LENGTH = 22;
const MINUTE_MS = 60_000;
/** How far ahead a scan is told "too early" rather than "no event here". */
export const TOO_EARLY_HORIZON_MS = 2 * 60 * 60_000;

function code(secret: string, message: string): string {
  return createHmac('sha256', Buffer.from(secret, 'base64url'))
    .update(message)
    .digest('base64url')
    .slice(0, KEY_LENGTH);
}

/** SPEC §3: the room's key of the day, for a date (YYYY-MM-DD) at the school. */
export function dayKey(secret: string, date: string): string {
  return code(secret, `day:${date}`);
}

/** The code a room with a screen shows during one minute (minutes since 1970, UTC). */
export function minuteCode(secret: string, minute: number): string {
  return code(secret, `minute:${minute}`);
}

/**
 * The keys a scan may carry now. A room with a screen accepts only its minute codes, this one
 * and the previous one (a code read just before the minute turns, or a phone's clock a little
 * off); it does not accept the key of the day, which a student could pass on all day. A room
 * without a screen accepts today's key.
 */
function acceptedKeys(tag: { secret: string; rotating: number }, now: number): string[] {
  if (tag.rotating === 1) {
    const minute = Math.floor(now / MINUTE_MS);
    return [minuteCode(tag.secret, minute), minuteCode(tag.secret, minute - 1)];
  }
  return [dayKey(tag.secret, todayInSchoolZone(new Date(now)))];
}

/** The accepted key the scan carries, compared in constant time; undefined when none matches. */
function matchingKey(accepted: readonly string[], key: string): string | undefined {
  const given = Buffer.from(key);
  return accepted.find((candidate) => {
    const expected = Buffer.from(candidate);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

function scanUrl(publicUrl: string, roomId: string, key: string): string {
  return `${publicUrl}/app/scan?room=${encodeURIComponent(roomId)}&key=${encodeURIComponent(key)}`;
}

function view(
  publicUrl: string,
  tag: { room_id: string; secret: string; rotating: number; created_at: string },
  now: number,
): RoomTag {
  const date = todayInSchoolZone(new Date(now));
  const keyOfTheDay = dayKey(tag.secret, date);
  const rotating = tag.rotating === 1;
  const minute = Math.floor(now / MINUTE_MS);
  const current = rotating ? minuteCode(tag.secret, minute) : null;
  return {
    roomId: tag.room_id,
    rotating,
    date,
    keyOfTheDay,
    scanUrl: scanUrl(publicUrl, tag.room_id, current ?? keyOfTheDay),
    minuteCode: current,
    secondsLeft: rotating ? Math.ceil(((minute + 1) * MINUTE_MS - now) / 1000) : null,
    createdAt: tag.created_at,
  };
}

async function roomOf(db: Queryable, schoolId: string, roomId: string) {
  const room = await findRoom(db, schoolId, roomId);
  if (!room) throw new ProblemError('not-found');
  return room;
}

async function tagOf(db: Queryable, schoolId: string, roomId: string) {
  await roomOf(db, schoolId, roomId);
  const tag = await findTag(db, schoolId, roomId);
  // SPEC §8: 'Det ser ut som rommet ikke har en registrert NFC-tag ennå.'
  if (!tag) throw new ProblemError('room-without-tag');
  return tag;
}

export async function roomTag(
  deps: Deps & Pick<AppContext, 'config'>,
  schoolId: string,
  roomId: string,
): Promise<RoomTag> {
  const tag = await tagOf(deps.database.db, schoolId, roomId);
  return view(deps.config.publicUrl, tag, tagClock.now());
}

/**
 * What a room's info screen shows for checking in (docs/decisions/024-info-screens.md): the scan
 * link with this minute's code, and when the next code takes over. Only a room whose tag
 * rotates has one: a printed key of the day on a screen could be photographed and passed on
 * all day. Undefined for a room without a tag, or with a printed one.
 */
export async function rotatingCheckIn(
  deps: Pick<AppContext, 'database' | 'config'>,
  schoolId: string,
  roomId: string,
): Promise<{ link: string; validUntil: string } | undefined> {
  const tag = await findTag(deps.database.db, schoolId, roomId);
  if (!tag || tag.rotating !== 1) return undefined;
  const now = tagClock.now();
  const minute = Math.floor(now / MINUTE_MS);
  return {
    link: scanUrl(deps.config.publicUrl, roomId, minuteCode(tag.secret, minute)),
    validUntil: new Date((minute + 1) * MINUTE_MS).toISOString(),
  };
}

/** Registers the room's tag, or renews it: a new secret, so every code made before stops working. */
export async function createTag(
  deps: Deps & Pick<AppContext, 'config'>,
  actor: Actor,
  roomId: string,
  input: { rotating: boolean },
): Promise<{ created: boolean; tag: RoomTag }> {
  const { schoolId } = actor;
  return write(deps, schoolId, async (trx, publish) => {
    await roomOf(trx, schoolId, roomId);
    const before = await findTag(trx, schoolId, roomId);
    const row = {
      room_id: roomId,
      school_id: schoolId,
      secret: randomBytes(32).toString('base64url'),
      rotating: input.rotating ? 1 : 0,
      created_at: new Date(tagClock.now()).toISOString(),
    };
    await putTag(trx, row);
    await recordAudit(trx, {
      schoolId,
      actorPersonId: actor.personId,
      action: before ? 'renew' : 'create',
      entity: 'room_tag',
      entityId: roomId,
      // Never the secret: the audit is read by people who must not be able to make keys.
      before: before ? { rotating: before.rotating === 1, createdAt: before.created_at } : undefined,
      after: { rotating: input.rotating, createdAt: row.created_at },
    });
    publish('rooms', [roomId]);
    return { created: !before, tag: view(deps.config.publicUrl, row, tagClock.now()) };
  });
}

/**
 * Switches between a printed tag and a screen, keeping the secret: a printed code of today keeps
 * working if the room goes back to being without a screen the same day.
 */
export async function changeTag(
  deps: Deps & Pick<AppContext, 'config'>,
  actor: Actor,
  roomId: string,
  input: { rotating: boolean },
): Promise<RoomTag> {
  const { schoolId } = actor;
  return write(deps, schoolId, async (trx, publish) => {
    const before = await tagOf(trx, schoolId, roomId);
    const after = { ...before, rotating: input.rotating ? 1 : 0 };
    if (after.rotating !== before.rotating) {
      await setRotating(trx, schoolId, roomId, input.rotating);
      await recordAudit(trx, {
        schoolId,
        actorPersonId: actor.personId,
        action: 'update',
        entity: 'room_tag',
        entityId: roomId,
        before: { rotating: before.rotating === 1 },
        after: { rotating: input.rotating },
      });
      publish('rooms', [roomId]);
    }
    return view(deps.config.publicUrl, after, tagClock.now());
  });
}

export async function removeTag(deps: Deps, actor: Actor, roomId: string): Promise<void> {
  const { schoolId } = actor;
  await write(deps, schoolId, async (trx, publish) => {
    const before = await tagOf(trx, schoolId, roomId);
    await deleteTag(trx, schoolId, roomId);
    await recordAudit(trx, {
      schoolId,
      actorPersonId: actor.personId,
      action: 'delete',
      entity: 'room_tag',
      entityId: roomId,
      before: { rotating: before.rotating === 1, createdAt: before.created_at },
    });
    publish('rooms', [roomId]);
  });
}

// ---------------------------------------------------------------------------------------------
// Scanning

const eventSummary = (event: CalendarEvent): ScanTooEarly['event'] => ({
  id: event.id,
  name: event.name,
  start: event.start,
  end: event.end,
});

const clockTime = schoolDateTimeFormat('nb-NO', { hour: '2-digit', minute: '2-digit' });

/** 409 scan-too-early, saying which event and from when a scan counts. */
export class ScanTooEarlyError extends ProblemError {
  constructor(
    readonly event: ReturnType<typeof eventSummary>,
    readonly opensAt: string,
  ) {
    super(
      'scan-too-early',
      `«${event.name}» starter kl. ${clockTime.format(new Date(event.start))}. ` +
        `Du kan registrere deg fra kl. ${clockTime.format(new Date(opensAt))}.`,
    );
  }
}

/**
 * Of the events in the room the student is expected at, the one whose scan window (10 minutes
 * before the start until the end, both included) holds now. When two do (one ending as the next begins), the
 * later one: a student scanning then is arriving, not leaving.
 */
function eventToScan(
  roomEvents: readonly CalendarEvent[],
  targets: ReadonlySet<string>,
  key: string,
  now: number,
): CalendarEvent {
  const events = roomEvents.filter(
    (event) => Date.parse(event.end) >= now && Date.parse(event.start) < now + TOO_EARLY_HORIZON_MS,
  );
  const expectedAt = (event: CalendarEvent) => isEventFor(event, targets);

  const open = events
    .filter(
      (event) =>
        tagScanStatus(
          { key, at: now },
          { keyOfTheDay: key },
          { start: Date.parse(event.start), end: Date.parse(event.end) },
        ) === 'attending',
    )
    .sort((a, b) => Date.parse(b.start) - Date.parse(a.start));
  for (const event of open) if (expectedAt(event)) return event;

  const upcoming = events.filter((event) => Date.parse(event.start) - TAG_SCAN_BUFFER_MS > now);
  for (const event of upcoming) {
    if (expectedAt(event)) {
      const opensAt = new Date(Date.parse(event.start) - TAG_SCAN_BUFFER_MS).toISOString();
      throw new ScanTooEarlyError(eventSummary(event), opensAt);
    }
  }
  throw new ProblemError('scan-no-event');
}

/**
 * A student's scan of a room's tag (SPEC §4): with a key the room accepts now, inside the window
 * of an event there they are expected at, their tag status becomes attending. Otherwise nothing
 * is written and the answer says why. Scanning again changes nothing.
 */
export async function scan(
  deps: Deps,
  actor: Actor,
  input: { roomId: string; key: string },
  cache?: AnswerCache,
): Promise<ScanResult> {
  const { schoolId } = actor;
  // SPEC §3: people without roles are students; only their attendance is taken.
  if (actor.roles.length > 0) throw new ProblemError('forbidden');
  const now = tagClock.now();
  const { db } = deps.database;
  // A class scans in within a minute or two: the room's tag, its events of the day and each
  // student's groups are kept until something they depend on changes (live/answer-cache.ts).
  const kept = <T>(key: string, make: () => Promise<T>) =>
    cache ? cache.value(schoolId, key, make) : make();
  const tag = await kept(`tag|${input.roomId}`, () => tagOf(db, schoolId, input.roomId));
  const key = matchingKey(acceptedKeys(tag, now), input.key);
  if (key === undefined) throw new ProblemError('scan-key-invalid');

  // Which event is read outside the write, from the cached calendar: a class arriving together
  // must not queue behind each other's calendar reads, only behind the short write itself.
  const date = todayInSchoolZone(new Date(now));
  const roomToday = await kept(`room-day|${input.roomId}|${date}`, () =>
    listCalendar(db, schoolId, {
      // The calendar gives events that end after `from`; one ending at midnight is still open
      // at midnight (SPEC §4: the end counts), so the range starts a millisecond before.
      from: schoolDayStart(date) - 1,
      // Until two hours into tomorrow, so a scan late in the evening still sees what is next.
      to: schoolDayStart(addDays(date, 1)) + TOO_EARLY_HORIZON_MS,
      filter: { kind: 'room', id: input.roomId },
    }),
  );
  const targets = await kept(`targets|${actor.personId}`, () =>
    targetsOfPerson(db, schoolId, actor.personId),
  );
  const event = eventToScan(roomToday, targets, key, now);
  const before = await findRecord(db, schoolId, event.id, actor.personId);
  // Scanning again changes nothing, so it writes nothing.
  if (before?.nfc_status === 'attending') {
    return { event: eventSummary(event), status: before.status as AttendanceStatus };
  }
  return write(deps, schoolId, async (trx, publish) => {
    await writeStatuses(trx, actor, event, [{ studentId: actor.personId, nfcStatus: 'attending' }], publish);
    const record = await findRecord(trx, schoolId, event.id, actor.personId);
    return { event: eventSummary(event), status: (record?.status ?? 'attending') as AttendanceStatus };
  });
}
