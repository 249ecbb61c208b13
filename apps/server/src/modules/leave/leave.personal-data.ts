/**
 * Applications for leave (decision 027). Their reasons may be about the student's health: they
 * are exported with the person and erased with them. On leaving they stay, the school's record
 * of the period. Who decided others' applications is in the export only as a count, and
 * forgotten at erasure. The absence in advance a leave was is attendance, which keeps its own
 * rules: the records already written keep what they hold.
 */
import type { PersonalData } from '../privacy/personal-data';
import { countDecidedForOthers, deleteLeavesOf, forgetDecider, leavesOfStudent } from './leave.repository';

export const leaveApplicationsPersonalData: PersonalData = {
  name: 'leave',
  columns: { leave_application: ['student_id', 'decided_by'] },
  export: async (db, schoolId, person) => {
    const [leaves, decided] = await Promise.all([
      leavesOfStudent(db, schoolId, person.id),
      countDecidedForOthers(db, schoolId, person.id),
    ]);
    return {
      leaveApplications: leaves.map((row) => ({
        id: row.id,
        start: row.start_at,
        end: row.end_at,
        category: row.category,
        reason: row.reason,
        sleepsAway: row.sleeps_away === 1,
        phone: row.phone,
        status: row.status,
        appliedAt: row.created_at,
        decidedBy: row.decided_by,
        decidedAt: row.decided_at,
        comment: row.comment,
      })),
      leaveDecidedForOthers: decided,
    };
  },
  erase: async (trx, schoolId, person, publish) => {
    if (await deleteLeavesOf(trx, schoolId, person.id)) publish('leave', [person.id]);
    const students = await forgetDecider(trx, schoolId, person.id);
    if (students.length > 0) publish('leave', students);
  },
};
