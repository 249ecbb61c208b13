/**
 * What a scholar proposes and what an approver reads, as pure functions: which students an event
 * expects, the marks the scholar has set, and the body sent to the server.
 *
 * A student the scholar has not marked is sent without a status (null), not as absent: when the
 * proposal is approved, absence registered in advance or a tag scan then still decides for them
 * (SPEC §4), which the scholar cannot see. Only a status the scholar chose becomes the manual one.
 */
import type { AttendanceSheetInput, PreliminaryList, Proposal } from '@tun/shared/attendance';
import { ATTENDANCE_STATUSES, type AttendanceStatus } from '@tun/shared/attendance-status';
import type { CalendarEvent } from '@tun/shared/calendar';
import { shortFullName } from '@tun/shared/names';
import type { Person } from '@tun/shared/people';
import { addDays, schoolDatesToInstants, todayInSchoolZone } from '@tun/shared/time';

/** How far back a scholar may pick an event: a week, so that yesterday's evening activity is there. */
export const RECENT_DAYS = 7;

/** What the scholar set for one student; a field not set is not chosen yet. */
export interface StudentMark {
  status?: AttendanceStatus | null;
  note?: string;
}

export type Marks = Readonly<Record<string, StudentMark>>;

export interface ExpectedStudent {
  id: string;
  name: string;
}

/** A status, or none chosen; counted apart so the scholar sees who is left. */
export type MarkKey = AttendanceStatus | 'unmarked';

/** Today and the days before it, newest first, as school dates (YYYY-MM-DD). */
export function recentDays(today: string, count = RECENT_DAYS): string[] {
  return Array.from({ length: count + 1 }, (_, index) => addDays(today, -index));
}

/** From the first moment of the oldest recent day to the end of today at the school, as ISO instants. */
export function recentRange(today: string, count = RECENT_DAYS): { from: string; to: string } {
  return schoolDatesToInstants(addDays(today, -count), today);
}

/** The school date an event starts on. */
export function schoolDateOf(instant: string): string {
  return todayInSchoolZone(new Date(instant));
}

/** The events that start on a school date, by time (then name, so equal times keep one order). */
export function eventsOfDay(events: readonly CalendarEvent[], date: string): CalendarEvent[] {
  return events
    .filter((event) => schoolDateOf(event.start) === date)
    .sort((a, b) => a.start.localeCompare(b.start) || a.name.localeCompare(b.name, 'nb'));
}

interface Members {
  people: readonly Person[];
  electives: readonly { id: string; members: readonly string[] }[];
  groups: readonly { id: string; members: readonly string[] }[];
}

/** People in the order of the teacher's sheet: by last name, then first name. */
export function byLastName(
  a: Pick<Person, 'id' | 'name'>,
  b: Pick<Person, 'id' | 'name'>,
  locale: string,
): number {
  return (
    a.name.last.localeCompare(b.name.last, locale) ||
    a.name.first.localeCompare(b.name.first, locale) ||
    (a.name.middle ?? '').localeCompare(b.name.middle ?? '', locale) ||
    a.id.localeCompare(b.id)
  );
}

/**
 * The students an event expects, as the server counts them: members of its lines (a person's
 * memberOf), electives and groups; every student when it is for the whole school (no groups).
 * Students are people with no roles (SPEC §3). In the order of the teacher's sheet.
 */
export function expectedStudents(
  groupsAttending: readonly string[],
  { people, electives, groups }: Members,
  locale: string,
): ExpectedStudent[] {
  const attending = new Set(groupsAttending);
  const inGroups = new Set<string>();
  for (const list of [electives, groups]) {
    for (const item of list) if (attending.has(item.id)) for (const id of item.members) inGroups.add(id);
  }
  return people
    .filter(
      (person) =>
        person.roles.length === 0 &&
        (attending.size === 0 ||
          inGroups.has(person.id) ||
          person.memberOf.some((lineId) => attending.has(lineId))),
    )
    .sort((a, b) => byLastName(a, b, locale))
    .map((person) => ({ id: person.id, name: shortFullName(person.name) }));
}

/** The status a student shows: the scholar's choice, else none. */
export function markOf(marks: Marks, studentId: string): AttendanceStatus | null {
  return marks[studentId]?.status ?? null;
}

export function withMark(marks: Marks, studentId: string, change: StudentMark): Marks {
  return { ...marks, [studentId]: { ...marks[studentId], ...change } };
}

/** «Alle til stede»: everyone attending, notes kept. */
export function markAll(students: readonly ExpectedStudent[], marks: Marks, status: AttendanceStatus): Marks {
  const next: Record<string, StudentMark> = { ...marks };
  for (const student of students) next[student.id] = { ...marks[student.id], status };
  return next;
}

function normalizedNote(note: string | undefined): string | null {
  const trimmed = note?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** The PUT body: every expected student, with the status chosen (or none) and the note. */
export function proposalInput(students: readonly ExpectedStudent[], marks: Marks): AttendanceSheetInput {
  return {
    records: students.map((student) => ({
      studentId: student.id,
      manualStatus: markOf(marks, student.id),
      note: normalizedNote(marks[student.id]?.note),
    })),
  };
}

/** A proposal sent before, as marks to go on from. */
export function marksFromProposal(proposal: Pick<Proposal, 'records'> | undefined): Marks {
  const marks: Record<string, StudentMark> = {};
  for (const record of proposal?.records ?? []) {
    marks[record.studentId] = { status: record.manualStatus, note: record.note ?? '' };
  }
  return marks;
}

function emptyCounts(): Record<MarkKey, number> {
  const counts = { unmarked: 0 } as Record<MarkKey, number>;
  for (const status of ATTENDANCE_STATUSES) counts[status] = 0;
  return counts;
}

/** How many students have each status, and how many none, on the scholar's sheet. */
export function markCounts(students: readonly ExpectedStudent[], marks: Marks): Record<MarkKey, number> {
  const counts = emptyCounts();
  for (const student of students) counts[markOf(marks, student.id) ?? 'unmarked'] += 1;
  return counts;
}

/** The same counts for a proposal's records, for the approver's summary. */
export function recordCounts(records: Proposal['records']): Record<MarkKey, number> {
  const counts = emptyCounts();
  for (const record of records) counts[record.manualStatus ?? 'unmarked'] += 1;
  return counts;
}

/**
 * Absence registered in advance that applies to an event: for the event itself, else for its
 * whole day (the more precise wins, as on the server).
 */
export function preliminaryByStudent(
  list: PreliminaryList | undefined,
  event: Pick<CalendarEvent, 'id' | 'start'>,
): Map<string, AttendanceStatus> {
  const result = new Map<string, AttendanceStatus>();
  if (!list) return result;
  const date = schoolDateOf(event.start);
  for (const day of list.days) if (day.date === date) result.set(day.studentId, day.preliminaryStatus);
  for (const one of list.events)
    if (one.eventId === event.id) result.set(one.studentId, one.preliminaryStatus);
  return result;
}

/** The proposals the page shows, one page at a time (history can hold hundreds). */
export function pageOf<T>(items: readonly T[], page: number, size: number): T[] {
  return items.slice((page - 1) * size, page * size);
}

/** Names and sheet order of everyone, to show a proposal's records the way the sheet lists them. */
export function peopleIndex(
  people: readonly Person[],
  locale: string,
): { names: Map<string, string>; order: Map<string, number> } {
  const sorted = [...people].sort((a, b) => byLastName(a, b, locale));
  return {
    names: new Map(sorted.map((person) => [person.id, shortFullName(person.name)])),
    order: new Map(sorted.map((person, index) => [person.id, index])),
  };
}

/** Records in sheet order; people no longer known last, by id. */
export function sortedRecords(
  records: Proposal['records'],
  order: ReadonlyMap<string, number>,
): Proposal['records'] {
  const position = (id: string) => order.get(id) ?? Number.MAX_SAFE_INTEGER;
  return [...records].sort(
    (a, b) => position(a.studentId) - position(b.studentId) || a.studentId.localeCompare(b.studentId),
  );
}

/**
 * The students a refused proposal names (problem+json errors such as
 * 'body.records.3.studentId'), with the server's message, so the scholar sees whom it is about.
 */
export function recordErrors(
  errors: readonly { path: string; message: string }[] | undefined,
  students: readonly ExpectedStudent[],
): { studentId: string | null; name: string | null; message: string }[] {
  return (errors ?? []).map((error) => {
    const match = /^body[./]records[./](\d+)(?:[./]|$)/.exec(error.path);
    const student = match ? students[Number(match[1])] : undefined;
    return { studentId: student?.id ?? null, name: student?.name ?? null, message: error.message };
  });
}

/** Students whose name holds every word typed, ignoring case and accents (so «a» finds «Åse» too). */
export function filterStudents(students: readonly ExpectedStudent[], query: string): ExpectedStudent[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...students];
  return students.filter((student) => {
    const name = fold(student.name);
    return words.every((word) => name.includes(word));
  });
}

function fold(text: string): string {
  return text
    .toLocaleLowerCase('nb')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}
