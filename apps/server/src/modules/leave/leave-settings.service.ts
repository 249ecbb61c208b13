import {
  LEAVE_CATEGORIES,
  schoolDatesToInstants,
  schoolYearOf,
  todayInSchoolZone,
  type LeaveSettings,
} from '@tun/shared';
import type { RequestPrincipal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { nowIso, type Queryable } from '../../db/database';
import { write } from '../../db/write';
import { refreshAfterLeaveInTransaction } from '../attendance/attendance.service';
import { recordAudit } from '../audit/audit.service';
import { approvedLeaveBetween, leaveSettingsOf } from './leave-periods.service';
import { putLeaveSettings } from './leave-settings.repository';

type Deps = Pick<AppContext, 'database' | 'live'>;

/** The school's rules for leave; the defaults until an admin saves them. */
export async function getLeaveSettings(db: Queryable, schoolId: string): Promise<LeaveSettings> {
  return leaveSettingsOf(db, schoolId);
}

/**
 * An admin changes the school's rules. When a category's leave becomes valid leave or stops being
 * it, the records already written for approved leave of that category in the current school year
 * are worked out again, in the same transaction (decision 027).
 */
export async function saveLeaveSettings(
  deps: Deps,
  actor: Pick<RequestPrincipal, 'schoolId' | 'personId' | 'roles'>,
  input: LeaveSettings,
): Promise<LeaveSettings> {
  const { schoolId } = actor;
  return write(deps, schoolId, async (trx, publish) => {
    const before = await leaveSettingsOf(trx, schoolId);
    const justified = Object.fromEntries(
      LEAVE_CATEGORIES.map((category) => [category, input.justified[category]]),
    ) as LeaveSettings['justified'];
    await putLeaveSettings(trx, {
      school_id: schoolId,
      approvers: input.approvers,
      justified: JSON.stringify(justified),
      absence_day_percent: input.absenceDayPercent,
      updated_at: nowIso(),
    });
    const after = await leaveSettingsOf(trx, schoolId);
    await recordAudit(trx, {
      schoolId,
      actorPersonId: actor.personId,
      action: 'update',
      entity: 'leave_settings',
      entityId: schoolId,
      before,
      after,
    });
    publish('leave', []);
    // The threshold of an absence day changes the reports.
    if (before.absenceDayPercent !== after.absenceDayPercent) publish('attendance', []);

    const switched = LEAVE_CATEGORIES.filter(
      (category) => before.justified[category] !== after.justified[category],
    );
    if (switched.length > 0) {
      const year = schoolYearOf(todayInSchoolZone());
      const leaves = await approvedLeaveBetween(trx, schoolId, schoolDatesToInstants(year.from, year.to));
      const affected = leaves.filter((leave) => switched.includes(leave.category));
      await refreshAfterLeaveInTransaction(
        trx,
        actor,
        affected.map((leave) => ({ studentId: leave.studentId, start: leave.start, end: leave.end })),
        publish,
      );
      // A student hears of their own leave only when it is named.
      publish(
        'leave',
        affected.map((leave) => leave.studentId),
      );
    }
    return after;
  });
}
