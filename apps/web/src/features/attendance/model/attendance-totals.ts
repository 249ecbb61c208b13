/**
 * Sums of attendance records: per status the number of events and their minutes, and the share
 * of minutes attended. A record keeps its event's minutes (SPEC §3 eventDuration), so these are
 * plain sums over the records.
 */
import type { AttendanceRecord } from '@tun/shared/attendance';
import { ATTENDANCE_STATUSES, attendancePercent, type AttendanceStatus } from '@tun/shared/attendance-status';

export interface AttendanceTotals {
  events: Record<AttendanceStatus, number>;
  minutes: Record<AttendanceStatus, number>;
  totalEvents: number;
  totalMinutes: number;
  /**
   * Per cent of the minutes of mandatory events attended, rounded down to 0.1, as the
   * school-year report counts them (justified leave is still leave); null when none is registered.
   */
  percent: number | null;
  /** Below the 90 % a student needs over the school year. */
  below: boolean;
}

function zeroes(): Record<AttendanceStatus, number> {
  return Object.fromEntries(ATTENDANCE_STATUSES.map((status) => [status, 0])) as Record<
    AttendanceStatus,
    number
  >;
}

type Counted = Pick<AttendanceRecord, 'status' | 'eventDuration' | 'eventMandatory'>;

export function attendanceTotals(records: readonly Counted[]): AttendanceTotals {
  const events = zeroes();
  const minutes = zeroes();
  let mandatory = 0;
  let mandatoryAttended = 0;
  for (const record of records) {
    events[record.status] += 1;
    minutes[record.status] += record.eventDuration;
    if (!record.eventMandatory) continue;
    mandatory += record.eventDuration;
    if (record.status === 'attending') mandatoryAttended += record.eventDuration;
  }
  const totalMinutes = minutes.attending + minutes.notAttending + minutes.justifiedLeave;
  return {
    events,
    minutes,
    totalEvents: records.length,
    totalMinutes,
    ...attendancePercent(mandatoryAttended, mandatory),
  };
}

/** Totals per student: everyone in `studentIds` (none registered is a row of zeroes), then anyone else with records. */
export function totalsByStudent(
  records: readonly (Counted & Pick<AttendanceRecord, 'studentId'>)[],
  studentIds: readonly string[],
): Map<string, AttendanceTotals> {
  const grouped = new Map<string, Counted[]>();
  for (const id of studentIds) grouped.set(id, []);
  for (const record of records) {
    const list = grouped.get(record.studentId);
    if (list) list.push(record);
    else grouped.set(record.studentId, [record]);
  }
  return new Map([...grouped].map(([id, list]) => [id, attendanceTotals(list)]));
}

/** Where a record's effective status comes from (SPEC §4: manual, else advance notice, else tag). */
export type StatusSource = 'manual' | 'preliminary' | 'tag' | 'none';

export function statusSource(
  record: Pick<AttendanceRecord, 'manualStatus' | 'preliminaryStatus' | 'nfcStatus'>,
): StatusSource {
  if (record.manualStatus !== null) return 'manual';
  if (record.preliminaryStatus !== null) return 'preliminary';
  if (record.nfcStatus !== null) return 'tag';
  return 'none';
}
