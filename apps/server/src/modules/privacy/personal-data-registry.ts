import { attendanceProposalsPersonalData } from '../attendance-proposals/attendance-proposals.personal-data';
import { attendancePersonalData } from '../attendance/attendance.personal-data';
import { attendanceWarningsPersonalData } from '../attendance-warnings/attendance-warnings.personal-data';
import { auditPersonalData } from '../audit/audit.personal-data';
import { calendarFeedsPersonalData } from '../calendar-feeds/calendar-feeds.personal-data';
import { calendarPersonalData } from '../calendar/calendar.personal-data';
import { electivesPersonalData } from '../electives/electives.personal-data';
import { filesPersonalData } from '../files/files.personal-data';
import { dietsPersonalData } from '../food/diets.personal-data';
import { menusPersonalData } from '../food/menus.personal-data';
import { groupsPersonalData } from '../groups/groups.personal-data';
import { housePersonalData } from '../house/house.personal-data';
import { leaveApplicationsPersonalData } from '../leave/leave.personal-data';
import { linesPersonalData } from '../lines/lines.personal-data';
import { maintenancePersonalData } from '../maintenance/maintenance.personal-data';
import { notificationsPersonalData } from '../notifications/notifications.personal-data';
import { passkeysPersonalData } from '../passkeys/passkeys.personal-data';
import { passwordLinksPersonalData } from '../password-links/password-links.personal-data';
import { peoplePersonalData } from '../people/people.personal-data';
import { postsPersonalData } from '../posts/posts.personal-data';
import { pushPersonalData } from '../push/push.personal-data';
import { screensPersonalData } from '../screens/screens.personal-data';
import { sessionPersonalData } from '../session/session.personal-data';
import { signInLinksPersonalData } from '../sign-in-links/sign-in-links.personal-data';
import { ssoPersonalData } from '../sso/sso.personal-data';
import { supervisionPersonalData } from '../supervision/supervision.personal-data';
import type { Queryable, Trx } from '../../db/database';
import type { PersonRow } from '../../db/schema';
import type { Publish } from '../../db/write';
import type { PersonalData } from './personal-data';

/**
 * Every module's personal data. Erasure runs in this order: the audit first, while the person's
 * name is still there to find in others' entries; the person's own row last.
 */
export const PERSONAL_DATA: readonly PersonalData[] = [
  auditPersonalData,
  attendancePersonalData,
  attendanceProposalsPersonalData,
  attendanceWarningsPersonalData,
  calendarPersonalData,
  calendarFeedsPersonalData,
  filesPersonalData,
  postsPersonalData,
  notificationsPersonalData,
  pushPersonalData,
  passwordLinksPersonalData,
  signInLinksPersonalData,
  passkeysPersonalData,
  ssoPersonalData,
  linesPersonalData,
  electivesPersonalData,
  groupsPersonalData,
  supervisionPersonalData,
  screensPersonalData,
  menusPersonalData,
  dietsPersonalData,
  maintenancePersonalData,
  housePersonalData,
  leaveApplicationsPersonalData,
  sessionPersonalData,
  peoplePersonalData,
];

/** Whether any module keeps records that involve the person (see PersonalData.hasHistory). */
export async function hasHistory(
  db: Queryable,
  schoolId: string,
  personId: string,
  registry: readonly PersonalData[] = PERSONAL_DATA,
): Promise<boolean> {
  for (const entry of registry) {
    if (entry.hasHistory && (await entry.hasHistory(db, schoolId, personId))) return true;
  }
  return false;
}

/** What ends when a person leaves, in every module. */
export async function leavePersonalData(
  trx: Trx,
  schoolId: string,
  person: PersonRow,
  publish: Publish,
  registry: readonly PersonalData[] = PERSONAL_DATA,
): Promise<void> {
  for (const entry of registry) await entry.leave?.(trx, schoolId, person, publish);
}

export async function erasePersonalData(
  trx: Trx,
  schoolId: string,
  person: PersonRow,
  publish: Publish,
  registry: readonly PersonalData[] = PERSONAL_DATA,
): Promise<void> {
  for (const entry of registry) await entry.erase(trx, schoolId, person, publish);
}

/** The export's sections from every module, in the registry's order. */
export async function exportPersonalData(
  db: Queryable,
  schoolId: string,
  person: PersonRow,
  registry: readonly PersonalData[] = PERSONAL_DATA,
): Promise<Record<string, unknown>> {
  const sections = await Promise.all(registry.map((entry) => entry.export(db, schoolId, person)));
  return Object.assign({}, ...sections) as Record<string, unknown>;
}
