import { ROLES, type Student } from '@tun/shared';
import type { Queryable } from '../../db/database';
import { personName } from '../../db/rows';

/** Any known role but stipp makes a person staff (or a screen); unknown role ids are ignored. */
const NOT_STUDENT_ROLES = ROLES.filter((role) => role !== 'stipp');

/**
 * Students and scholars at the school (SPEC §3: no roles, or only stipp; not those who have left), with their lines,
 * contact included. Three queries, whatever the number of students.
 */
export async function loadStudents(db: Queryable, schoolId: string): Promise<Student[]> {
  const students = db
    .selectFrom('person')
    .where('person.school_id', '=', schoolId)
    .where('person.left_on', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('person_role')
            .select('person_role.person_id')
            .whereRef('person_role.person_id', '=', 'person.id')
            .where('person_role.role', 'in', NOT_STUDENT_ROLES),
        ),
      ),
    );
  const [personRows, scholarRows, lineRows] = await Promise.all([
    students
      .select(['id', 'first_name', 'middle_name', 'last_name', 'room', 'email', 'phone'])
      .orderBy('last_name')
      .orderBy('first_name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('person_role')
      .select('person_id')
      .where('school_id', '=', schoolId)
      .where('role', '=', 'stipp')
      .execute(),
    db
      .selectFrom('line_member')
      .innerJoin('line', 'line.id', 'line_member.line_id')
      .select(['line_member.person_id', 'line.id', 'line.name'])
      .where('line_member.school_id', '=', schoolId)
      .where('line.school_id', '=', schoolId)
      .where('line_member.person_id', 'in', students.select('person.id'))
      .orderBy('line.name')
      .execute(),
  ]);
  const scholars = new Set(scholarRows.map((row) => row.person_id));
  const linesOf = new Map<string, { id: string; name: string }[]>();
  for (const row of lineRows) {
    linesOf.set(row.person_id, [...(linesOf.get(row.person_id) ?? []), { id: row.id, name: row.name }]);
  }
  return personRows.map((row) => ({
    id: row.id,
    name: personName(row),
    scholar: scholars.has(row.id),
    lines: linesOf.get(row.id) ?? [],
    room: row.room,
    email: row.email,
    phone: row.phone,
  }));
}
