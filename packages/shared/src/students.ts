/**
 * The students page (SPEC §2 /app/students): students and scholars (SPEC §3: no roles, or only
 * stipp) with their lines, room and contact details.
 */
import { z } from 'zod';
import { personNameSchema } from './people';
import type { Role } from './roles';

/** Staff reach students by e-mail and phone; TV screens and fellow students have no need to. */
const CONTACT_VIEWERS: readonly Role[] = ['developer', 'admin', 'teacher', 'janitor', 'kitchen'];

/**
 * Everyone sees who the students are (SPEC §6), but a student's e-mail and phone are personal
 * data that only staff need; students, scholars and TV accounts see name, line and room.
 */
export function canViewStudentContact(roles: readonly Role[]): boolean {
  return roles.some((role) => CONTACT_VIEWERS.includes(role));
}

export const studentSchema = z.object({
  id: z.string(),
  name: personNameSchema,
  /** Has the stipp role (a scholar) rather than none (a student). */
  scholar: z.boolean(),
  lines: z.array(z.object({ id: z.string(), name: z.string() })),
  room: z.string().nullable(),
  /** Present only for viewers who may see contact details (canViewStudentContact). */
  email: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
});
export type Student = z.infer<typeof studentSchema>;
