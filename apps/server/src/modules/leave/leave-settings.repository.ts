import type { Queryable } from '../../db/database';
import type { LeaveSettingsTable } from '../../db/schema';

export async function findLeaveSettings(db: Queryable, schoolId: string) {
  return db.selectFrom('leave_settings').selectAll().where('school_id', '=', schoolId).executeTakeFirst();
}

/** One statement, so that two first saves at once do not both insert. */
export async function putLeaveSettings(trx: Queryable, row: LeaveSettingsTable): Promise<void> {
  await trx
    .insertInto('leave_settings')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('school_id').doUpdateSet({
        approvers: row.approvers,
        justified: row.justified,
        absence_day_percent: row.absence_day_percent,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}
