import { grantsOf } from '@tun/shared/policy';
import { describe, expect, it } from 'vitest';
import { PAGE_ACCESS } from '../../app/pages';
import { can, canAccess } from './access';

describe('can', () => {
  const student = grantsOf([]);

  it('grants what the table gives every record', () => {
    expect(can(student, 'rooms:view')).toBe(true);
    expect(can(student, 'rooms:change')).toBe(false);
  });

  it('counts own-only grants only when asked to', () => {
    expect(can(student, 'absence:view')).toBe(false);
    expect(can(student, 'absence:view', { own: true })).toBe(true);
  });
});

describe('page access', () => {
  it('opens setup pages to admins only', () => {
    const admin = grantsOf(['admin']);
    const teacher = grantsOf(['teacher']);
    for (const page of ['specialRoles', 'tvSetup'] as const) {
      expect(canAccess(admin, PAGE_ACCESS[page])).toBe(true);
      expect(canAccess(teacher, PAGE_ACCESS[page])).toBe(false);
    }
  });

  it('opens school info and the timetable to everyone: the admin changes them, the others read them (SPEC §6)', () => {
    for (const roles of [['admin'], ['teacher'], []] as const) {
      expect(canAccess(grantsOf([...roles]), PAGE_ACCESS.schoolInfoSetup)).toBe(true);
      expect(canAccess(grantsOf([...roles]), PAGE_ACCESS.scheduleSetup)).toBe(true);
    }
  });

  it('opens no page of the school to a TV account: it shows its screen (decision 024)', () => {
    const tv = grantsOf(['tv']);
    for (const page of ['schoolInfoSetup', 'scheduleSetup', 'calendar', 'posts', 'students'] as const) {
      expect(canAccess(tv, PAGE_ACCESS[page])).toBe(false);
    }
  });

  it('lets students see their own attendance and submit janitor cases', () => {
    const student = grantsOf([]);
    expect(canAccess(student, PAGE_ACCESS.attendance)).toBe(true);
    expect(canAccess(student, PAGE_ACCESS.janitor)).toBe(true);
    expect(canAccess(student, PAGE_ACCESS.newGroup)).toBe(false);
  });

  it('opens the dashboard to everyone signed in (a TV account is sent on to its screen by the router)', () => {
    expect(canAccess(grantsOf(['tv']), PAGE_ACCESS.dashboard)).toBe(true);
  });
});
