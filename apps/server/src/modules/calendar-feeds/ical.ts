/**
 * The iCal text of a feed (RFC 5545), built with ical-generator. Pure: events in, text out.
 * Times are written as Europe/Oslo wall-clock times with a VTIMEZONE, so a calendar app shows
 * an 08:30 lesson at 08:30 on both sides of a daylight-saving change, wherever the server runs.
 */
import { TZDate } from '@date-fns/tz';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { CALENDAR_RANGE_MAX_MS, SCHOOL_TIME_ZONE, type CalendarEvent, type EventType } from '@tun/shared';

const DAY_MS = 24 * 60 * 60 * 1000;
/** What a feed shows: the last month (for looking back) and the rest of a school half-year. */
export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 180;
/** How often calendar apps that honour it should fetch again; changes at a school are rarely urgent. */
const REFRESH_SECONDS = 30 * 60;

/** The catalogs are the web app's; the feed is read outside it, in Norwegian (SPEC §9 names). */
export const EVENT_TYPE_NB: Record<EventType, string> = {
  dining: 'Mat/Måltid',
  elective: 'Valgfag',
  class: 'Linjefag',
  physact: 'Aktivitet',
  none: 'Generell',
};
const MANDATORY_NB = 'Obligatorisk';

// Control characters other than tab and line breaks have no place in iCal TEXT (RFC 5545 §3.1).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** Text without the control characters iCal does not allow; line breaks stay, for the escaping. */
export function icalSafeText(value: string): string {
  return value.replace(CONTROL_CHARACTERS, '');
}

/**
 * A TEXT value escaped as RFC 5545 §3.3.11 asks: backslash, semicolon, comma and line breaks.
 * ical-generator does this for the event's fields but writes the calendar's name as it gets it.
 */
export function escapeICalText(value: string): string {
  return icalSafeText(value)
    .replace(/[\\;,]/g, (character) => `\\${character}`)
    .replace(/\r\n|\r|\n|\u2028|\u2029/g, '\\n');
}

/** The feed's range as slices no longer than one calendar request may ask for. */
export function feedRange(now: number): { from: number; to: number }[] {
  const end = now + FEED_DAYS_AHEAD * DAY_MS;
  const slices: { from: number; to: number }[] = [];
  for (let from = now - FEED_DAYS_BACK * DAY_MS; from < end; from += CALENDAR_RANGE_MAX_MS) {
    slices.push({ from, to: Math.min(end, from + CALENDAR_RANGE_MAX_MS) });
  }
  return slices;
}

const vtimezones = new Map<string, string | null>();

/**
 * The VTIMEZONE block of a zone. timezones-ical-library answers for a zone that the tz database
 * links to another (Europe/Oslo → Europe/Berlin, same rules) with the other zone's TZID, which
 * would leave our TZID=Europe/Oslo unresolved in calendar apps; so the id is put back.
 */
export function vtimezone(zone: string): string | null {
  if (!vtimezones.has(zone)) {
    const block = tzlib_get_ical_block(zone);
    const text = Array.isArray(block) ? block[0] : undefined;
    vtimezones.set(
      zone,
      text
        ? text.replace(/^TZID:.*$/m, `TZID:${zone}`).replace(/^X-LIC-LOCATION:.*$/m, `X-LIC-LOCATION:${zone}`)
        : null,
    );
  }
  return vtimezones.get(zone) ?? null;
}

export function eventDescription(event: Pick<CalendarEvent, 'type' | 'mandatory'>): string {
  return event.mandatory ? `${EVENT_TYPE_NB[event.type]}\n${MANDATORY_NB}` : EVENT_TYPE_NB[event.type];
}

/**
 * The UID a calendar app keys an event by. An event that overrides a schedule occurrence keeps
 * the occurrence's UID, so the app shows the lesson as moved or changed, not as one deleted and
 * another added; reverting the override gives the same UID back.
 */
export function eventUid(event: Pick<CalendarEvent, 'id' | 'overrides'>): string {
  return `${event.overrides ?? event.id}@tun`;
}

export function buildICalendar(input: {
  name: string;
  events: readonly CalendarEvent[];
  roomNames: ReadonlyMap<string, string>;
  now: number;
}): string {
  const calendar = ical({
    name: escapeICalText(input.name),
    prodId: { company: 'Tun', product: 'Kalender', language: 'NB' },
    method: ICalCalendarMethod.PUBLISH,
    // Without a calendar-wide zone name: ical-generator would then write DTSTAMP as a local
    // time without 'Z' (RFC 5545 wants UTC). Each event names the zone; the generator adds the
    // VTIMEZONE for every zone the events use.
    timezone: { name: null, generator: vtimezone },
    ttl: REFRESH_SECONDS,
  });
  const seen = new Set<string>();
  for (const event of input.events) {
    const uid = eventUid(event);
    if (seen.has(uid)) continue;
    seen.add(uid);
    calendar.createEvent({
      id: uid,
      // ical-generator escapes these fields itself (RFC 5545 §3.3.11); only what it lets through is removed here.
      summary: icalSafeText(event.name),
      // TZDate, not Date: ical-generator writes a zoned Date's fields in the process's own zone.
      start: new TZDate(Date.parse(event.start), SCHOOL_TIME_ZONE),
      end: new TZDate(Date.parse(event.end), SCHOOL_TIME_ZONE),
      timezone: SCHOOL_TIME_ZONE,
      stamp: new Date(input.now),
      location:
        icalSafeText((event.roomUsed === null ? undefined : input.roomNames.get(event.roomUsed)) ?? '') ||
        null,
      description: eventDescription(event),
    });
  }
  return calendar.toString();
}
