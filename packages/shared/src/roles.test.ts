import { describe, expect, it } from 'vitest';
import {
  hasRole,
  isStudent,
  isStudentOrScholar,
  parseRoles,
  ROLE_LABELS_NB,
  ROLE_STYLE,
  ROLES,
} from './roles';
import { shortFullName } from './names';

describe('roles (SPEC §3)', () => {
  it('has exactly the seven roles with their Norwegian labels', () => {
    expect(ROLES).toEqual(['developer', 'admin', 'janitor', 'teacher', 'kitchen', 'stipp', 'tv']);
    expect(ROLE_LABELS_NB).toEqual({
      developer: 'Utvikler',
      admin: 'Administrator',
      janitor: 'Vaktmester',
      teacher: 'Lærer',
      kitchen: 'Kjøkkenstab',
      stipp: 'Stipendiat',
      tv: 'TV',
    });
  });

  it('gives every role its own colour and icon', () => {
    const colours = ROLES.map((role) => ROLE_STYLE[role].color);
    expect(new Set(colours).size).toBe(ROLES.length);
    expect(new Set(ROLES.map((role) => ROLE_STYLE[role].icon)).size).toBe(ROLES.length);
  });

  it('treats no roles as a student, and only stipp as a scholar', () => {
    expect(isStudent([])).toBe(true);
    expect(isStudent(['stipp'])).toBe(false);
    expect(isStudentOrScholar([])).toBe(true);
    expect(isStudentOrScholar(['stipp'])).toBe(true);
    expect(isStudentOrScholar(['stipp', 'teacher'])).toBe(false);
  });

  it('skips an unknown role id with a warning (SPEC §8)', () => {
    const warnings: string[] = [];
    expect(parseRoles(['teacher', 'wizard', 'teacher'], (m) => warnings.push(m))).toEqual(['teacher']);
    expect(warnings).toEqual(['Role with ID not known: wizard']);
  });

  it('checks one role or any of a set; an empty set allows (SPEC §6)', () => {
    expect(hasRole(['teacher'], 'teacher')).toBe(true);
    expect(hasRole(['teacher'], 'admin')).toBe(false);
    expect(hasRole(['kitchen'], ['admin', 'kitchen'])).toBe(true);
    expect(hasRole([], [])).toBe(true);
    expect(hasRole([], ['admin'])).toBe(false);
  });
});

describe('shortFullName (SPEC §3)', () => {
  it('puts the middle initial with a dot between first and last name', () => {
    expect(shortFullName({ first: 'Kari', middle: 'Anne', last: 'Nordmann' })).toBe('Kari A. Nordmann');
    expect(shortFullName({ first: 'Ola', last: 'Nordmann' })).toBe('Ola Nordmann');
    expect(shortFullName({ first: 'Åse', middle: 'øystein', last: 'Li' })).toBe('Åse Ø. Li');
    expect(shortFullName({ first: 'Ola', middle: '  ', last: 'Nordmann' })).toBe('Ola Nordmann');
  });
});
