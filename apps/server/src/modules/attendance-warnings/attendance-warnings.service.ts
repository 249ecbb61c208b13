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
import { setImmediate as nextTurn } from 'node:timers/promises';
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

/**
 * How many students' year shares are summed in one query. Each query reads a school year of
 * those students' records (≈ 900 each) on the server's one thread; between batches, requests
 * waiting meanwhile are served. Sixty students in one query held everyone up for 120–150 ms.
 */
const SHARES_PER_QUERY = 10;

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
 * have left are left alone. The shares are read first, a few students a query; then, when a
 * mark could change, one transaction of a handful of queries besides one per warning.
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
  const under = (share: YearShare): share is Under =>
    share.perMille !== null && share.perMille < WARNING_PER_MILLE;
  /** The students whose mark these shares would change: those falling and those rising. */
  const changes = (shares: readonly YearShare[], warned: ReadonlySet<string>) => {
    const current = shares.filter((share) => !share.left);
    return {
      falling: current.filter(under).filter((share) => !warned.has(share.studentId)),
      rising: current.filter((share) => !under(share) && warned.has(share.studentId)),
    };
  };

  // First, outside any transaction and a few students a query, which marks could change: a
  // transaction holds SQLite's one connection, so summing a sheet's students inside it would
  // hold every request until the last sum.
  const shares: YearShare[] = [];
  for (let index = 0; index < ids.length; index += SHARES_PER_QUERY) {
    if (index > 0) await nextTurn();
    const batch = ids.slice(index, index + SHARES_PER_QUERY);
    shares.push(...(await yearSharesOf(deps.database, schoolId, batch, year)));
  }
  const guess = changes(shares, await warnedAmong(deps.database.db, schoolId, year.from, ids));
  const candidates = [...guess.falling, ...guess.rising].map((share) => share.studentId);
  if (candidates.length === 0) return { warned: [], cleared: [] };

  // Then those few again in the transaction, so that a job that read before another job's
  // commit decides on what is there now. A student this job did not see change is the
  // business of the job queued by the save that changed them, which reads after it.
  return write(deps, schoolId, async (trx, publish) => {
    const database = { db: trx, dialect: deps.database.dialect };
    const [fresh, warned] = await Promise.all([
      yearSharesOf(database, schoolId, candidates, year),
      warnedAmong(trx, schoolId, year.from, candidates),
    ]);
    const { falling, rising } = changes(fresh, warned);

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
