import type nb from '../locales/nb.json';
import type { Access } from '../entities/session/access';

/** A page's key in the catalog's `pages` section; its `title` is the page's h1 and tab title. */
export type PageKey = keyof (typeof nb)['pages'];

/**
 * Which actions of the permission table (SPEC §6) open each signed-in page. The nav and the
 * route guard both read this, so a page is hidden exactly when it would be refused.
 */
export const PAGE_ACCESS = {
  dashboard: [],
  posts: ['posts:view'],
  calendar: ['calendar:view'],
  students: ['students:view'],
  users: ['staff:change', 'students:change'],
  files: ['files:view'],
  classes: ['lines:view'],
  classDetails: ['lines:view'],
  electives: ['electives:view'],
  // Who is on supervision duty is part of the school record.
  supervision: ['schoolInfo:view'],
  groups: ['groups:view'],
  newGroup: ['groups:change'],
  foodPlanner: ['foodPlan:view'],
  rooms: ['rooms:view'],
  // Staff take attendance; students and scholars see their own and report absence in advance.
  attendance: [
    'absence:view',
    'absence:change',
    'preliminaryAbsence:view',
    'proposals:view',
    'proposals:submit',
  ],
  // Scholars propose (and see their own); teachers and admins approve.
  attendanceProposals: ['proposals:view', 'proposals:submit'],
  // Not in SPEC §2: the school's attendance report is for staff who take attendance.
  attendanceReport: ['absence:change'],
  janitor: ['maintenance:submit', 'maintenance:handle', 'maintenance:view'],
  tvSetup: ['schoolInfo:change'],
  // SPEC §6: the admin changes the school info, everyone views it (read-only for them).
  schoolInfoSetup: ['schoolInfo:view'],
  specialRoles: ['roles:change'],
  specialRolesTable: ['roles:change'],
  appSetup: ['schoolInfo:change'],
  // SPEC §6: the admin changes the timetable, everyone views it (read-only for them).
  scheduleSetup: ['calendar:view'],
} as const satisfies Partial<Record<PageKey, Access>>;

export type AppPageKey = keyof typeof PAGE_ACCESS;
