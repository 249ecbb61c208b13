/**
 * Attendance records, absence registered in advance and who saved each sheet. The school reports
 * the year's attendance to Lånekassen, so every row stays when a student leaves or is erased;
 * erasure clears the notes (free text that may say why someone was away) in the rows and in
 * their audit entries. Who registered a record stays as an id: after an erasure it resolves to
 * «Slettet bruker».
 */
import { sql } from 'kysely';
import type { Queryable } from '../../db/database';
import { auditOfRecords } from '../audit/audit.repository';
import { auditEntryView, rewriteAuditValues } from '../audit/audit.personal-data';
import type { PersonalData } from '../privacy/personal-data';

/** The audit entities whose ids are `<eventId or date>-<studentId>`. */
const RECORD_ENTITIES = ['attendance', 'prelim_attendance', 'prelim_day_attendance'] as const;

async function exists(query: { executeTakeFirst(): Promise<unknown> }): Promise<boolean> {
  return (await query.executeTakeFirst()) !== undefined;
}

async function countOf(
  db: Queryable,
  table: 'attendance' | 'prelim_attendance' | 'prelim_day_attendance',
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

const withoutNote = (value: unknown): unknown =>
  value !== null && typeof value === 'object' && 'note' in value ? { ...value, note: null } : value;

export const attendancePersonalData: PersonalData = {
  name: 'attendance',
  columns: {
    attendance: ['student_id', 'registered_by', 'preliminary_by'],
    prelim_attendance: ['student_id', 'preliminary_by'],
    prelim_day_attendance: ['student_id', 'preliminary_by'],
    event_attend_reg: ['registered_by'],
  },
  export: async (db, schoolId, person) => {
    const id = person.id;
    const [records, early, days, sheets, audit, registered, earlyByThem, daysByThem] = await Promise.all([
      db
        .selectFrom('attendance')
        .selectAll()
        .where('school_id', '=', schoolId)
        .where('student_id', '=', id)
        .orderBy('event_start')
        .execute(),
      db
        .selectFrom('prelim_attendance')
        .selectAll()
        .where('school_id', '=', schoolId)
        .where('student_id', '=', id)
        .orderBy('event_start')
        .execute(),
      db
        .selectFrom('prelim_day_attendance')
        .selectAll()
        .where('school_id', '=', schoolId)
        .where('student_id', '=', id)
        .orderBy('date')
        .execute(),
      db
        .selectFrom('event_attend_reg')
        .select(['event_id', 'date'])
        .where('school_id', '=', schoolId)
        .where('registered_by', '=', id)
        .orderBy('date')
        .execute(),
      auditOfRecords(db, schoolId, RECORD_ENTITIES, id),
      countOf(db, 'attendance', 'registered_by', schoolId, id),
      countOf(db, 'prelim_attendance', 'preliminary_by', schoolId, id),
      countOf(db, 'prelim_day_attendance', 'preliminary_by', schoolId, id),
    ]);
    return {
      attendance: records.map((row) => ({
        eventId: row.event_id,
        eventStart: row.event_start,
        minutes: row.event_duration,
        mandatory: row.event_mandatory === 1,
        status: row.status,
        manualStatus: row.manual_status,
        nfcStatus: row.nfc_status,
        preliminaryStatus: row.preliminary_status,
        note: row.note,
        registeredBy: row.registered_by,
        updatedAt: row.updated_at,
      })),
      absenceInAdvance: {
        events: early.map((row) => ({
          eventId: row.event_id,
          eventStart: row.event_start,
          status: row.preliminary_status,
          note: row.note,
          registeredBy: row.preliminary_by,
          updatedAt: row.updated_at,
        })),
        days: days.map((row) => ({
          date: row.date,
          status: row.preliminary_status,
          note: row.note,
          registeredBy: row.preliminary_by,
          updatedAt: row.updated_at,
        })),
      },
      attendanceAudit: audit.map(auditEntryView),
      // What they registered about others is the others' data: only how much of it there is.
      attendanceSheetsSaved: sheets.map((row) => ({ eventId: row.event_id, date: row.date })),
      attendanceRegisteredForOthers: {
        records: registered,
        absenceInAdvance: earlyByThem + daysByThem,
      },
    };
  },
  hasHistory: async (db, schoolId, personId) => {
    const involving = <T extends 'attendance' | 'prelim_attendance' | 'prelim_day_attendance'>(table: T) =>
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
  },
  erase: async (trx, schoolId, person, publish) => {
    const events = await trx
      .selectFrom('attendance')
      .select('event_id')
      .where('school_id', '=', schoolId)
      .where('student_id', '=', person.id)
      .union(
        trx
          .selectFrom('prelim_attendance')
          .select('event_id')
          .where('school_id', '=', schoolId)
          .where('student_id', '=', person.id),
      )
      .execute();
    for (const table of ['attendance', 'prelim_attendance', 'prelim_day_attendance'] as const) {
      await trx
        .updateTable(table as 'attendance')
        .set({ note: null })
        .where('school_id', '=', schoolId)
        .where('student_id', '=', person.id)
        .where('note', 'is not', null)
        .execute();
    }
    await rewriteAuditValues(
      trx,
      await auditOfRecords(trx, schoolId, RECORD_ENTITIES, person.id),
      withoutNote,
    );
    if (events.length > 0)
      publish(
        'attendance',
        events.map((row) => row.event_id),
      );
  },
};
