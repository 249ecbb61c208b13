import type { AttendanceRecord } from '@tun/shared/attendance';

/** A saved record of event e1 for the sheet tests, with the fields a test cares about. */
export function record(studentId: string, fields: Partial<AttendanceRecord> = {}): AttendanceRecord {
  return {
    id: `e1-${studentId}`,
    eventId: 'e1',
    studentId,
    eventDuration: 90,
    eventMandatory: true,
    eventStart: '2026-11-23T07:30:00.000Z',
    note: null,
    registeredBy: 't1',
    preliminaryBy: null,
    status: 'notAttending',
    nfcStatus: null,
    preliminaryStatus: null,
    manualStatus: null,
    updatedAt: '2026-11-23T07:31:00.000Z',
    ...fields,
  };
}
