import {
  IconAdjustments,
  IconBuilding,
  IconCalendar,
  IconCalendarTime,
  IconChartBar,
  IconChecklist,
  IconChecks,
  IconDeviceTv,
  IconDoor,
  IconEye,
  IconFolder,
  IconLayoutDashboard,
  IconLuggage,
  IconNews,
  IconPalette,
  IconSchool,
  IconTable,
  IconTool,
  IconToolsKitchen2,
  IconUserCog,
  IconUserShield,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import type { LinkProps } from '@tanstack/react-router';
import type { AppPageKey } from '../pages';

export interface NavItem {
  page: AppPageKey;
  to: NonNullable<LinkProps['to']>;
  icon: Icon;
  /** Active on this path only, not on the paths below it (which have nav items of their own). */
  exact?: boolean;
}

/** What the school day needs; each item shows only to those its page's actions allow. */
export const MAIN_NAV: readonly NavItem[] = [
  { page: 'dashboard', to: '/app/dashboard', icon: IconLayoutDashboard },
  { page: 'posts', to: '/app/posts', icon: IconNews },
  { page: 'calendar', to: '/app/calendar', icon: IconCalendar },
  { page: 'attendance', to: '/app/attendance', icon: IconChecklist, exact: true },
  { page: 'attendanceProposals', to: '/app/attendance/proposals', icon: IconChecks },
  { page: 'attendanceReport', to: '/app/attendance/report', icon: IconChartBar },
  { page: 'students', to: '/app/students', icon: IconUsers },
  { page: 'classes', to: '/app/classes', icon: IconSchool },
  { page: 'electives', to: '/app/electives', icon: IconPalette },
  { page: 'groups', to: '/app/groups', icon: IconUsersGroup },
  { page: 'rooms', to: '/app/rooms', icon: IconDoor },
  { page: 'supervision', to: '/app/tilsyn', icon: IconEye },
  { page: 'leave', to: '/app/leave', icon: IconLuggage },
  { page: 'foodPlanner', to: '/app/food-planner', icon: IconToolsKitchen2 },
  { page: 'files', to: '/app/files', icon: IconFolder },
  { page: 'janitor', to: '/app/janitor', icon: IconTool },
];

/** Administration, grouped under 'Oppsett'. */
export const SETUP_NAV: readonly NavItem[] = [
  { page: 'schoolInfoSetup', to: '/app/setup/schoolinfo', icon: IconBuilding },
  { page: 'users', to: '/app/users', icon: IconUserCog },
  { page: 'specialRoles', to: '/app/setup/specialroles', icon: IconUserShield, exact: true },
  { page: 'specialRolesTable', to: '/app/setup/specialroles/table', icon: IconTable },
  { page: 'scheduleSetup', to: '/app/setup/schedule', icon: IconCalendarTime },
  { page: 'appSetup', to: '/app/setup/app', icon: IconAdjustments },
  { page: 'tvSetup', to: '/app/tv-setup', icon: IconDeviceTv },
];
