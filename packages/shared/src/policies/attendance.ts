/**
 * What a person may do with attendance records (SPEC §6): admins and teachers see and change
 * everyone's; students and scholars see their own.
 */
import type { SheetPolicies } from '../attendance';
import { can, canAll, type Principal } from '../policy';

/** See this student's absence: their records, their row of a sheet, a record's history. */
export function mayViewAbsence(principal: Principal, studentId: string): boolean {
  return can(principal, 'absence:view', studentId);
}

/** Save an event's sheet: the statuses and notes of every student on it. */
export function mayChangeSheet(principal: Principal): boolean {
  return canAll(principal.roles, 'absence:change');
}

export function sheetPoliciesOf(principal: Principal): SheetPolicies {
  return { change: mayChangeSheet(principal) };
}
