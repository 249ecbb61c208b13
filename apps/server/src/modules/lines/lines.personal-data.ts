/**
 * Line membership and line staff places. Membership stays when a student leaves and when they
 * are erased: a line's attendance report sums its members' records, so it must count the same
 * minutes afterwards. Staff places stay when someone leaves (undoing the leave restores them;
 * lists hide former people) and go on erasure.
 */
import type { Queryable } from '../../db/database';
import type { PersonalData } from '../privacy/personal-data';

async function placesOf(db: Queryable, schoolId: string, personId: string) {
  const [lines, staff] = await Promise.all([
    db
      .selectFrom('line_member')
      .innerJoin('line', 'line.id', 'line_member.line_id')
      .select(['line.id', 'line.name', 'line.short_name'])
      .where('line_member.school_id', '=', schoolId)
      .where('line_member.person_id', '=', personId)
      .orderBy('line.name')
      .execute(),
    db
      .selectFrom('line_staff')
      .innerJoin('line', 'line.id', 'line_staff.line_id')
      .select(['line.id', 'line.name', 'line_staff.kind'])
      .where('line_staff.school_id', '=', schoolId)
      .where('line_staff.person_id', '=', personId)
      .orderBy('line.name')
      .execute(),
  ]);
  return { lines, staff };
}

export const linesPersonalData: PersonalData = {
  name: 'lines',
  columns: { line_member: ['person_id'], line_staff: ['person_id'] },
  export: async (db, schoolId, person) => {
    const { lines, staff } = await placesOf(db, schoolId, person.id);
    return {
      lines: lines.map((line) => ({ id: line.id, name: line.name, shortName: line.short_name })),
      lineStaff: staff.map((row) => ({ lineId: row.id, lineName: row.name, kind: row.kind })),
    };
  },
  erase: async (trx, schoolId, person, publish) => {
    const { lines, staff } = await placesOf(trx, schoolId, person.id);
    await trx
      .deleteFrom('line_staff')
      .where('school_id', '=', schoolId)
      .where('person_id', '=', person.id)
      .execute();
    const changed = new Set([...lines, ...staff].map((row) => row.id));
    if (changed.size > 0) publish('lines', [...changed]);
  },
};
