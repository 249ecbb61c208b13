import { z } from 'zod';
import { ROLES } from './roles';

export const personNameSchema = z.object({
  first: z.string().trim().min(1).max(100),
  middle: z.string().trim().max(100).optional(),
  last: z.string().trim().min(1).max(100),
});
export type PersonName = z.infer<typeof personNameSchema>;

/** Fields a person may change about themselves (SPEC §3 userMutableData). */
export const userMutableDataSchema = z.object({
  firstSetupDone: z.boolean().optional(),
  mailboxFlag: z.boolean().optional(),
  profilePicURL: z.string().max(2000).optional(),
});
export type UserMutableData = z.infer<typeof userMutableDataSchema>;

export const roleSchema = z.enum(ROLES);

/**
 * Short full name (SPEC §3): first name, then the middle initial followed by a dot if
 * present, then last name. "Kari Anne Nordmann" → "Kari A. Nordmann".
 */
export function shortFullName(name: { first: string; middle?: string | null; last: string }): string {
  const middle = name.middle?.trim();
  const initial = middle ? `${[...middle][0]?.toUpperCase()}.` : '';
  return [name.first.trim(), initial, name.last.trim()].filter(Boolean).join(' ');
}

/** Full name with every part. */
export function fullName(name: { first: string; middle?: string | null; last: string }): string {
  return [name.first, name.middle, name.last]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}
