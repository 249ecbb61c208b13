import {
  ATTENDANCE_MESSAGES,
  ATTENDANCE_STATUSES,
  attendanceId,
  todayInSchoolZone,
  type AttendanceRecord,
  type AttendanceStatus,
  type CalendarEvent,
  type SheetRecord,
} from '@tun/shared';
import { sql, type ExpressionBuilder, type Insertable, type Updateable } from 'kysely';
import { nowIso, type Queryable } from '../../db/database';
import { preparedQuery } from '../../db/prepared-query';
import type { AttendanceTable, DB, PrelimAttendanceTable, PrelimDayAttendanceTable } from '../../db/schema';

const STATUSES: ReadonlySet<string | null> = new Set([...ATTENDANCE_STATUSES, null]);

/** What a sheet reads of each record (`SheetRecord`, and the status and student of its row). */
const SHEET_COLUMNS = [
  'student_id',
  'status',
  'note',
  'registered_by',
  'preliminary_by',
  'nfc_status',
  'preliminary_status',
  'manual_status',
] as const satisfies readonly (keyof AttendanceTable)[];
export type SheetRecordRow = Pick<AttendanceTable, (typeof SHEET_COLUMNS)[number]>;

/** SPEC §8: a stored record whose statuses are not the known ones is refused, not passed on. */
function checkStored(row: SheetRecordRow): void {
  for (const status of [row.status, row.nfc_status, row.preliminary_status, row.manual_status]) {
    if (!STATUSES.has(status)) throw new Error(ATTENDANCE_MESSAGES.invalidStatus);
  }
  if (row.registered_by === null && row.preliminary_by === null)
    throw new Error(ATTENDANCE_MESSAGES.noRegistrar);
}

export function toSheetRecord(row: SheetRecordRow): SheetRecord {
  checkStored(row);
  return {
    note: row.note,
    registeredBy: row.registered_by,
    preliminaryBy: row.preliminary_by,
    nfcStatus: row.nfc_status as AttendanceStatus | null,
    preliminaryStatus: row.preliminary_status as AttendanceStatus | null,
    manualStatus: row.manual_status as AttendanceStatus | null,
  };
}

export function toRecord(row: AttendanceTable): AttendanceRecord {
  checkStored(row);
  return {
    id: row.id,
    eventId: row.event_id,
    studentId: row.student_id,
    eventDuration: row.event_duration,
    eventStart: row.event_start,
    eventMandatory: row.event_mandatory === 1,
    note: row.note,
    registeredBy: row.registered_by,
    preliminaryBy: row.preliminary_by,
    status: row.status as AttendanceStatus,
    nfcStatus: row.nfc_status as AttendanceStatus | null,
    preliminaryStatus: row.preliminary_status as AttendanceStatus | null,
    manualStatus: row.manual_status as AttendanceStatus | null,
    updatedAt: row.updated_at,
  };
}

// The queries of a sheet, which many read at once: built once (db/prepared-query.ts).
type SchoolEvent = (name: 'schoolId' | 'eventId') => string;

const recordsOfEventQuery = preparedQuery((db, value: SchoolEvent) =>
  db
    .selectFrom('attendance')
    .selectAll()
    .where('school_id', '=', value('schoolId'))
    .where('event_id', '=', value('eventId')),
);

export async function recordsOfEvent(
  db: Queryable,
  schoolId: string,
  eventId: string,
): Promise<AttendanceTable[]> {
  return recordsOfEventQuery(db, { schoolId, eventId });
}

const sheetRecordsOfEventQuery = preparedQuery((db, value: SchoolEvent) =>
  db
    .selectFrom('attendance')
    .select(SHEET_COLUMNS)
    .where('school_id', '=', value('schoolId'))
    .where('event_id', '=', value('eventId')),
);

/**
 * An event's records as its sheet shows them: only the columns it reads. better-sqlite3's cost
 * grows with each column it answers, and reading the sheet's 60 records cost about a third of a
 * sheet made anew (decision 031).
 */
export async function sheetRecordsOfEvent(
  db: Queryable,
  schoolId: string,
  eventId: string,
): Promise<SheetRecordRow[]> {
  return sheetRecordsOfEventQuery(db, { schoolId, eventId });
}

// A tag scan reads it first (a class scanning in at once).
const recordByIdQuery = preparedQuery((db, value: (name: 'schoolId' | 'id') => string) =>
  db
    .selectFrom('attendance')
    .selectAll()
    .where('school_id', '=', value('schoolId'))
    .where('id', '=', value('id')),
);

export async function findRecord(db: Queryable, schoolId: string, eventId: string, studentId: string) {
  const [row] = await recordByIdQuery(db, { schoolId, id: attendanceId(eventId, studentId) });
  return row;
}

export async function deleteRecords(trx: Queryable, schoolId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await trx.deleteFrom('attendance').where('school_id', '=', schoolId).where('id', 'in', ids).execute();
}

/**
 * SPEC §7 eventAttendRegs/{eventId}: who saved the sheet, and when. One statement, so that two
 * first saves of a sheet at once do not both try to insert it.
 */
export async function putRegistration(
  trx: Queryable,
  schoolId: string,
  eventId: string,
  registeredBy: string,
  date: string = nowIso(),
): Promise<void> {
  await trx
    .insertInto('event_attend_reg')
    .values({ school_id: schoolId, event_id: eventId, registered_by: registeredBy, date })
    .onConflict((conflict) =>
      conflict.columns(['school_id', 'event_id']).doUpdateSet({ registered_by: registeredBy, date }),
    )
    .execute();
}

/**
 * Writes the registration only if it is still the one the saver read (`basedOn`: its date, or
 * null for none), and says whether it did. The condition is in the write itself: of two saves
 * based on the same registration only one can commit, since PostgreSQL makes the second wait for
 * the first's row and then finds another date (or, for a first save, the first one's row).
 */
export async function replaceRegistration(
  trx: Queryable,
  schoolId: string,
  eventId: string,
  registeredBy: string,
  date: string,
  basedOn: string | null,
): Promise<boolean> {
  if (basedOn === null) {
    const inserted = await trx
      .insertInto('event_attend_reg')
      .values({ school_id: schoolId, event_id: eventId, registered_by: registeredBy, date })
      .onConflict((conflict) => conflict.columns(['school_id', 'event_id']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  }
  const updated = await trx
    .updateTable('event_attend_reg')
    .set({ registered_by: registeredBy, date })
    .where('school_id', '=', schoolId)
    .where('event_id', '=', eventId)
    .where('date', '=', basedOn)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

const registrationQuery = preparedQuery((db, value: SchoolEvent) =>
  db
    .selectFrom('event_attend_reg')
    .select(['registered_by', 'date'])
    .where('school_id', '=', value('schoolId'))
    .where('event_id', '=', value('eventId')),
);

export async function findRegistration(db: Queryable, schoolId: string, eventId: string) {
  const [row] = await registrationQuery(db, { schoolId, eventId });
  return row;
}

const preliminaryOfEventQuery = preparedQuery((db, value: SchoolEvent) =>
  db
    .selectFrom('prelim_attendance')
    .select(['student_id', 'preliminary_status', 'note', 'preliminary_by'])
    .where('school_id', '=', value('schoolId'))
    .where('event_id', '=', value('eventId')),
);

const preliminaryOfDayQuery = preparedQuery((db, value: (name: 'schoolId' | 'date') => string) =>
  db
    .selectFrom('prelim_day_attendance')
    .select(['student_id', 'preliminary_status', 'note', 'preliminary_by'])
    .where('school_id', '=', value('schoolId'))
    .where('date', '=', value('date')),
);

/** Absence registered in advance for these students: for the event, or for its whole day. */
export async function preliminaryFor(
  db: Queryable,
  schoolId: string,
  event: { id: string; date: string },
  studentIds?: readonly string[],
): Promise<Map<string, { status: AttendanceStatus; note: string | null; by: string | null }>> {
  if (studentIds?.length === 0) return new Map();
  const [eventRows, dayRows] = await Promise.all(
    studentIds
      ? [
          db
            .selectFrom('prelim_attendance')
            .select(['student_id', 'preliminary_status', 'note', 'preliminary_by'])
            .where('school_id', '=', schoolId)
            .where('event_id', '=', event.id)
            .where('student_id', 'in', studentIds)
            .execute(),
          db
            .selectFrom('prelim_day_attendance')
            .select(['student_id', 'preliminary_status', 'note', 'preliminary_by'])
            .where('school_id', '=', schoolId)
            .where('date', '=', event.date)
            .where('student_id', 'in', studentIds)
            .execute(),
        ]
      : [
          preliminaryOfEventQuery(db, { schoolId, eventId: event.id }),
          preliminaryOfDayQuery(db, { schoolId, date: event.date }),
        ],
  );
  const result = new Map<string, { status: AttendanceStatus; note: string | null; by: string | null }>();
  // A registration for the event itself is more precise than one for the whole day.
  for (const row of [...dayRows, ...eventRows]) {
    result.set(row.student_id, {
      status: row.preliminary_status as AttendanceStatus,
      note: row.note,
      by: row.preliminary_by,
    });
  }
  return result;
}

/**
 * Absence registered in advance for any of these events, and for whole days in the range: the
 * rows as stored, for callers that work out many events at once (the kitchen's count).
 */
export async function preliminaryOfEvents(
  db: Queryable,
  schoolId: string,
  eventIds: readonly string[],
  dates: { from: string; to: string },
) {
  const ids = [...new Set(eventIds)];
  return Promise.all([
    ids.length === 0
      ? []
      : db
          .selectFrom('prelim_attendance')
          .select(['event_id', 'student_id', 'preliminary_status', 'preliminary_by', 'note'])
          .where('school_id', '=', schoolId)
          .where('event_id', 'in', ids)
          .execute(),
    db
      .selectFrom('prelim_day_attendance')
      .select(['date', 'student_id', 'preliminary_status', 'preliminary_by', 'note'])
      .where('school_id', '=', schoolId)
      .where('date', '>=', dates.from)
      .where('date', '<=', dates.to)
      .execute(),
  ]);
}

/** Students per query: keeps the IN lists short on either dialect. */
const STUDENT_CHUNK = 500;

async function perStudentChunk<T>(
  studentIds: readonly string[],
  query: (ids: string[]) => Promise<T[]>,
): Promise<T[]> {
  const unique = [...new Set(studentIds)];
  const rows: T[] = [];
  for (let index = 0; index < unique.length; index += STUDENT_CHUNK) {
    rows.push(...(await query(unique.slice(index, index + STUDENT_CHUNK))));
  }
  return rows;
}

/**
 * The records of these students whose events start in [from, to), with what they hold of absence
 * in advance: the ones a change of approved leave may touch (the caller widens `from` by the
 * longest an event may last).
 */
export async function recordsOfStudentsBetween(
  db: Queryable,
  schoolId: string,
  studentIds: readonly string[],
  range: Range,
) {
  return perStudentChunk(studentIds, (ids) =>
    db
      .selectFrom('attendance')
      .select([
        'event_id',
        'student_id',
        'event_start',
        'event_duration',
        'preliminary_status',
        'preliminary_by',
      ])
      .where('school_id', '=', schoolId)
      .where('student_id', 'in', ids)
      .where('event_start', '>=', range.from)
      .where('event_start', '<', range.to)
      .execute(),
  );
}

/**
 * Absence in advance registered for these students: per event, for events starting within the
 * instants, and per day, for the school dates (both ends included).
 */
export async function preliminaryOfStudentsBetween(
  db: Queryable,
  schoolId: string,
  studentIds: readonly string[],
  query: { instants: Range; dates: Range },
) {
  return Promise.all([
    perStudentChunk(studentIds, (ids) =>
      db
        .selectFrom('prelim_attendance')
        .select(['event_id', 'student_id', 'preliminary_status', 'preliminary_by', 'note'])
        .where('school_id', '=', schoolId)
        .where('student_id', 'in', ids)
        .where('event_start', '>=', query.instants.from)
        .where('event_start', '<', query.instants.to)
        .execute(),
    ),
    perStudentChunk(studentIds, (ids) =>
      db
        .selectFrom('prelim_day_attendance')
        .select(['date', 'student_id', 'preliminary_status', 'preliminary_by', 'note'])
        .where('school_id', '=', schoolId)
        .where('student_id', 'in', ids)
        .where('date', '>=', query.dates.from)
        .where('date', '<=', query.dates.to)
        .execute(),
    ),
  ]);
}

/** People with a role other than these; SPEC §3: people with no roles are students. */
const hasRoleBesides = (allowed: readonly string[]) => (eb: ExpressionBuilder<DB, 'person'>) => {
  let roles = eb.selectFrom('person_role').select('role').whereRef('person_role.person_id', '=', 'person.id');
  if (allowed.length > 0) roles = roles.where('person_role.role', 'not in', allowed);
  return eb.exists(roles);
};

const isStudent = (eb: ExpressionBuilder<DB, 'person'>) => eb.not(hasRoleBesides([])(eb));

/** The people of the school among these ids who have no roles but the allowed ones. */
async function withNoRolesBut(
  db: Queryable,
  schoolId: string,
  ids: readonly string[],
  allowed: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('person')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', 'in', ids)
    .where((eb) => eb.not(hasRoleBesides(allowed)(eb)))
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Students (people without roles) of the school among these ids. */
export function studentsAmong(db: Queryable, schoolId: string, ids: readonly string[]): Promise<Set<string>> {
  return withNoRolesBut(db, schoolId, ids, []);
}

/**
 * 'Students and scholars' (SPEC §3: no roles, or only the stipp role) of the school among these
 * ids: the people whose absence is viewed, their own only for themselves (SPEC §6). A scholar is
 * not expected at events, but keeps the records taken while a student.
 */
export function studentsOrScholarsAmong(
  db: Queryable,
  schoolId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  return withNoRolesBut(db, schoolId, ids, ['stipp']);
}

/**
 * The people of the school a sheet may name (all, or those among `ids`): their name parts, the
 * day they left, and whether they have a role (staff) or none (a student).
 */
export async function namedPeople(db: Queryable, schoolId: string, ids?: readonly string[]) {
  if (ids?.length === 0) return [];
  let query = db
    .selectFrom('person')
    .select(['id', 'first_name', 'middle_name', 'last_name', 'left_on'])
    .select((eb) => hasRoleBesides([])(eb).as('staff'))
    .where('school_id', '=', schoolId);
  if (ids) query = query.where('id', 'in', ids);
  return query.execute();
}

type NamedPlace = 'room' | 'group';

/** The names of the school's rooms and of its lines, electives and groups, in one query. */
export async function placeNames(
  db: Queryable,
  schoolId: string,
): Promise<{ kind: NamedPlace; id: string; name: string }[]> {
  const kind = (value: NamedPlace) => sql.lit<NamedPlace>(value).as('kind');
  const named = (table: 'room' | 'line' | 'elective' | 'temp_group', as: NamedPlace) =>
    db
      .selectFrom(table)
      .select(['id', 'name', kind(as)])
      .where('school_id', '=', schoolId);
  return named('room', 'room')
    .unionAll(named('line', 'group'))
    .unionAll(named('elective', 'group'))
    .unionAll(named('temp_group', 'group'))
    .execute();
}

/**
 * The students expected at an event: members of its lines, electives and temporary groups, or
 * every student of the school when it is for the whole school. Students are people without roles.
 */
export async function expectedStudents(
  db: Queryable,
  schoolId: string,
  event: Pick<CalendarEvent, 'groupsAttending' | 'start'>,
): Promise<string[]> {
  const [expected] = await expectedStudentsOfEvents(db, schoolId, [event]);
  return expected ?? [];
}

/**
 * The students expected at each of these events (expectedStudents' rule), in the events'
 * order, each list by name. At most two queries whatever the number of events: the school's
 * students when any event is for the whole school, and the members of every group named. With
 * `among`, only those students are looked at (one student's own week).
 */
export async function expectedStudentsOfEvents(
  db: Queryable,
  schoolId: string,
  events: readonly Pick<CalendarEvent, 'groupsAttending' | 'start'>[],
  among?: readonly string[],
): Promise<string[][]> {
  if (events.length === 0 || among?.length === 0) return events.map(() => []);
  const groups = [...new Set(events.flatMap((event) => event.groupsAttending))];
  const wholeSchool = events.some((event) => event.groupsAttending.length === 0);
  let students = db
    .selectFrom('person')
    .where('person.school_id', '=', schoolId)
    .where(isStudent)
    .orderBy('person.last_name')
    .orderBy('person.first_name')
    .orderBy('person.id');
  if (among) students = students.where('person.id', 'in', among);
  const [everyone, members] = await Promise.all([
    wholeSchool ? students.select(['person.id', 'person.left_on']).execute() : [],
    groups.length === 0
      ? []
      : students
          // The members first, by the membership tables' own indexes; then who of them are students.
          // `union all`: a membership is one row of one table already, and a student in two of
          // the groups is counted once below; `union` would sort every row to find none twice.
          .innerJoin(
            (eb) =>
              eb
                .selectFrom('line_member')
                .select(['person_id', 'line_id as group_id'])
                .where('school_id', '=', schoolId)
                .where('line_id', 'in', groups)
                .unionAll(
                  eb
                    .selectFrom('elective_member')
                    .select(['person_id', 'elective_id as group_id'])
                    .where('elective_id', 'in', groups),
                )
                .unionAll(
                  eb
                    .selectFrom('temp_group_member')
                    .select(['person_id', 'group_id'])
                    .where('group_id', 'in', groups),
                )
                .as('member'),
            (join) => join.onRef('member.person_id', '=', 'person.id'),
          )
          .select(['person.id', 'person.left_on', 'member.group_id'])
          .execute(),
  ]);
  return events.map((event) => {
    // A student who has left is expected no more from the day they left (decision 011).
    const day = todayInSchoolZone(new Date(event.start));
    const present = (row: { left_on: string | null }) => row.left_on === null || row.left_on > day;
    if (event.groupsAttending.length === 0) return everyone.filter(present).map((row) => row.id);
    const attending = new Set(event.groupsAttending);
    const ids = members.filter((row) => attending.has(row.group_id) && present(row)).map((row) => row.id);
    return [...new Set(ids)];
  });
}

type RecordTable = 'attendance' | 'prelim_attendance' | 'prelim_day_attendance';

/** A student's own rows, and the sheets a person saved, for the privacy export. */
export async function attendanceOfPerson(db: Queryable, schoolId: string, personId: string) {
  return Promise.all([
    db
      .selectFrom('attendance')
      .selectAll()
      .where('school_id', '=', schoolId)
      .where('student_id', '=', personId)
      .orderBy('event_start')
      .execute(),
    db
      .selectFrom('prelim_attendance')
      .selectAll()
      .where('school_id', '=', schoolId)
      .where('student_id', '=', personId)
      .orderBy('event_start')
      .execute(),
    db
      .selectFrom('prelim_day_attendance')
      .selectAll()
      .where('school_id', '=', schoolId)
      .where('student_id', '=', personId)
      .orderBy('date')
      .execute(),
    db
      .selectFrom('event_attend_reg')
      .select(['event_id', 'date'])
      .where('school_id', '=', schoolId)
      .where('registered_by', '=', personId)
      .orderBy('date')
      .execute(),
  ]);
}

/** How many rows of `table` the person registered about other students. */
export async function countRegisteredForOthers(
  db: Queryable,
  table: RecordTable,
  column: 'registered_by' | 'preliminary_by',
  schoolId: string,
  personId: string,
): Promise<number> {
  const { rows } = await sql<{ count: string | number }>`select count(*) as count from ${sql.table(table)}
    where school_id = ${schoolId} and ${sql.ref(column)} = ${personId} and student_id <> ${personId}`.execute(
    db,
  );
  return Number(rows[0]?.count ?? 0);
}

/** Whether any record, absence in advance or saved sheet involves the person. */
export async function anyAttendanceOf(db: Queryable, schoolId: string, personId: string): Promise<boolean> {
  const exists = async (query: { executeTakeFirst(): Promise<unknown> }) =>
    (await query.executeTakeFirst()) !== undefined;
  const involving = <T extends RecordTable>(table: T) =>
    db
      .selectFrom(table as 'attendance')
      .select('student_id')
      .where('school_id', '=', schoolId)
      .where((eb) =>
        eb.or([
          eb('student_id', '=', personId),
          eb('preliminary_by', '=', personId),
          ...(table === 'attendance' ? [eb('registered_by', '=', personId)] : []),
        ]),
      )
      .limit(1);
  return (
    (await exists(involving('attendance'))) ||
    (await exists(involving('prelim_attendance'))) ||
    (await exists(involving('prelim_day_attendance'))) ||
    (await exists(
      db
        .selectFrom('event_attend_reg')
        .select('event_id')
        .where('school_id', '=', schoolId)
        .where('registered_by', '=', personId)
        .limit(1),
    ))
  );
}

/** The events the student has a record or an absence in advance for. */
export async function eventsOfStudent(db: Queryable, schoolId: string, studentId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('attendance')
    .select('event_id')
    .where('school_id', '=', schoolId)
    .where('student_id', '=', studentId)
    .union(
      db
        .selectFrom('prelim_attendance')
        .select('event_id')
        .where('school_id', '=', schoolId)
        .where('student_id', '=', studentId),
    )
    .execute();
  return rows.map((row) => row.event_id);
}

export async function clearNotesOf(trx: Queryable, schoolId: string, studentId: string): Promise<void> {
  for (const table of ['attendance', 'prelim_attendance', 'prelim_day_attendance'] as const) {
    await trx
      .updateTable(table as 'attendance')
      .set({ note: null })
      .where('school_id', '=', schoolId)
      .where('student_id', '=', studentId)
      .where('note', 'is not', null)
      .execute();
  }
}

/** One statement for a whole sheet (insert, or replace on the same id). */
export async function upsertRecords(trx: Queryable, rows: AttendanceTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 100) {
    await trx
      .insertInto('attendance')
      .values(rows.slice(i, i + 100))
      .onConflict((oc) =>
        oc.columns(['school_id', 'id']).doUpdateSet((eb) => ({
          event_start: eb.ref('excluded.event_start'),
          event_date: eb.ref('excluded.event_date'),
          event_duration: eb.ref('excluded.event_duration'),
          event_mandatory: eb.ref('excluded.event_mandatory'),
          note: eb.ref('excluded.note'),
          registered_by: eb.ref('excluded.registered_by'),
          preliminary_by: eb.ref('excluded.preliminary_by'),
          status: eb.ref('excluded.status'),
          nfc_status: eb.ref('excluded.nfc_status'),
          preliminary_status: eb.ref('excluded.preliminary_status'),
          manual_status: eb.ref('excluded.manual_status'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}

type Range = { from: string; to: string };

export async function studentRecordsBetween(
  db: Queryable,
  schoolId: string,
  studentId: string,
  range: Range,
) {
  return db
    .selectFrom('attendance')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('student_id', '=', studentId)
    .where('event_start', '>=', range.from)
    .where('event_start', '<', range.to)
    .orderBy('event_start')
    .execute();
}

/** The records of the line's members; the membership join stays here, one query for the line. */
export async function lineRecordsBetween(db: Queryable, schoolId: string, lineId: string, range: Range) {
  return db
    .selectFrom('attendance')
    .innerJoin('line_member', (join) =>
      join
        .onRef('line_member.person_id', '=', 'attendance.student_id')
        .on('line_member.line_id', '=', lineId),
    )
    .selectAll('attendance')
    .where('attendance.school_id', '=', schoolId)
    .where('attendance.event_start', '>=', range.from)
    .where('attendance.event_start', '<', range.to)
    .orderBy('attendance.event_start')
    .execute();
}

export async function studentEventsBetween(
  db: Queryable,
  schoolId: string,
  studentId: string,
  range: Range,
): Promise<string[]> {
  const rows = await db
    .selectFrom('attendance')
    .select(['event_id'])
    .where('school_id', '=', schoolId)
    .where('student_id', '=', studentId)
    .where('event_start', '>=', range.from)
    .where('event_start', '<', range.to)
    .execute();
  return rows.map((row) => row.event_id);
}

export async function recordExists(db: Queryable, schoolId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('attendance')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findPreliminary(db: Queryable, schoolId: string, id: string) {
  return db
    .selectFrom('prelim_attendance')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * A new row; should another transaction have written the same one meanwhile (two registrations
 * at once: PostgreSQL makes this one wait for the other), this one replaces it rather than fail.
 */
export async function insertPreliminary(
  trx: Queryable,
  row: Insertable<PrelimAttendanceTable>,
): Promise<void> {
  await trx
    .insertInto('prelim_attendance')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['school_id', 'id']).doUpdateSet({
        event_start: row.event_start,
        note: row.note ?? null,
        preliminary_by: row.preliminary_by ?? null,
        preliminary_status: row.preliminary_status,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function updatePreliminary(
  trx: Queryable,
  schoolId: string,
  id: string,
  row: Updateable<PrelimAttendanceTable>,
): Promise<void> {
  await trx
    .updateTable('prelim_attendance')
    .set(row)
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .execute();
}

export async function deletePreliminary(trx: Queryable, schoolId: string, id: string): Promise<void> {
  await trx.deleteFrom('prelim_attendance').where('school_id', '=', schoolId).where('id', '=', id).execute();
}

export async function findPreliminaryDay(db: Queryable, schoolId: string, date: string, studentId: string) {
  return db
    .selectFrom('prelim_day_attendance')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('date', '=', date)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
}

export async function insertPreliminaryDay(
  trx: Queryable,
  row: Insertable<PrelimDayAttendanceTable>,
): Promise<void> {
  await trx.insertInto('prelim_day_attendance').values(row).execute();
}

/** Rewrites the day's row, found by its school, date and student. */
export async function updatePreliminaryDay(
  trx: Queryable,
  row: Insertable<PrelimDayAttendanceTable>,
): Promise<void> {
  await trx
    .updateTable('prelim_day_attendance')
    .set(row)
    .where('school_id', '=', row.school_id)
    .where('date', '=', row.date)
    .where('student_id', '=', row.student_id)
    .execute();
}

export async function deletePreliminaryDay(
  trx: Queryable,
  schoolId: string,
  date: string,
  studentId: string,
): Promise<void> {
  await trx
    .deleteFrom('prelim_day_attendance')
    .where('school_id', '=', schoolId)
    .where('date', '=', date)
    .where('student_id', '=', studentId)
    .execute();
}

/** Absence in advance per event (by instants) and per day (by school dates), optionally for one student. */
export async function preliminaryBetween(
  db: Queryable,
  schoolId: string,
  query: { instants: Range; dates: Range; studentId?: string },
) {
  let events = db
    .selectFrom('prelim_attendance')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('event_start', '>=', query.instants.from)
    .where('event_start', '<', query.instants.to);
  let days = db
    .selectFrom('prelim_day_attendance')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('date', '>=', query.dates.from)
    .where('date', '<=', query.dates.to);
  if (query.studentId) {
    events = events.where('student_id', '=', query.studentId);
    days = days.where('student_id', '=', query.studentId);
  }
  return Promise.all([events.orderBy('event_start').execute(), days.orderBy('date').execute()]);
}
