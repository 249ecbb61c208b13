import {
  ATTENDANCE_MESSAGES,
  attendanceId,
  effectiveStatus,
  EVENT_DURATION_MAX_MS,
  isCurrentPerson,
  mayViewAbsence,
  schoolDatesToInstants,
  shortFullName,
  studentMissingError,
  sheetPoliciesOf,
  todayInSchoolZone,
  type AttendanceSheet,
  type AttendanceSheetNames,
  type AttendanceStatus,
  type CalendarEvent,
  type Problem,
} from '@tun/shared';
import type { RequestPrincipal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { nowIso, type Queryable, type Trx } from '../../db/database';
import type { AttendanceTable } from '../../db/schema';
import { write, type Publish } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { enqueueWarningsCheck } from '../../jobs/job-queue';
import { JsonBytes, type AnswerCache } from '../../live/answer-cache';
import { auditOfEntity, recordAudits } from '../audit/audit.service';
import { isLine } from '../lines/lines.service';
import { findCalendarEvent } from '../calendar/calendar.service';
import { approvedLeaveBetween, leaveCovers, type ApprovedLeave } from '../leave/leave-periods.service';
import {
  deletePreliminary,
  deletePreliminaryDay,
  deleteRecords,
  expectedStudents,
  findPreliminary,
  findPreliminaryDay,
  findRegistration,
  insertPreliminary,
  insertPreliminaryDay,
  lineRecordsBetween,
  namedPeople,
  placeNames,
  preliminaryBetween,
  preliminaryOfStudentsBetween,
  recordExists,
  recordsOfEvent,
  recordsOfStudentsBetween,
  replaceRegistration,
  sheetRecordsOfEvent,
  studentEventsBetween,
  studentRecordsBetween,
  studentsOrScholarsAmong,
  toRecord,
  toSheetRecord,
  updatePreliminary,
  updatePreliminaryDay,
  upsertRecords,
} from './attendance.repository';
import * as repository from './attendance.repository';

type Deps = Pick<AppContext, 'database' | 'live'>;
export type Actor = Pick<RequestPrincipal, 'schoolId' | 'personId' | 'roles'>;

/** The event of an attendance record; SPEC §8 'Event listed in attendance does not exist!'. */
export async function loadEvent(db: Queryable, schoolId: string, eventId: string): Promise<CalendarEvent> {
  try {
    return await findCalendarEvent(db, schoolId, eventId);
  } catch (error) {
    if (error instanceof ProblemError && error.code === 'event-not-found') {
      throw new ProblemError('event-not-found', ATTENDANCE_MESSAGES.eventMissing);
    }
    throw error;
  }
}

/** Minutes an event counts for (SPEC §3 eventDuration). */
export function eventMinutes(event: Pick<CalendarEvent, 'start' | 'end'>): number {
  return Math.round((Date.parse(event.end) - Date.parse(event.start)) / 60_000);
}

/** Students (people without roles) of the school among these ids. */
export async function studentsAmong(
  db: Queryable,
  schoolId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  return repository.studentsAmong(db, schoolId, ids);
}

/** One student's record of an event, as stored, if there is one. */
export async function findRecord(db: Queryable, schoolId: string, eventId: string, studentId: string) {
  return repository.findRecord(db, schoolId, eventId, studentId);
}

/** SPEC §7 eventAttendRegs/{eventId}: who saved the sheet, and when (now), in the caller's transaction. */
export async function putRegistration(
  trx: Queryable,
  schoolId: string,
  eventId: string,
  registeredBy: string,
): Promise<void> {
  await repository.putRegistration(trx, schoolId, eventId, registeredBy);
}

/** The school day an event belongs to, for absence registered for whole days. */
export function schoolDateOf(event: Pick<CalendarEvent, 'start'>): string {
  return todayInSchoolZone(new Date(event.start));
}

export interface Preliminary {
  status: AttendanceStatus;
  note: string | null;
  by: string | null;
}

/** An instant in the one UTC form that stored instants are compared in as text. */
const utc = (instant: string) => new Date(instant).toISOString();

/** What an approved leave is as absence in advance: its status, its note, and who approved it. */
const leavePreliminary = (leave: ApprovedLeave): Preliminary => ({
  status: leave.status,
  note: leave.note,
  by: leave.decidedBy,
});

/**
 * Absence registered in advance for these students at the event, from its three sources: a
 * registration for the event itself wins over one for its whole school day, which wins over an
 * approved leave overlapping the event (decision 027). A fixed number of queries.
 */
export async function preliminaryFor(
  db: Queryable,
  schoolId: string,
  event: Pick<CalendarEvent, 'id' | 'start' | 'end'>,
  studentIds?: readonly string[],
): Promise<Map<string, Preliminary>> {
  if (studentIds?.length === 0) return new Map();
  const [registered, leaves] = await Promise.all([
    repository.preliminaryFor(db, schoolId, { id: event.id, date: schoolDateOf(event) }, studentIds),
    approvedLeaveBetween(db, schoolId, { from: utc(event.start), to: utc(event.end) }, studentIds),
  ]);
  const result = new Map<string, Preliminary>();
  for (const leave of leaves) {
    if (!result.has(leave.studentId)) result.set(leave.studentId, leavePreliminary(leave));
  }
  for (const [studentId, early] of registered) result.set(studentId, early);
  return result;
}

/**
 * expectedStudents, kept by the groups and the day (a student who left is expected until then):
 * who is expected changes only with people and memberships, so a kept list outlives the
 * attendance writes and calendar edits that make the sheets' own answers go. The cache must
 * follow the people, line, elective and group topics.
 */
function expectedStudentsKept(
  members: AnswerCache,
  db: Queryable,
  schoolId: string,
  event: Pick<CalendarEvent, 'groupsAttending' | 'start'>,
): Promise<string[]> {
  const groups = [...event.groupsAttending].sort().join(',');
  return members.value(schoolId, `expected|${schoolDateOf(event)}|${groups}`, () =>
    expectedStudents(db, schoolId, event),
  );
}

/**
 * What a sheet is made of besides its records, kept apart from the sheets' answers, which every
 * save and scan lets go: without them, every sheet made anew would read the whole school's names
 * and members, and its event and absence in advance again.
 */
export interface SheetParts {
  /**
   * Who is expected at an event's groups on its day (`expectedStudentsKept`) and the school's
   * names (`schoolNames`). Must follow the people, rooms, lines, electives and groups topics.
   */
  members: AnswerCache;
  /**
   * An event and the absence registered in advance for it (`eventWithPreliminaryKept`). Must
   * follow the calendar base's topics, people, absence in advance and leave.
   */
  events: AnswerCache;
}

/**
 * The event and its absence in advance, kept by the event: they change with the calendar and with
 * absence registered in advance or leave, not with the saves and scans that let a sheet go, so a
 * sheet made anew after a save reads only its records and registration.
 */
function eventWithPreliminaryKept(
  events: AnswerCache,
  db: Queryable,
  schoolId: string,
  eventId: string,
): Promise<{ event: CalendarEvent; preliminary: ReadonlyMap<string, Preliminary> }> {
  return events.value(schoolId, `event|${eventId}`, async () => {
    const event = await loadEvent(db, schoolId, eventId);
    return { event, preliminary: await preliminaryFor(db, schoolId, event) };
  });
}

/** The sheet and what it names, before they are written out. */
interface SheetMade extends Omit<AttendanceSheetNames, 'people'> {
  sheet: Omit<AttendanceSheet, 'names'>;
  people: NamedPerson[];
}

interface NamedPerson {
  id: string;
  person: PersonName;
  former: AttendanceSheetNames['people'][string]['former'];
}

/**
 * The sheet of an event: every student expected, and anyone else with a record, with the
 * effective status. Someone who may see only their own absence gets only their own row. The
 * sheet carries the names it shows, of those only what the rows given show.
 */
async function makeSheet(db: Queryable, actor: Actor, eventId: string, kept: SheetParts): Promise<SheetMade> {
  const { schoolId } = actor;
  // An overridden occurrence is asked for by its own id; its records are kept by the override's.
  const { event, preliminary } = await eventWithPreliminaryKept(kept.events, db, schoolId, eventId);
  const [expected, records, registration, known] = await Promise.all([
    expectedStudentsKept(kept.members, db, schoolId, event),
    sheetRecordsOfEvent(db, schoolId, event.id),
    findRegistration(db, schoolId, event.id),
    schoolNames(db, schoolId, kept.members),
  ]);
  const byStudent = new Map(records.map((row) => [row.student_id, row]));
  const students = [...new Set([...expected, ...records.map((row) => row.student_id)])];
  const visible = students.filter((id) => mayViewAbsence(actor, id));
  const sheet = {
    eventId: event.id,
    registration: registration ? { registeredBy: registration.registered_by, date: registration.date } : null,
    rows: visible.map((studentId) => {
      const row = byStudent.get(studentId);
      const early = preliminary.get(studentId) ?? null;
      return {
        studentId,
        record: row ? toSheetRecord(row) : null,
        preliminary: early,
        status: row
          ? (row.status as AttendanceStatus)
          : effectiveStatus({ preliminaryStatus: early?.status }),
      };
    }),
    policies: sheetPoliciesOf(actor),
  };
  const named = peopleNamedIn(sheet);
  // Someone added since the names were kept, and not yet announced here (another instance's
  // change on its way): read on their own.
  const unknown = named.filter((id) => !known.people.has(id));
  const added = personNames(await namedPeople(db, schoolId, unknown));
  return { sheet, ...sheetNames(named, event, known, added) };
}

/** The sheet of an event (`makeSheet`), as the PUT answers it. */
export async function attendanceSheet(
  db: Queryable,
  actor: Actor,
  eventId: string,
  kept: SheetParts,
): Promise<AttendanceSheet> {
  const { sheet, people, room, attendees } = await makeSheet(db, actor, eventId, kept);
  const names = Object.fromEntries(
    people.map(({ id, person, former }) => [id, { name: person.name, former }]),
  );
  return { ...sheet, names: { people: names, room, attendees } };
}

/**
 * The sheet of an event as JSON bytes, for the answer cache: the same JSON as `attendanceSheet`,
 * with each person's entry among the names written and encoded once while the school's names are
 * kept. A sheet is made anew after every save and scan, and its names (about half its bytes, not
 * all ASCII) were written and encoded again each time (decision 031).
 */
export async function attendanceSheetJson(
  db: Queryable,
  actor: Actor,
  eventId: string,
  kept: SheetParts,
): Promise<JsonBytes> {
  const { sheet, people, room, attendees } = await makeSheet(db, actor, eventId, kept);
  return JsonBytes.join(
    `${JSON.stringify(sheet).slice(0, -1)},"names":{"people":{`,
    people.map((named) => [personEntry(named)]),
    `},"room":${JSON.stringify(room)},"attendees":${JSON.stringify(attendees)}}}`,
  );
}

/** Each kept person's entry among a sheet's names, as JSON bytes, with the `former` it was written for. */
const personEntries = new WeakMap<PersonName, { former: NamedPerson['former']; bytes: Buffer }>();

function personEntry({ id, person, former }: NamedPerson): Buffer {
  const kept = personEntries.get(person);
  if (kept !== undefined && kept.former === former) return kept.bytes;
  const bytes = Buffer.from(`${JSON.stringify(id)}:${JSON.stringify({ name: person.name, former })}`);
  personEntries.set(person, { former, bytes });
  return bytes;
}

interface PersonName {
  name: string;
  leftOn: string | null;
  staff: boolean;
}

type PersonNames = Map<string, PersonName>;

interface SchoolNames {
  people: PersonNames;
  places: Map<string, { kind: 'room' | 'group'; name: string }>;
}

function personNames(rows: Awaited<ReturnType<typeof namedPeople>>): PersonNames {
  return new Map(
    rows.map((row) => [
      row.id,
      {
        name: shortFullName({ first: row.first_name, middle: row.middle_name, last: row.last_name }),
        leftOn: row.left_on,
        staff: Boolean(row.staff),
      },
    ]),
  );
}

/**
 * The names of the school's people, rooms, lines, electives and groups, kept with who is expected
 * (the cache follows all of those topics): a sheet made anew after every save then costs no query
 * for its names.
 */
function schoolNames(db: Queryable, schoolId: string, members: AnswerCache): Promise<SchoolNames> {
  return members.value(schoolId, 'names', async () => {
    const [people, places] = await Promise.all([namedPeople(db, schoolId), placeNames(db, schoolId)]);
    return { people: personNames(people), places: new Map(places.map((place) => [place.id, place])) };
  });
}

/**
 * What the sheet names, of those only what its rows show: short full names, and whether each has
 * left the school, as the web marks it (a student has no roles); the room; the attendees.
 */
function sheetNames(
  named: readonly string[],
  event: Pick<CalendarEvent, 'roomUsed' | 'groupsAttending'>,
  known: SchoolNames,
  added: PersonNames,
): Omit<SheetMade, 'sheet'> {
  const today = todayInSchoolZone();
  const people: NamedPerson[] = [];
  for (const id of named) {
    const person = known.people.get(id) ?? added.get(id);
    if (!person) continue;
    const current = isCurrentPerson({ leftOn: person.leftOn }, today);
    people.push({ id, person, former: current ? null : person.staff ? 'staff' : 'student' });
  }
  const placeName = (id: string, kind: 'room' | 'group') => {
    const place = known.places.get(id);
    return place?.kind === kind ? place.name : null;
  };
  return {
    people,
    room: event.roomUsed === null ? null : placeName(event.roomUsed, 'room'),
    attendees: event.groupsAttending.map((id) => placeName(id, 'group')),
  };
}

/** Everyone the sheet's registration and rows name: students, who saved, who registered. */
function peopleNamedIn(sheet: Pick<AttendanceSheet, 'registration' | 'rows'>): string[] {
  const ids = new Set<string>();
  const add = (id: string | null | undefined) => {
    if (id) ids.add(id);
  };
  add(sheet.registration?.registeredBy);
  for (const row of sheet.rows) {
    add(row.studentId);
    add(row.record?.registeredBy);
    add(row.record?.preliminaryBy);
    add(row.preliminary?.by);
  }
  return [...ids];
}

export interface StatusChange {
  studentId: string;
  manualStatus?: AttendanceStatus | null;
  nfcStatus?: AttendanceStatus | null;
  note?: string | null;
}

/**
 * The one way attendance records are written (the sheet, tag scans, approved proposals): each
 * change is merged into the student's record, keeping what it does not name; absence registered
 * in advance is applied; the effective status is worked out (SPEC §4); the actor is the one who
 * registered it (SPEC §6); every changed record is audited with before and after.
 */
export async function writeStatuses(
  trx: Trx,
  actor: Actor,
  event: CalendarEvent,
  changes: readonly StatusChange[],
  publish: Publish,
  /** The event's records, when the caller has just read them. */
  known?: readonly AttendanceTable[],
): Promise<void> {
  const { schoolId } = actor;
  if (changes.length === 0) return;
  const studentIds = changes.map((change) => change.studentId);
  const [existing, preliminary] = await Promise.all([
    known ?? recordsOfEvent(trx, schoolId, event.id),
    preliminaryFor(trx, schoolId, event, studentIds),
  ]);
  const byStudent = new Map(existing.map((row) => [row.student_id, row]));
  const now = nowIso();
  const eventDate = schoolDateOf(event);
  const rows: AttendanceTable[] = [];
  const audits: { before: AttendanceTable | undefined; after: AttendanceTable }[] = [];
  for (const change of changes) {
    const before = byStudent.get(change.studentId);
    const early = preliminary.get(change.studentId);
    const statuses = {
      manualStatus: change.manualStatus !== undefined ? change.manualStatus : (before?.manual_status ?? null),
      nfcStatus: change.nfcStatus !== undefined ? change.nfcStatus : (before?.nfc_status ?? null),
      preliminaryStatus: early?.status ?? null,
    } as {
      manualStatus: AttendanceStatus | null;
      nfcStatus: AttendanceStatus | null;
      preliminaryStatus: AttendanceStatus | null;
    };
    const after: AttendanceTable = {
      school_id: schoolId,
      id: attendanceId(event.id, change.studentId),
      event_id: event.id,
      student_id: change.studentId,
      event_start: event.start,
      event_date: eventDate,
      event_duration: eventMinutes(event),
      event_mandatory: event.mandatory ? 1 : 0,
      note: change.note !== undefined ? change.note : (before?.note ?? null),
      registered_by: actor.personId,
      preliminary_by: early?.by ?? null,
      status: effectiveStatus(statuses),
      nfc_status: statuses.nfcStatus,
      preliminary_status: statuses.preliminaryStatus,
      manual_status: statuses.manualStatus,
      updated_at: now,
    };
    if (before && sameRecord(before, after)) continue;
    rows.push(after);
    audits.push({ before, after });
  }
  if (rows.length === 0) return;
  await upsertRecords(trx, rows);
  await recordAudits(
    trx,
    audits.map(({ before, after }) => ({
      schoolId,
      actorPersonId: actor.personId,
      action: before ? 'update' : 'create',
      entity: 'attendance',
      entityId: after.id,
      before: before && auditView(before),
      after: auditView(after),
    })),
  );
  // Absence may take a student under 93 % of the school year: the job warns them (decision 027).
  const missing = event.mandatory ? rows.filter((row) => row.status !== 'attending') : [];
  if (missing.length > 0) {
    await enqueueWarningsCheck(
      trx,
      schoolId,
      missing.map((row) => row.student_id),
    );
  }
  publish(
    'attendance',
    [event.id],
    rows.map((row) => row.student_id),
  );
}

/** What a change of a record is: its statuses, note and event, not the time it was written. */
function sameRecord(a: AttendanceTable, b: AttendanceTable): boolean {
  const keys = [
    'status',
    'manual_status',
    'nfc_status',
    'preliminary_status',
    'note',
    'event_start',
    'event_duration',
    'event_mandatory',
  ] as const;
  return keys.every((key) => a[key] === b[key]);
}

function auditView(row: AttendanceTable) {
  const record = toRecord(row);
  return {
    status: record.status,
    manualStatus: record.manualStatus,
    nfcStatus: record.nfcStatus,
    preliminaryStatus: record.preliminaryStatus,
    note: record.note,
    registeredBy: record.registeredBy,
  };
}

/**
 * The date of a new registration: now, but always later than the one it replaces (two saves in
 * one millisecond would otherwise share a date, and a save based on the first would pass as
 * based on the second).
 */
export function registrationDateAfter(previous: string | null, now = Date.now()): string {
  const last = previous === null ? Number.NaN : Date.parse(previous);
  return new Date(Number.isNaN(last) ? now : Math.max(now, last + 1)).toISOString();
}

/**
 * SPEC §7 batch write for an event: students no longer listed lose their record, the listed
 * ones are written, and eventAttendRegs records who saved it and when; all in one transaction.
 * With `basedOn` (the registration date of the sheet the teacher edited, null if it had none)
 * the save is refused with 'sheet-changed', writing nothing, if the sheet has been saved since:
 * a save queued offline must not overwrite a newer one unseen.
 */
export async function saveSheet(
  deps: Deps,
  actor: Actor,
  eventId: string,
  input: {
    records: { studentId: string; manualStatus: AttendanceStatus | null; note: string | null }[];
    basedOn?: string | null | undefined;
  },
): Promise<void> {
  const { schoolId } = actor;
  await write(deps, schoolId, async (trx, publish) => {
    const event = await loadEvent(trx, schoolId, eventId);
    const listed = input.records.map((record) => record.studentId);
    const students = await studentsAmong(trx, schoolId, listed);
    const issues: NonNullable<Problem['errors']> = [];
    const seen = new Set<string>();
    input.records.forEach((record, index) => {
      if (!students.has(record.studentId)) {
        issues.push(studentMissingError(`body.records.${index}.studentId`));
      } else if (seen.has(record.studentId)) {
        issues.push({ path: `body.records.${index}.studentId`, message: 'Eleven står to ganger.' });
      }
      seen.add(record.studentId);
    });
    if (issues.length > 0) throw new ProblemError('validation-failed', undefined, issues);

    // The registration is written before the records: concurrent saves of the sheet then queue on
    // its row rather than on the records, in whatever order each lists its students.
    const previous = (await findRegistration(trx, schoolId, event.id))?.date ?? null;
    const { basedOn } = input;
    if (basedOn !== undefined && basedOn !== previous) throw new ProblemError('sheet-changed');
    const date = registrationDateAfter(previous);
    if (basedOn === undefined)
      await repository.putRegistration(trx, schoolId, event.id, actor.personId, date);
    else if (!(await replaceRegistration(trx, schoolId, event.id, actor.personId, date, basedOn))) {
      throw new ProblemError('sheet-changed');
    }

    const existing = await recordsOfEvent(trx, schoolId, event.id);
    const removed = existing.filter((row) => !seen.has(row.student_id));
    await deleteRecords(
      trx,
      schoolId,
      removed.map((row) => row.id),
    );
    if (removed.length > 0) {
      await recordAudits(
        trx,
        removed.map((row) => ({
          schoolId,
          actorPersonId: actor.personId,
          action: 'delete',
          entity: 'attendance',
          entityId: row.id,
          before: auditView(row),
        })),
      );
    }
    await writeStatuses(trx, actor, event, input.records, publish, existing);
    // The registration changed for staff; of the students, those whose record went.
    publish(
      'attendance',
      [event.id],
      removed.map((row) => row.student_id),
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Records of a student or a line over a range

export async function recordsOfStudent(
  db: Queryable,
  actor: Actor,
  studentId: string,
  range: { from: string; to: string },
) {
  // Students and scholars see their own absence only (SPEC §6); others' ids are not found.
  if (!mayViewAbsence(actor, studentId)) throw new ProblemError('not-found');
  if (!(await studentsOrScholarsAmong(db, actor.schoolId, [studentId])).has(studentId))
    throw new ProblemError('not-found');
  const rows = await studentRecordsBetween(db, actor.schoolId, studentId, range);
  return rows.map(toRecord);
}

export async function recordsOfLine(
  db: Queryable,
  schoolId: string,
  lineId: string,
  range: { from: string; to: string },
) {
  if (!(await isLine(db, schoolId, lineId))) throw new ProblemError('not-found');
  const rows = await lineRecordsBetween(db, schoolId, lineId, range);
  return rows.map(toRecord);
}

// ---------------------------------------------------------------------------------------------
// Absence registered in advance (SPEC §3 preliminary records, per event and per day)

/** Records already written for the event take the new preliminary status at once. */
async function refreshRecords(
  trx: Trx,
  actor: Actor,
  eventIds: readonly string[],
  studentId: string,
  publish: Publish,
) {
  for (const eventId of eventIds) {
    if (!(await recordExists(trx, actor.schoolId, attendanceId(eventId, studentId)))) continue;
    const event = await loadEvent(trx, actor.schoolId, eventId);
    await writeStatuses(trx, actor, event, [{ studentId }], publish);
  }
}

async function assertStudent(db: Queryable, schoolId: string, studentId: string) {
  if (!(await studentsAmong(db, schoolId, [studentId])).has(studentId)) {
    throw new ProblemError('validation-failed', undefined, [studentMissingError('body.studentId')]);
  }
}

export interface PreliminaryChange {
  studentId: string;
  preliminaryStatus: AttendanceStatus;
  note: string | null;
}

/**
 * The one writer of absence registered in advance for an event, in the caller's transaction:
 * the row, its audit, the records already written for the event, and the announcements. The
 * attendance routes and «Jeg spiser ikke» (modules/food) both write through here.
 */
export async function writePreliminaryInTransaction(
  trx: Trx,
  actor: Actor,
  event: CalendarEvent,
  input: PreliminaryChange,
  publish: Publish,
): Promise<void> {
  const { schoolId } = actor;
  await assertStudent(trx, schoolId, input.studentId);
  const id = attendanceId(event.id, input.studentId);
  const before = await findPreliminary(trx, schoolId, id);
  const row = {
    school_id: schoolId,
    id,
    event_id: event.id,
    student_id: input.studentId,
    event_start: event.start,
    note: input.note,
    preliminary_by: actor.personId,
    preliminary_status: input.preliminaryStatus,
    updated_at: nowIso(),
  };
  if (before) await updatePreliminary(trx, schoolId, id, row);
  else await insertPreliminary(trx, row);
  await recordAudits(trx, [
    {
      schoolId,
      actorPersonId: actor.personId,
      action: before ? 'update' : 'create',
      entity: 'prelim_attendance',
      entityId: id,
      before,
      after: row,
    },
  ]);
  await refreshRecords(trx, actor, [event.id], input.studentId, publish);
  announcePreliminary(publish, id);
}

/** Removes the event's absence in advance for the student, in the caller's transaction; 404 when none. */
export async function removePreliminaryInTransaction(
  trx: Trx,
  actor: Actor,
  eventId: string,
  studentId: string,
  publish: Publish,
): Promise<void> {
  const { schoolId } = actor;
  const id = attendanceId(eventId, studentId);
  const before = await findPreliminary(trx, schoolId, id);
  if (!before) throw new ProblemError('not-found');
  await deletePreliminary(trx, schoolId, id);
  await recordAudits(trx, [
    {
      schoolId,
      actorPersonId: actor.personId,
      action: 'delete',
      entity: 'prelim_attendance',
      entityId: id,
      before,
    },
  ]);
  await refreshRecords(trx, actor, [eventId], studentId, publish);
  announcePreliminary(publish, id);
}

function announcePreliminary(publish: Publish, id: string) {
  // Its own topic: students may not know who has absence registered in advance (SPEC §6).
  publish('preliminaryAbsence', [id]);
  // The kitchen counts who will eat without seeing absence in advance itself (decision 025).
  publish('mealCounts', []);
}

export async function registerPreliminary(
  deps: Deps,
  actor: Actor,
  input: { eventId: string } & PreliminaryChange,
): Promise<void> {
  await write(deps, actor.schoolId, async (trx, publish) => {
    const event = await loadEvent(trx, actor.schoolId, input.eventId);
    await writePreliminaryInTransaction(trx, actor, event, input, publish);
  });
}

export async function removePreliminary(
  deps: Deps,
  actor: Actor,
  eventId: string,
  studentId: string,
): Promise<void> {
  await write(deps, actor.schoolId, (trx, publish) =>
    removePreliminaryInTransaction(trx, actor, eventId, studentId, publish),
  );
}

/** The event's absence in advance for one student, as stored, if there is one. */
export async function findPreliminaryOf(db: Queryable, schoolId: string, eventId: string, studentId: string) {
  return findPreliminary(db, schoolId, attendanceId(eventId, studentId));
}

/**
 * Absence in advance for any of these events and for the days of the range, as stored, and the
 * approved leave overlapping the events: for callers that work out many events at once (the
 * kitchen's count). The caller applies the order preliminaryFor does: the event's own row, then
 * the day's, then a leave that overlaps the event (`leaveCovers`). A fixed number of queries.
 */
export async function preliminaryOfEvents(
  db: Queryable,
  schoolId: string,
  events: readonly Pick<CalendarEvent, 'id' | 'start' | 'end'>[],
  dates: { from: string; to: string },
) {
  let span: { from: number; to: number } | undefined;
  for (const event of events) {
    const start = Date.parse(event.start);
    const end = Date.parse(event.end);
    span = span ? { from: Math.min(span.from, start), to: Math.max(span.to, end) } : { from: start, to: end };
  }
  const [[eventRows, dayRows], leaves] = await Promise.all([
    repository.preliminaryOfEvents(
      db,
      schoolId,
      events.map((event) => event.id),
      dates,
    ),
    span
      ? approvedLeaveBetween(db, schoolId, {
          from: new Date(span.from).toISOString(),
          to: new Date(span.to).toISOString(),
        })
      : [],
  ]);
  return [eventRows, dayRows, leaves] as const;
}

/** A period of a student's approved leave, as it was or as it is now. */
export interface StudentPeriod {
  studentId: string;
  /** Instants. */
  start: string;
  end: string;
}

/**
 * Approved leave began, changed its period or ended, or the school changed which categories are
 * valid leave (decision 027): the records already written for the students' events that overlap
 * the periods (give the old and the new) are worked out again through writeStatuses, in the
 * caller's transaction, and the sheets and the kitchen are told. Finding them takes a fixed
 * number of queries whatever the number of periods; then one write per event whose absence in
 * advance changes.
 */
export async function refreshAfterLeaveInTransaction(
  trx: Trx,
  actor: Actor,
  periods: readonly StudentPeriod[],
  publish: Publish,
): Promise<void> {
  if (periods.length === 0) return;
  const { schoolId } = actor;
  const periodsOf = new Map<string, StudentPeriod[]>();
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const period of periods) {
    periodsOf.set(period.studentId, [...(periodsOf.get(period.studentId) ?? []), period]);
    from = Math.min(from, Date.parse(period.start));
    to = Math.max(to, Date.parse(period.end));
  }
  const studentIds = [...periodsOf.keys()];
  // An event that began before a period may still overlap it: events last at most a month.
  const earliest = from - EVENT_DURATION_MAX_MS;
  const instants = { from: new Date(earliest).toISOString(), to: new Date(to).toISOString() };
  const dates = { from: todayInSchoolZone(new Date(earliest)), to: todayInSchoolZone(new Date(to)) };
  const [records, [eventRows, dayRows], leaves] = await Promise.all([
    recordsOfStudentsBetween(trx, schoolId, studentIds, instants),
    preliminaryOfStudentsBetween(trx, schoolId, studentIds, { instants, dates }),
    approvedLeaveBetween(
      trx,
      schoolId,
      { from: instants.from, to: new Date(to + EVENT_DURATION_MAX_MS).toISOString() },
      studentIds,
    ),
  ]);

  const registered = new Map<string, Preliminary>();
  const asPreliminary = (row: {
    preliminary_status: string;
    note: string | null;
    preliminary_by: string | null;
  }) => ({
    status: row.preliminary_status as AttendanceStatus,
    note: row.note,
    by: row.preliminary_by,
  });
  for (const row of dayRows) registered.set(`${row.date}|${row.student_id}`, asPreliminary(row));
  for (const row of eventRows) registered.set(`${row.event_id}|${row.student_id}`, asPreliminary(row));
  const leavesOf = new Map<string, ApprovedLeave[]>();
  for (const leave of leaves)
    leavesOf.set(leave.studentId, [...(leavesOf.get(leave.studentId) ?? []), leave]);

  // The records whose absence in advance is no longer what they hold (preliminaryFor's order).
  const changed = new Map<string, string[]>();
  for (const record of records) {
    const start = record.event_start;
    const end = new Date(Date.parse(start) + record.event_duration * 60_000).toISOString();
    if (!periodsOf.get(record.student_id)!.some((period) => leaveCovers(period, start, end))) continue;
    const leave = leavesOf.get(record.student_id)?.find((candidate) => leaveCovers(candidate, start, end));
    const early =
      registered.get(`${record.event_id}|${record.student_id}`) ??
      registered.get(`${schoolDateOf({ start })}|${record.student_id}`) ??
      (leave ? leavePreliminary(leave) : undefined);
    if (
      (early?.status ?? null) === record.preliminary_status &&
      (early?.by ?? null) === record.preliminary_by
    ) {
      continue;
    }
    changed.set(record.event_id, [...(changed.get(record.event_id) ?? []), record.student_id]);
  }
  for (const [eventId, students] of changed) {
    let event: CalendarEvent;
    try {
      event = await loadEvent(trx, schoolId, eventId);
    } catch (error) {
      // A record of an event that is gone keeps what it holds.
      if (error instanceof ProblemError && error.code === 'event-not-found') continue;
      throw error;
    }
    await writeStatuses(
      trx,
      actor,
      event,
      students.map((studentId) => ({ studentId })),
      publish,
    );
  }
  // Like announcePreliminary: the sheets show leave as absence in advance, and the kitchen counts it.
  publish('preliminaryAbsence', []);
  publish('mealCounts', []);
}

/** The students expected at each event (expectedStudents' rule), in the events' order. */
export async function expectedStudentsOfEvents(
  db: Queryable,
  schoolId: string,
  events: readonly Pick<CalendarEvent, 'groupsAttending' | 'start'>[],
  among?: readonly string[],
): Promise<string[][]> {
  return repository.expectedStudentsOfEvents(db, schoolId, events, among);
}

/** Records of the student on that school day, whose events the day's absence now covers. */
async function recordsOnDay(trx: Trx, schoolId: string, studentId: string, date: string): Promise<string[]> {
  const day = schoolDatesToInstants(date, date);
  return studentEventsBetween(trx, schoolId, studentId, day);
}

export async function registerPreliminaryDay(
  deps: Deps,
  actor: Actor,
  input: { date: string; studentId: string; preliminaryStatus: AttendanceStatus; note: string | null },
): Promise<void> {
  const { schoolId } = actor;
  await write(deps, schoolId, async (trx, publish) => {
    await assertStudent(trx, schoolId, input.studentId);
    const key = { school_id: schoolId, date: input.date, student_id: input.studentId };
    const before = await findPreliminaryDay(trx, schoolId, input.date, input.studentId);
    const row = {
      ...key,
      note: input.note,
      preliminary_by: actor.personId,
      preliminary_status: input.preliminaryStatus,
      updated_at: nowIso(),
    };
    if (before) await updatePreliminaryDay(trx, row);
    else await insertPreliminaryDay(trx, row);
    const entityId = `${input.date}-${input.studentId}`;
    await recordAudits(trx, [
      {
        schoolId,
        actorPersonId: actor.personId,
        action: before ? 'update' : 'create',
        entity: 'prelim_day_attendance',
        entityId,
        before,
        after: row,
      },
    ]);
    await refreshRecords(
      trx,
      actor,
      await recordsOnDay(trx, schoolId, input.studentId, input.date),
      input.studentId,
      publish,
    );
    announcePreliminary(publish, entityId);
  });
}

export async function removePreliminaryDay(
  deps: Deps,
  actor: Actor,
  date: string,
  studentId: string,
): Promise<void> {
  const { schoolId } = actor;
  await write(deps, schoolId, async (trx, publish) => {
    const before = await findPreliminaryDay(trx, schoolId, date, studentId);
    if (!before) throw new ProblemError('not-found');
    await deletePreliminaryDay(trx, schoolId, date, studentId);
    const entityId = `${date}-${studentId}`;
    await recordAudits(trx, [
      {
        schoolId,
        actorPersonId: actor.personId,
        action: 'delete',
        entity: 'prelim_day_attendance',
        entityId,
        before,
      },
    ]);
    await refreshRecords(trx, actor, await recordsOnDay(trx, schoolId, studentId, date), studentId, publish);
    announcePreliminary(publish, entityId);
  });
}

/** Absence registered in advance within a range of school dates, optionally for one student. */
export async function listPreliminary(
  db: Queryable,
  schoolId: string,
  query: { from: string; to: string; studentId?: string },
) {
  const range = schoolDatesToInstants(query.from, query.to);
  const [eventRows, dayRows] = await preliminaryBetween(db, schoolId, {
    instants: range,
    dates: { from: query.from, to: query.to },
    ...(query.studentId ? { studentId: query.studentId } : {}),
  });
  return {
    events: eventRows.map((row) => ({
      eventId: row.event_id,
      studentId: row.student_id,
      eventStart: row.event_start,
      preliminaryStatus: row.preliminary_status as AttendanceStatus,
      note: row.note,
      preliminaryBy: row.preliminary_by,
    })),
    days: dayRows.map((row) => ({
      date: row.date,
      studentId: row.student_id,
      preliminaryStatus: row.preliminary_status as AttendanceStatus,
      note: row.note,
      preliminaryBy: row.preliminary_by,
    })),
  };
}

/**
 * The audit of one record, oldest first: who changed it, when, from what to what. Someone who may
 * see only their own absence sees only their own record's history.
 */
export async function recordHistory(db: Queryable, actor: Actor, eventId: string, studentId: string) {
  if (!mayViewAbsence(actor, studentId)) throw new ProblemError('not-found');
  if (!(await studentsOrScholarsAmong(db, actor.schoolId, [studentId])).has(studentId))
    throw new ProblemError('not-found');
  const rows = await auditOfEntity(db, actor.schoolId, 'attendance', attendanceId(eventId, studentId));
  return rows.map((row) => ({
    at: row.at,
    actorPersonId: row.actor_person_id,
    action: row.action,
    before: row.before === null ? null : (JSON.parse(row.before) as Record<string, unknown>),
    after: row.after === null ? null : (JSON.parse(row.after) as Record<string, unknown>),
  }));
}
