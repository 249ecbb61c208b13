import type { QueryClient } from '@tanstack/react-query';
import type { Session } from '@tun/shared/auth';
import { currentMenuWeek, dashboardCards, nextEventsWindowStart, PENDING_LEAVE } from '@tun/shared/page-data';
import { leaveListQueryOptions } from '../../entities/leave/get-leave';
import { schoolQueryOptions } from '../../entities/school/get-school';
import { sessionQueryOptions } from '../../entities/session/get-session';
import { myAttendanceQueryOptions } from '../../features/attendance-reports/api/get-my-attendance';
import { nextEventsQueryOptions } from '../../features/dashboard/api/get-next-events';
import { menuWeekQueryOptions } from '../../features/food-planner/api/get-menu-week';
import { latestPostsQueryOptions } from '../../features/posts/api/get-post-feed';
import { supervisionQueryOptions } from '../../features/supervision/api/get-supervision';
import { within } from '../../lib/within';

/**
 * What the page and its cards ask for first, at `now`: the same queries their hooks make, whose
 * requests are those the server names in the page's HTML (dashboardDataPaths).
 */
function askFirst(queryClient: QueryClient, session: Session, now: number): Promise<unknown>[] {
  const cards = dashboardCards(session);
  const ask = [
    cards.schoolInfo && queryClient.ensureQueryData(schoolQueryOptions),
    cards.nextEvents &&
      queryClient.ensureQueryData(nextEventsQueryOptions(session.user.id, nextEventsWindowStart(now))),
    cards.latestPosts && queryClient.ensureQueryData(latestPostsQueryOptions),
    cards.myAttendance && queryClient.ensureQueryData(myAttendanceQueryOptions),
    cards.supervision && queryClient.ensureQueryData(supervisionQueryOptions),
    cards.todaysMenu && queryClient.ensureQueryData(menuWeekQueryOptions(currentMenuWeek(now))),
    cards.pendingLeave && queryClient.ensureQueryData(leaveListQueryOptions(PENDING_LEAVE)),
  ];
  return ask.filter((asked) => asked !== false);
}

/**
 * How long the page waits for its cards' data before it renders without it (each card then shows
 * its own loader): as long as the router waits before showing its loading indicator.
 */
const FIRST_DATA_WAIT_MS = 1000;

/**
 * The route's loader: the cards' data asked for while the page's code loads. The page then
 * renders once with everything, instead of rendering each card again as its answer comes (a
 * render that cannot yield, on a slow phone the longest tasks of the load). A failed answer is
 * the card's to show, not the page's. `answered`: every card has its first answer (or error), so
 * the cards can show at once.
 */
export async function loadDashboardData(queryClient: QueryClient): Promise<{ answered: boolean }> {
  // The /app route's guard has the session in the cache before any loader runs.
  const session = queryClient.getQueryData(sessionQueryOptions.queryKey);
  if (!session) return { answered: false };
  const asked = Promise.allSettled(askFirst(queryClient, session, Date.now())).then(() => true);
  return { answered: (await within(asked, FIRST_DATA_WAIT_MS)) ?? false };
}
