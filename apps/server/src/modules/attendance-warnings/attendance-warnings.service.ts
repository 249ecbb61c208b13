/**
 * The 93 % warning (decision 027): when records that are not «Til stede» are written, the
 * `attendance.warnings` job works out the students' shares of the school year. A student under
 * ATTENDANCE_WARNING_PERCENT is told, and so are the teachers of their lines, once per school
 * year; when the share is back at 93 % or more the mark goes, so that a new fall warns again.
 */
import {
  ATTENDANCE_REQUIRED_SHARE,
  ATTENDANCE_WARNING_PERCENT,
  fullName,
  schoolYearOf,
  todayInSchoolZone,
} from '@tun/shared';
import type { AppContext } from '../../context';
import { nowIso, type Trx } from '../../db/database';
import { write, type Publish } from '../../db/write';
import type { JobOutcome, JobPayloads } from '../../jobs/job-queue';
import { yearSharesOf, type YearShare } from '../attendance-reports/attendance-reports.service';
import { recordAudits } from '../audit/audit.service';
import { notifyPeople } from '../notifications/notifications.service';
import {
  deleteWarnings,
  insertWarning,
  teachersOfStudents,
  warnedAmong,
} from './attendance-warnings.repository';

type Deps = Pick<AppContext, 'database' | 'live' | 'config'>;

const WARNING_PER_MILLE = ATTENDANCE_WARNING_PERCENT * 10;
const REQUIRED_PERCENT = Math.round(ATTENDANCE_REQUIRED_SHARE * 100);

export const WARNING_ENTITY = 'attendance_warning';

/** The audit id of a student's warning for a school year: `<first day>-<student id>`. */
const warningEntityId = (schoolYear: string, studentId: string) => `${schoolYear}-${studentId}`;

/** What the warnings about a student are in the notification lists, so erasure finds them. */
export const warningSource = (studentId: string) => `attendance-warning:${studentId}`;

/** A share of a student under the warning's threshold. */
type Under = YearShare & { perMille: number };

/** A share in per mille as the report shows it: rounded down to one decimal, a decimal comma. */
const percentText = (perMille: number) => (perMille / 10).toFixed(1).replace('.', ',');

/** The `attendance.warnings` job. */
export async function runAttendanceWarningsJob(
  ctx: AppContext,
  payload: JobPayloads['attendance.warnings'],
): Promise<JobOutcome> {
  await checkAttendanceWarnings(ctx, payload.schoolId, payload.studentIds);
}

/**
 * Warns those of these students who are under 93 % of the school year around `today` and not
 * yet warned this school year, and removes the mark of those back at 93 % or more. Students who
 * have left are left alone. One transaction; a handful of queries besides one per warning.
 */
async function checkAttendanceWarnings(
  deps: Deps,
  schoolId: string,
  studentIds: readonly string[],
  today: string = todayInSchoolZone(),
): Promise<{ warned: string[]; cleared: string[] }> {
  const ids = [...new Set(studentIds)];
  if (ids.length === 0) return { warned: [], cleared: [] };
  const year = schoolYearOf(today);
  return write(deps, schoolId, async (trx, publish) => {
    const [shares, warned] = await Promise.all([
      yearSharesOf({ db: trx, dialect: deps.database.dialect }, schoolId, ids, year),
      warnedAmong(trx, schoolId, year.from, ids),
    ]);
    const current = shares.filter((share) => !share.left);
    const under = (share: YearShare): share is Under =>
      share.perMille !== null && share.perMille < WARNING_PER_MILLE;
    const falling = current.filter(under).filter((share) => !warned.has(share.studentId));
    const rising = current.filter((share) => !under(share) && warned.has(share.studentId));

    const cleared = await deleteWarnings(
      trx,
      schoolId,
      year.from,
      rising.map((share) => share.studentId),
    );
    await recordAudits(
      trx,
      cleared.map((row) => ({
        schoolId,
        actorPersonId: null,
        action: 'delete',
        entity: WARNING_ENTITY,
        entityId: warningEntityId(row.school_year, row.student_id),
        before: { schoolYear: row.school_year, perMille: row.per_mille, warnedAt: row.warned_at },
      })),
    );

    const newlyWarned: string[] = [];
    if (falling.length > 0) {
      const teachers = await teachersOfStudents(
        trx,
        schoolId,
        falling.map((share) => share.studentId),
      );
      for (const share of falling) {
        const teacherIds = teachers
          .filter((row) => row.student_id === share.studentId && row.teacher_id !== share.studentId)
          .map((row) => row.teacher_id);
        if (await warn(trx, publish, deps, schoolId, year.from, share, teacherIds)) {
          newlyWarned.push(share.studentId);
        }
      }
    }
    return { warned: newlyWarned, cleared: cleared.map((row) => row.student_id) };
  });
}

/** Marks one student as warned and tells them and their teachers; false when already marked. */
async function warn(
  trx: Trx,
  publish: Publish,
  deps: Deps,
  schoolId: string,
  schoolYear: string,
  share: Under,
  teacherIds: readonly string[],
): Promise<boolean> {
  const row = {
    school_id: schoolId,
    student_id: share.studentId,
    school_year: schoolYear,
    per_mille: share.perMille,
    warned_at: nowIso(),
  };
  if (!(await insertWarning(trx, row))) return false;
  await recordAudits(trx, [
    {
      schoolId,
      actorPersonId: null,
      action: 'create',
      entity: WARNING_ENTITY,
      entityId: warningEntityId(schoolYear, share.studentId),
      after: { schoolYear, perMille: row.per_mille, warnedAt: row.warned_at },
    },
  ]);
  const percent = percentText(share.perMille);
  const source = warningSource(share.studentId);
  await notifyPeople(trx, publish, deps.config, {
    schoolId,
    personIds: [share.studentId],
    category: 'attendance',
    title: `Oppmøtet ditt er under ${ATTENDANCE_WARNING_PERCENT} %`,
    text:
      `Du har vært til stede i ${percent} % av den obligatoriske undervisningen dette skoleåret. ` +
      `Lånekassen krever minst ${REQUIRED_PERCENT} %. Snakk med kontaktlæreren din om fraværet.`,
    link: '/app/attendance',
    source,
  });
  if (teacherIds.length > 0) {
    const name = fullName(share.name);
    await notifyPeople(trx, publish, deps.config, {
      schoolId,
      personIds: teacherIds,
      category: 'attendance',
      title: `Oppmøtet til ${name} er under ${ATTENDANCE_WARNING_PERCENT} %`,
      text:
        `${name} har vært til stede i ${percent} % av den obligatoriske undervisningen dette ` +
        `skoleåret. Lånekassen krever minst ${REQUIRED_PERCENT} %.`,
      link: '/app/attendance/report',
      source,
    });
  }
  return true;
}
