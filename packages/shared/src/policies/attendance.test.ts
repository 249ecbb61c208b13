import { describe, expect, it } from 'vitest';
import { AUDIENCES, rolesOfAudience } from '../roles';
import { mayChangeSheet, mayViewAbsence, sheetPoliciesOf } from './attendance';

describe('absence of one student', () => {
  // Columns: developer, admin, janitor, teacher, kitchen, stipp, tv, student.
  const OWN = '  Y Y - Y - Y - Y';
  const OTHER = 'Y Y - Y - - - -';
  const SHEET = 'Y Y - Y - - - -';

  AUDIENCES.forEach((audience, index) => {
    it(`${audience}: own ${OWN.trim().split(/\s+/)[index]}, other ${OTHER.split(/\s+/)[index]}`, () => {
      const principal = { personId: 'me', roles: rolesOfAudience(audience) };
      const cell = (yes: boolean) => (yes ? 'Y' : '-');
      expect(cell(mayViewAbsence(principal, 'me'))).toBe(OWN.trim().split(/\s+/)[index]);
      expect(cell(mayViewAbsence(principal, 'someone-else'))).toBe(OTHER.split(/\s+/)[index]);
      expect(cell(mayChangeSheet(principal))).toBe(SHEET.split(/\s+/)[index]);
      expect(sheetPoliciesOf(principal)).toEqual({ change: mayChangeSheet(principal) });
    });
  });
});
