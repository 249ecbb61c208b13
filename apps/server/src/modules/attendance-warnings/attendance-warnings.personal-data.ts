/**
 * The 93 % warnings sent to a student (decision 027): exported with the person and erased with
 * them, together with the warnings about them in their teachers' notification lists (which name
 * the student). On leaving they stay, like the attendance they were worked out from. A warning
 * is no history of its own: it exists only beside attendance records, which are.
 */
import { auditOfRecords } from '../audit/audit.service';
import { auditEntryView } from '../audit/audit.personal-data';
import { removeNotificationsAbout } from '../notifications/notifications.service';
import type { PersonalData } from '../privacy/personal-data';
import { deleteWarningsOf, warningsOf } from './attendance-warnings.repository';
import { WARNING_ENTITY, warningSource } from './attendance-warnings.service';

export const attendanceWarningsPersonalData: PersonalData = {
  name: 'attendance-warnings',
  columns: { attendance_warning: ['student_id'] },
  export: async (db, schoolId, person) => {
    const [warnings, audit] = await Promise.all([
      warningsOf(db, schoolId, person.id),
      auditOfRecords(db, schoolId, [WARNING_ENTITY], person.id),
    ]);
    return {
      attendanceWarnings: warnings.map((row) => ({
        schoolYear: row.school_year,
        perMille: row.per_mille,
        warnedAt: row.warned_at,
      })),
      attendanceWarningAudit: audit.map(auditEntryView),
    };
  },
  erase: async (trx, schoolId, person) => {
    await deleteWarningsOf(trx, schoolId, person.id);
    await removeNotificationsAbout(trx, warningSource(person.id));
  },
};
