/**
 * Attendance records, absence registered in advance and who saved each sheet. The school reports
 * the year's attendance to Lånekassen, so every row stays when a student leaves or is erased;
 * erasure clears the notes (free text that may say why someone was away) in the rows and in
 * their audit entries. Who registered a record stays as an id: after an erasure it resolves to
 * «Slettet bruker».
 */
import { auditOfRecords } from '../audit/audit.service';
import { auditEntryView, rewriteAuditValues } from '../audit/audit.personal-data';
import type { PersonalData } from '../privacy/personal-data';
import {
  anyAttendanceOf,
  attendanceOfPerson,
  clearNotesOf,
  countRegisteredForOthers,
  eventsOfStudent,
} from './attendance.repository';

/** The audit entities whose ids are `<eventId or date>-<studentId>`. */
const RECORD_ENTITIES = ['attendance', 'prelim_attendance', 'prelim_day_attendance'] as const;

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
    const [[records, early, days, sheets], audit, registered, earlyByThem, daysByThem] = await Promise.all([
      attendanceOfPerson(db, schoolId, id),
      auditOfRecords(db, schoolId, RECORD_ENTITIES, id),
      countRegisteredForOthers(db, 'attendance', 'registered_by', schoolId, id),
      countRegisteredForOthers(db, 'prelim_attendance', 'preliminary_by', schoolId, id),
      countRegisteredForOthers(db, 'prelim_day_attendance', 'preliminary_by', schoolId, id),
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
  hasHistory: (db, schoolId, personId) => anyAttendanceOf(db, schoolId, personId),
  erase: async (trx, schoolId, person, publish) => {
    const events = await eventsOfStudent(trx, schoolId, person.id);
    await clearNotesOf(trx, schoolId, person.id);
    await rewriteAuditValues(
      trx,
      await auditOfRecords(trx, schoolId, RECORD_ENTITIES, person.id),
      withoutNote,
    );
    if (events.length > 0) publish('attendance', events);
  },
};
