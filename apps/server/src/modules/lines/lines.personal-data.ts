/**
 * Line membership and line staff places. Membership stays when a student leaves and when they
 * are erased: a line's attendance report sums its members' records, so it must count the same
 * minutes afterwards. Staff places stay when someone leaves (undoing the leave restores them;
 * lists hide former people) and go on erasure.
 */
import type { PersonalData } from '../privacy/personal-data';
import { deleteStaffPlacesOf, linePlacesOf } from './lines.repository';

export const linesPersonalData: PersonalData = {
  name: 'lines',
  columns: { line_member: ['person_id'], line_staff: ['person_id'] },
  export: async (db, schoolId, person) => {
    const { lines, staff } = await linePlacesOf(db, schoolId, person.id);
    return {
      lines: lines.map((line) => ({ id: line.id, name: line.name, shortName: line.short_name })),
      lineStaff: staff.map((row) => ({ lineId: row.id, lineName: row.name, kind: row.kind })),
    };
  },
  erase: async (trx, schoolId, person, publish) => {
    const { lines, staff } = await linePlacesOf(trx, schoolId, person.id);
    await deleteStaffPlacesOf(trx, schoolId, person.id);
    const changed = new Set([...lines, ...staff].map((row) => row.id));
    if (changed.size > 0) publish('lines', [...changed]);
  },
};
