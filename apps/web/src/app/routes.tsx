import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { ErrorPage, NotFoundContent, NotFoundPage } from '../components/status-pages';
import { sessionQueryOptions } from '../entities/session/get-session';
import { setupStatusQueryOptions } from '../entities/school/get-setup-status';
import type { Access } from '../entities/session/access';
import type { CalendarSearch } from '../features/calendar/model/calendar-model';
import { isScreenAccount } from '@tun/shared/roles';
import { isApiError } from '../lib/api-client';
import { loadAppCatalog } from '../lib/i18n';
import { unreadCountQueryOptions } from '../features/notifications/api/get-notifications';
import { PAGE_ACCESS, type AppPageKey, type PageKey } from './pages';
import { LoginPage } from './composed/login-page';
import { reportSearch } from '../features/attendance-reports/model/report-search';
import { attendanceSheetQueryOptions } from '../features/attendance/api/get-attendance-sheet';
import { eventQueryOptions } from '../entities/attendance/get-event';
import {
  attendanceSearch,
  classDetailsSearch,
  filesSearch,
  foodPlannerSearch,
  foodPrintSearch,
  janitorSearch,
  leaveSearch,
  supervisionSearch,
  loginSearch,
  postsSearch,
  tokenSearch,
} from './search-params';

export interface RouterContext {
  queryClient: QueryClient;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Catalog key under `pages` for the page's heading and tab title. */
    page?: PageKey;
    /** Actions that open the page; checked by the app shell. */
    access?: Access;
  }
}

// Every page is its own chunk so /login does not download the app. The login page itself is
// part of the start: it is small, and as a chunk of its own it took its form components from
// the lazy pages' libraries (vendor-lazy), so /login loaded all of them. The start's catalog has
// only what /login and the status pages say: every other page loads the whole catalog, with
// its code (`loader: loadAppCatalog`, here and on /app for the pages under it).

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/app', replace: true });
  },
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: loginSearch,
  staticData: { page: 'login' },
  // The setup status decides what the page draws; the page's HTML carries it (page-data.ts), and
  // asked for here it is at hand for the first render. Not awaited: a slow answer shows the loader.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(setupStatusQueryOptions);
  },
  component: LoginPage,
});

/** Not in SPEC §2: where a one-time password link (made by an admin) opens. Public, like /login. */
const setPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'set-password',
  validateSearch: tokenSearch,
  staticData: { page: 'setPassword' },
  loader: loadAppCatalog,
  component: lazyRouteComponent(
    () => import('../features/password-links/pages/set-password-page'),
    'SetPasswordPage',
  ),
});

/** Not in SPEC §2: where a sign-in link from e-mail opens (issue 20). Public, like /login. */
const signInLinkRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login/link',
  validateSearch: tokenSearch,
  staticData: { page: 'signInLink' },
  loader: loadAppCatalog,
  component: lazyRouteComponent(() => import('../features/auth/pages/sign-in-link-page'), 'SignInLinkPage'),
});

const privacyPolicyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'privacy-policy',
  staticData: { page: 'privacyPolicy' },
  loader: loadAppCatalog,
  component: lazyRouteComponent(
    () => import('../features/legal/pages/privacy-policy-page'),
    'PrivacyPolicyPage',
  ),
});

const infoscreenOnboardingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'infoscreen-onboarding',
  staticData: { page: 'infoscreenOnboarding' },
  loader: loadAppCatalog,
  component: lazyRouteComponent(
    () => import('../features/infoscreen/pages/infoscreen-onboarding-page'),
    'InfoscreenOnboardingPage',
  ),
});

/**
 * What a paired TV shows, full screen and without the app's navigation. Only a TV account opens
 * it (decision 024); a TV whose session has ended goes back to pairing.
 */
const screenRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'screen',
  staticData: { page: 'screen' },
  loader: loadAppCatalog,
  beforeLoad: async ({ context }) => {
    let session;
    try {
      session = await context.queryClient.ensureQueryData(sessionQueryOptions);
    } catch (error) {
      if (isApiError(error) && error.status === 401)
        throw redirect({ to: '/infoscreen-onboarding', replace: true });
      throw error;
    }
    if (!isScreenAccount(session.user.roles)) throw redirect({ to: '/app/dashboard', replace: true });
  },
  component: lazyRouteComponent(() => import('../features/infoscreen/pages/screen-page'), 'ScreenPage'),
});

/**
 * Everything under /app needs a session; without one the user is sent to log in and back. A TV
 * account has no pages here: it shows its screen.
 */
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'app',
  beforeLoad: async ({ context, location }) => {
    let session;
    try {
      session = await context.queryClient.ensureQueryData(sessionQueryOptions);
    } catch (error) {
      if (isApiError(error, 'not-in-directory')) {
        throw redirect({ to: '/login', search: { reason: 'not-in-directory' } });
      }
      if (isApiError(error) && error.status === 401) {
        throw redirect({ to: '/login', search: { redirect: location.href } });
      }
      throw error;
    }
    if (isScreenAccount(session.user.roles)) throw redirect({ to: '/screen', replace: true });
  },
  loader: (match) => {
    // The bell's count, asked for before the header first renders (the page's HTML carries it):
    // asked for by the bell as it mounted, its answer came just after and the header rendered
    // again, synchronously, in the same task as the page's first commit. Only when there is none
    // yet: the live stream keeps it fresh, so a later navigation asks for nothing.
    void match.context.queryClient.ensureQueryData(unreadCountQueryOptions()).catch(() => undefined);
    return loadAppCatalog(match);
  },
  component: lazyRouteComponent(() => import('./shell/app-layout'), 'AppLayout'),
  errorComponent: ErrorPage,
  notFoundComponent: NotFoundContent,
});

const appIndexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/app/dashboard', replace: true });
  },
});

function page(key: AppPageKey) {
  return { page: key, access: PAGE_ACCESS[key] };
}

const dashboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'dashboard',
  staticData: page('dashboard'),
  // From the page's own chunk, which the router loads anyway: no request of its own.
  loader: async ({ context }) =>
    (await import('./composed/dashboard-page')).loadDashboardData(context.queryClient),
  component: lazyRouteComponent(() => import('./composed/dashboard-page'), 'DashboardPage'),
});

/** /app/posts?filter=…&q=…&post=…: the feed, filtered and searched; `post` opens one post. */
const postsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'posts',
  validateSearch: postsSearch,
  staticData: page('posts'),
  component: lazyRouteComponent(() => import('../features/posts/pages/posts-page'), 'PostsPage'),
});
/** /app/calendar?show=school, or one of ?line= ?elective= ?group= ?room= ?person=; none is one's own calendar. */
const calendarRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'calendar',
  validateSearch: (search: Record<string, unknown>): CalendarSearch => {
    for (const key of ['line', 'elective', 'group', 'room', 'person'] as const) {
      const value = search[key];
      if (typeof value === 'string' && value.length > 0 && value.length <= 200) return { [key]: value };
    }
    return search.show === 'school' ? { show: 'school' } : {};
  },
  staticData: page('calendar'),
  component: lazyRouteComponent(() => import('./composed/calendar-page'), 'CalendarRoute'),
});
const studentsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'students',
  staticData: page('students'),
  component: lazyRouteComponent(() => import('../features/students/pages/students-page'), 'StudentsPage'),
});
/** SPEC §2 mentions a users page without giving its route. */
const usersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'users',
  staticData: page('users'),
  component: lazyRouteComponent(() => import('./composed/users-page'), 'UsersRoute'),
});
const filesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'files',
  validateSearch: filesSearch,
  staticData: page('files'),
  component: lazyRouteComponent(() => import('../features/files/pages/files-page'), 'FilesPage'),
});
const classesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'classes',
  staticData: page('classes'),
  component: lazyRouteComponent(() => import('../features/lines/pages/lines-page'), 'LinesPage'),
});
export const classDetailsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'classes/details',
  validateSearch: classDetailsSearch,
  staticData: page('classDetails'),
  component: lazyRouteComponent(() => import('../features/lines/pages/line-details-page'), 'LineDetailsPage'),
});
const electivesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'electives',
  staticData: page('electives'),
  component: lazyRouteComponent(() => import('../features/electives/pages/electives-page'), 'ElectivesPage'),
});
const supervisionRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'tilsyn',
  staticData: page('supervision'),
  validateSearch: supervisionSearch,
  component: lazyRouteComponent(() => import('./composed/supervision-page'), 'SupervisionRoute'),
});
/** The fire list (brannliste): everyone in the house now, on A4 (decision 027). */
const fireListRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'tilsyn/brannliste',
  staticData: page('fireList'),
  component: lazyRouteComponent(() => import('../features/house/pages/fire-list-page'), 'FireListPage'),
});
/** Not in SPEC §2: leave (permisjon), decision 027. */
const leaveRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'leave',
  staticData: page('leave'),
  validateSearch: leaveSearch,
  component: lazyRouteComponent(() => import('./composed/leave-page'), 'LeaveRoute'),
});
const groupsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'groups',
  staticData: page('groups'),
  component: lazyRouteComponent(() => import('../features/groups/pages/groups-page'), 'GroupsPage'),
});
const newGroupRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'groups/new',
  staticData: page('newGroup'),
  component: lazyRouteComponent(() => import('../features/groups/pages/new-group-page'), 'NewGroupPage'),
});
const foodPlannerRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'food-planner',
  staticData: page('foodPlanner'),
  validateSearch: foodPlannerSearch,
  component: lazyRouteComponent(() => import('./composed/food-planner-page'), 'FoodPlannerRoute'),
});
const foodPrintRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'food-planner/print',
  staticData: page('foodPlanner'),
  validateSearch: foodPrintSearch,
  component: lazyRouteComponent(
    () => import('../features/food-planner/pages/menu-print-page'),
    'MenuPrintPage',
  ),
});
const roomsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'rooms',
  staticData: page('rooms'),
  component: lazyRouteComponent(() => import('./composed/rooms-page'), 'RoomsRoute'),
});
export const attendanceRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'attendance',
  validateSearch: attendanceSearch,
  staticData: page('attendance'),
  loaderDeps: ({ search }) => ({ type: search.type, id: search.id }),
  // A sheet's answers are asked for while its code loads, not once it has rendered: they are
  // then at hand for the first render (the page's HTML has had the browser fetch them already,
  // page-data.ts), and the rows render with the page, not after it. Not awaited, so a slow
  // answer never holds the page back.
  loader: ({ context, deps }) => {
    if (deps.type !== 'event' || !deps.id) return;
    void context.queryClient.prefetchQuery(attendanceSheetQueryOptions(deps.id));
    void context.queryClient.prefetchQuery(eventQueryOptions(deps.id));
  },
  component: lazyRouteComponent(
    () => import('../features/attendance/pages/attendance-page'),
    'AttendancePage',
  ),
});
/** Not in SPEC §2: scholars propose attendance, teachers and admins approve it (SPEC §6 Proposals). */
const attendanceProposalsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'attendance/proposals',
  staticData: page('attendanceProposals'),
  component: lazyRouteComponent(
    () => import('../features/attendance-proposals/pages/attendance-proposals-page'),
    'AttendanceProposalsPage',
  ),
});
/**
 * Not in SPEC §2: where a room's tag or QR code leads (/app/scan?room=…&key=…). Every signed-in
 * user may open it; the server decides who is checked in. Without a session, login comes back here.
 */
const scanRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'scan',
  validateSearch: (search: Record<string, unknown>): { room?: string; key?: string } => {
    const valid = (value: unknown, max: number): value is string =>
      typeof value === 'string' && value.length > 0 && value.length <= max;
    return {
      ...(valid(search.room, 200) ? { room: search.room } : {}),
      ...(valid(search.key, 100) ? { key: search.key } : {}),
    };
  },
  staticData: { page: 'scan' },
  component: lazyRouteComponent(() => import('../features/attendance-tags/pages/scan-page'), 'ScanPage'),
});
/** Not in SPEC §2: attendance per student, line and week for a period, with CSV (staff who take attendance). */
const attendanceReportRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'attendance/report',
  validateSearch: reportSearch,
  staticData: page('attendanceReport'),
  component: lazyRouteComponent(
    () => import('../features/attendance-reports/pages/attendance-report-page'),
    'AttendanceReportPage',
  ),
});
const janitorRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'janitor',
  staticData: page('janitor'),
  validateSearch: janitorSearch,
  component: lazyRouteComponent(() => import('./composed/janitor-page'), 'JanitorRoute'),
});
const janitorCaseRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'janitor/cases/$caseId',
  staticData: page('janitor'),
  component: lazyRouteComponent(() => import('../features/janitor-cases/pages/case-page'), 'CasePage'),
});
const tvSetupRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'tv-setup',
  staticData: page('tvSetup'),
  validateSearch: (search: Record<string, unknown>): { code?: string } =>
    typeof search.code === 'string' && search.code.length > 0 && search.code.length <= 20
      ? { code: search.code }
      : {},
  component: lazyRouteComponent(() => import('../features/tv-setup/pages/tv-setup-page'), 'TvSetupPage'),
});
const schoolInfoSetupRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'setup/schoolinfo',
  staticData: page('schoolInfoSetup'),
  component: lazyRouteComponent(() => import('./composed/school-info-page'), 'SchoolInfoRoute'),
});
const specialRolesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'setup/specialroles',
  staticData: page('specialRoles'),
  component: lazyRouteComponent(
    () => import('../features/people/pages/special-roles-page'),
    'SpecialRolesPage',
  ),
});
const specialRolesTableRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'setup/specialroles/table',
  staticData: page('specialRolesTable'),
  component: lazyRouteComponent(
    () => import('../features/people/pages/special-roles-table-page'),
    'SpecialRolesTablePage',
  ),
});
const appSetupRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'setup/app',
  staticData: page('appSetup'),
  component: lazyRouteComponent(() => import('../features/app-setup/pages/app-setup-page'), 'AppSetupPage'),
});
const scheduleSetupRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'setup/schedule',
  staticData: page('scheduleSetup'),
  component: lazyRouteComponent(() => import('../features/schedule/pages/schedule-page'), 'SchedulePage'),
});

export const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  signInLinkRoute,
  setPasswordRoute,
  privacyPolicyRoute,
  infoscreenOnboardingRoute,
  screenRoute,
  appRoute.addChildren([
    appIndexRoute,
    dashboardRoute,
    postsRoute,
    calendarRoute,
    studentsRoute,
    usersRoute,
    filesRoute,
    classesRoute,
    classDetailsRoute,
    electivesRoute,
    supervisionRoute,
    fireListRoute,
    leaveRoute,
    groupsRoute,
    newGroupRoute,
    foodPlannerRoute,
    foodPrintRoute,
    roomsRoute,
    attendanceRoute,
    attendanceReportRoute,
    attendanceProposalsRoute,
    scanRoute,
    janitorRoute,
    janitorCaseRoute,
    tvSetupRoute,
    schoolInfoSetupRoute,
    specialRolesRoute,
    specialRolesTableRoute,
    appSetupRoute,
    scheduleSetupRoute,
  ]),
]);
