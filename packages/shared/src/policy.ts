/**
 * The permission table: SPEC §6, one row per action. Server routes declare one of these
 * actions; the session endpoint tells the web app which the user has, so the UI hides what
 * the server would refuse. Decisions beyond the SPEC are in docs/decisions/004-permissions.md.
 */
import type { Grants } from './grants';
import { audiencesOf, type Audience, type Role } from './roles';

const STAFF = ['admin', 'teacher', 'janitor', 'kitchen'] as const satisfies readonly Audience[];
const STUDENTS_AND_SCHOLARS = ['stipp', 'student'] as const satisfies readonly Audience[];

export interface Rule {
  /** Who may do this to any record of the school. */
  readonly allow: 'everyone' | readonly Audience[];
  /** Who may do this only to records they own (their own absence, their own cases…). */
  readonly own?: 'everyone' | readonly Audience[];
}

export const POLICY = {
  // School info
  'schoolInfo:view': { allow: 'everyone' },
  'schoolInfo:change': { allow: ['admin'] },
  // Teachers (staff records and their roles)
  'staff:view': { allow: 'everyone' },
  'staff:change': { allow: ['admin'] },
  'roles:change': { allow: ['admin'] },
  // Evening supervision: staff and scholars take the duty (who is on it is school info)
  'supervision:take': { allow: ['admin', 'teacher', 'janitor', 'kitchen', 'stipp'] },
  // A person's data as a whole: GDPR export and erasure
  'privacy:manage': { allow: ['admin'] },
  // Students
  'students:view': { allow: 'everyone' },
  'students:change': { allow: ['admin'] },
  // Lines, electives, rooms
  'lines:view': { allow: 'everyone' },
  'lines:change': { allow: ['admin'] },
  'electives:view': { allow: 'everyone' },
  'electives:change': { allow: ['admin'] },
  'rooms:view': { allow: 'everyone' },
  'rooms:change': { allow: ['admin'] },
  // Files
  'files:view': { allow: 'everyone' },
  'files:change': { allow: ['admin', 'teacher'] },
  // Posts
  'posts:view': { allow: 'everyone' },
  'posts:change': { allow: STAFF },
  // Calendar: the weekly timetable is admin only; single and one-off events are staff
  'calendar:view': { allow: 'everyone' },
  'timetable:change': { allow: ['admin'] },
  'events:change': { allow: STAFF },
  // Not in the SPEC: iCal feeds of a line's or a room's calendar are for staff (one's own is for all)
  'calendarFeeds:lineAndRoom': { allow: STAFF },
  // Absence
  'absence:view': { allow: ['admin', 'teacher'], own: STUDENTS_AND_SCHOLARS },
  'absence:change': { allow: ['admin', 'teacher'] },
  // Pre-registered absence
  'preliminaryAbsence:view': { allow: ['admin', 'teacher', 'stipp'] },
  'preliminaryAbsence:change': { allow: ['admin', 'teacher'] },
  // Proposals (the SPEC does not show who views them: approvers, and scholars their own)
  'proposals:view': { allow: ['admin', 'teacher'], own: ['stipp'] },
  'proposals:approve': { allow: ['admin', 'teacher'] },
  'proposals:submit': { allow: ['stipp'] },
  // Maintenance cases
  'maintenance:handle': { allow: ['admin', 'janitor'] },
  'maintenance:view': {
    allow: ['admin', 'janitor'],
    own: ['admin', 'teacher', 'kitchen', 'stipp', 'student'],
  },
  'maintenance:submit': { allow: ['admin', 'teacher', 'kitchen', 'stipp', 'student'] },
  // Food plan
  'foodPlan:view': { allow: 'everyone' },
  'foodPlan:change': { allow: ['admin', 'kitchen'] },
  // Not in the SPEC (decision 025): how many will eat, with names, is the kitchen's
  'foodCounts:view': { allow: ['admin', 'kitchen'] },
  // Special diets are health data: the person, the kitchen and admins only
  'diets:view': { allow: ['admin', 'kitchen'], own: 'everyone' },
  'diets:change': { allow: ['admin', 'kitchen'], own: 'everyone' },
  // «Jeg spiser ikke» / «Matpakke»: a student for themselves, the kitchen and admins for anyone
  'meals:choose': { allow: ['admin', 'kitchen'], own: ['student'] },
  // Leave (decision 027): students and scholars apply for their own; teachers and admins
  // approve (which of them, the school's setting says, checked per application)
  'leave:view': { allow: ['admin', 'teacher'], own: STUDENTS_AND_SCHOLARS },
  'leave:apply': { allow: [], own: STUDENTS_AND_SCHOLARS },
  'leave:approve': { allow: ['admin', 'teacher'] },
  'leave:withdraw': { allow: ['admin', 'teacher'], own: STUDENTS_AND_SCHOLARS },
  'leave:settings': { allow: ['admin'] },
  // The house tonight and the evening check: staff, and a scholar while on supervision duty
  // (their «own» is the duty they hold, checked against the school's current supervision)
  'house:view': { allow: STAFF, own: ['stipp'] },
  'house:check': { allow: STAFF, own: ['stipp'] },
  // Temporary groups: all except students (and TV screens, which only show things)
  'groups:view': { allow: 'everyone' },
  'groups:change': { allow: ['admin', 'teacher', 'janitor', 'kitchen', 'stipp'] },
  // Activities: "change own: everyone", but TV screens only show things (decision 004)
  'activities:view': { allow: 'everyone' },
  'activities:change': { allow: ['admin', 'teacher'], own: ['janitor', 'kitchen', 'stipp', 'student'] },
  // Info screens (SPEC §2 /app/tv-setup): pairing, layouts, the emergency banner
  'screens:manage': { allow: ['admin'] },
  // What a paired TV asks for: its own screen's content (decision 024)
  'screen:show': { allow: ['tv'] },
} as const satisfies Record<string, Rule>;

export type Action = keyof typeof POLICY;
export const ACTIONS = Object.keys(POLICY) as Action[];

/** What a route declares: an action of the table, or that it needs no or only a sign-in. */
export type RouteAccess = Action | 'public' | 'authenticated';

export interface Principal {
  readonly personId: string;
  readonly roles: readonly Role[];
}

function matches(
  list: 'everyone' | readonly Audience[] | undefined,
  audiences: readonly Audience[],
): boolean {
  if (list === undefined) return false;
  // Everyone who is a person: a TV account only shows its screen (decision 024), so a rule for
  // everyone reaches it only through another role.
  if (list === 'everyone') return audiences.some((audience) => audience !== 'tv');
  return audiences.some((audience) => list.includes(audience));
}

/** Developers maintain the installation and may do everything an admin may (decision 004). */
function effectiveAudiences(roles: readonly Role[]): Audience[] {
  const audiences = audiencesOf(roles);
  if (audiences.includes('developer') && !audiences.includes('admin')) audiences.push('admin');
  return audiences;
}

/** May the person do this to any record of the school? */
export function canAll(roles: readonly Role[], action: Action): boolean {
  return matches(POLICY[action].allow, effectiveAudiences(roles));
}

/** May the person do this to records they own? (True too when they may do it to all.) */
export function canOwn(roles: readonly Role[], action: Action): boolean {
  const rule: Rule = POLICY[action];
  return canAll(roles, action) || matches(rule.own, effectiveAudiences(roles));
}

/**
 * The one check: may this principal do the action, to a record owned by `ownerId` when given?
 * `null` is a record nobody owns (a schedule occurrence), which only a full grant reaches.
 * Without an owner, an own-only grant counts: the route must then scope to the person's records.
 * Record-level predicates in policies/ are built on this.
 */
export function can(principal: Principal, action: Action, ownerId?: string | null): boolean {
  if (canAll(principal.roles, action)) return true;
  if (!canOwn(principal.roles, action)) return false;
  return ownerId === undefined || ownerId === principal.personId;
}

/** The actions a person has on every record, and those they have on their own records only. */
export function grantsOf(roles: readonly Role[]): Grants {
  const actions = ACTIONS.filter((action) => canAll(roles, action));
  const ownActions = ACTIONS.filter((action) => !canAll(roles, action) && canOwn(roles, action));
  return { actions, ownActions };
}
