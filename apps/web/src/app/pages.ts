import type { AppFeature } from '@tun/shared/app-settings';
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
  // The fire list: the house tonight's, for staff and the scholar on duty (decision 027).
  fireList: ['house:view'],
  // Leave: students and scholars apply, teachers and admins decide (decision 027).
  leave: ['leave:view', 'leave:apply', 'leave:approve'],
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
  // Info screens: pairing, layouts and the emergency banner (decision 024).
  tvSetup: ['screens:manage'],
  // SPEC §6: the admin changes the school info, everyone views it (read-only for them).
  schoolInfoSetup: ['schoolInfo:view'],
  specialRoles: ['roles:change'],
  specialRolesTable: ['roles:change'],
  // Installing the app and push on this device are for everyone; the school's settings are for
  // those with 'schoolInfo:change' (the page shows the form only to them).
  appSetup: [],
  // SPEC §6: the admin changes the timetable, everyone views it (read-only for them).
  scheduleSetup: ['calendar:view'],
} as const satisfies Partial<Record<PageKey, Access>>;

export type AppPageKey = keyof typeof PAGE_ACCESS;

/**
 * The pages each switchable feature owns (docs/decisions/022-installed-app.md). When the school
 * has switched a feature off, its pages leave the navigation and the dashboard, and opening one
 * answers as a page that does not exist, as the server's routes answer 404.
 */
export const FEATURE_PAGES = {
  posts: ['posts'],
  files: ['files'],
  attendance: ['attendance', 'attendanceProposals', 'attendanceReport', 'scan'],
  groups: ['groups', 'newGroup'],
  supervision: ['supervision', 'fireList'],
  foodPlan: ['foodPlanner'],
  maintenance: ['janitor'],
  leave: ['leave'],
} as const satisfies Record<AppFeature, readonly PageKey[]>;

const FEATURE_OF_PAGE: ReadonlyMap<PageKey, AppFeature> = new Map(
  (Object.entries(FEATURE_PAGES) as [AppFeature, readonly PageKey[]][]).flatMap(([feature, pages]) =>
    pages.map((page) => [page, feature] as const),
  ),
);

/** The feature a page belongs to; undefined for pages every school has (calendar, setup, …). */
export function featureOfPage(page: PageKey): AppFeature | undefined {
  return FEATURE_OF_PAGE.get(page);
}

/** Is the page there for a school with these features switched on? */
export function pageIsOn(features: readonly AppFeature[], page: PageKey | undefined): boolean {
  const feature = page === undefined ? undefined : featureOfPage(page);
  return feature === undefined || features.includes(feature);
}
