import type { Student } from '@tun/shared';
import type { Queryable } from '../../db/database';
import { loadStudents } from './students.repository';

/**
 * Students and scholars at the school (SPEC §3: no roles, or only stipp; not those who have
 * left), with their lines, contact included: the route leaves it out for those who may not see it.
 */
export async function listStudents(db: Queryable, schoolId: string): Promise<Student[]> {
  return loadStudents(db, schoolId);
}
