import type { Queryable } from '../../db/database';

/** Lists of ids per query: keeps the IN lists short on either dialect. */
const CHUNK = 500;

/**
 * Approved leave that overlaps [from, to) (instants in the UTC form, compared as text), of these
 * students when given, ordered by start.
 */
export async function approvedLeaveOverlapping(
  db: Queryable,
  schoolId: string,
  range: { from: string; to: string },
  studentIds?: readonly string[],
) {
  const query = (ids?: readonly string[]) => {
    let select = db
      .selectFrom('leave_application')
      .select(['id', 'student_id', 'start_at', 'end_at', 'category', 'sleeps_away', 'phone', 'decided_by'])
      .where('school_id', '=', schoolId)
      .where('status', '=', 'approved')
      .where('start_at', '<', range.to)
      .where('end_at', '>', range.from);
    if (ids) select = select.where('student_id', 'in', ids);
    return select.orderBy('start_at').orderBy('id').execute();
  };
  if (!studentIds) return query();
  const unique = [...new Set(studentIds)];
  const rows = [];
  for (let index = 0; index < unique.length; index += CHUNK) {
    rows.push(...(await query(unique.slice(index, index + CHUNK))));
  }
  return rows.sort((a, b) => (a.start_at < b.start_at ? -1 : a.start_at > b.start_at ? 1 : 0));
}
