/**
 * Approved leave as the other modules read it (decision 027): attendance as a source of absence
 * registered in advance, the food counts, and the house tonight. It imports nothing but its own
 * module's repositories, so the attendance service may call it while the leave service calls
 * attendance.
 */
import {
  DEFAULT_LEAVE_SETTINGS,
  LEAVE_CATEGORY_LABELS_NB,
  type AttendanceStatus,
  type LeaveCategory,
  type LeaveSettings,
} from '@tun/shared';
import type { Queryable } from '../../db/database';
import { approvedLeaveOverlapping } from './leave-periods.repository';
import { findLeaveSettings } from './leave-settings.repository';

export interface ApprovedLeave {
  id: string;
  studentId: string;
  /** Instants in the UTC form. */
  start: string;
  end: string;
  category: LeaveCategory;
  sleepsAway: boolean;
  phone: string | null;
  /** The absence in advance it is: justifiedLeave when the school counts its category as valid. */
  status: AttendanceStatus;
  /** What the sheet shows beside it: «Permisjon: Hjemreise». */
  note: string;
  /** Who approved it (the absence in advance is theirs); null once they are erased. */
  decidedBy: string | null;
}

/** The school's rules for leave, the defaults until an admin saves them. */
export async function leaveSettingsOf(db: Queryable, schoolId: string): Promise<LeaveSettings> {
  const row = await findLeaveSettings(db, schoolId);
  if (!row) return structuredClone(DEFAULT_LEAVE_SETTINGS);
  return {
    approvers: row.approvers as LeaveSettings['approvers'],
    justified: { ...DEFAULT_LEAVE_SETTINGS.justified, ...(JSON.parse(row.justified) as object) },
    absenceDayPercent: row.absence_day_percent,
  };
}

/** The note of the absence in advance a leave of this category is. */
export function leaveNote(category: LeaveCategory): string {
  return `Permisjon: ${LEAVE_CATEGORY_LABELS_NB[category]}`;
}

/**
 * Approved leave overlapping the instants [from, to), of these students when given: at most a
 * handful of queries whatever the number of students.
 */
export async function approvedLeaveBetween(
  db: Queryable,
  schoolId: string,
  range: { from: string; to: string },
  studentIds?: readonly string[],
): Promise<ApprovedLeave[]> {
  if (studentIds?.length === 0) return [];
  // Every sheet save and tag scan asks: most find no leave, and then need no settings either.
  const rows = await approvedLeaveOverlapping(db, schoolId, range, studentIds);
  if (rows.length === 0) return [];
  const settings = await leaveSettingsOf(db, schoolId);
  return rows.map((row) => {
    const category = row.category as LeaveCategory;
    return {
      id: row.id,
      studentId: row.student_id,
      start: row.start_at,
      end: row.end_at,
      category,
      sleepsAway: row.sleeps_away === 1,
      phone: row.phone,
      status: settings.justified[category] ? 'justifiedLeave' : 'notAttending',
      note: leaveNote(category),
      decidedBy: row.decided_by,
    };
  });
}

/** Whether a leave overlaps the instants [start, end) of an event. */
export function leaveCovers(
  leave: Pick<ApprovedLeave, 'start' | 'end'>,
  start: string,
  end: string,
): boolean {
  return Date.parse(leave.start) < Date.parse(end) && Date.parse(leave.end) > Date.parse(start);
}
