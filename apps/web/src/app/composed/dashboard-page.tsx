import { Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { dashboardCards } from '@tun/shared/page-data';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePageSettled } from '../../lib/use-page-settled';
import { useSession } from '../../entities/session/get-session';
import { useSchool } from '../../entities/school/get-school';
import { SupervisionCard } from '../../features/supervision/components/supervision-card';
import { MyAttendanceCard } from '../../features/attendance-reports/components/my-attendance-card';
import { NextEventsCard } from '../../features/dashboard/components/next-events-card';
import { LatestPostsCard } from '../../features/posts/components/latest-posts-card';
import { TodaysMenuCard } from '../../features/food-planner/components/todays-menu-card';
import { PendingLeaveCard } from '../../features/leave-approvals/components/pending-leave-card';

export { loadDashboardData } from './dashboard-data';

const route = getRouteApi('/app/dashboard');

/** How long the cards wait for each other before showing what they have. */
const CARDS_WAIT_MS = 3000;

export function DashboardPage() {
  const { t } = useTranslation();
  const session = useSession();
  const cards = dashboardCards(session);
  const school = useSchool({ enabled: cards.schoolInfo });
  useDocumentTitle(t('pages.dashboard.title'));
  // The session already carries the name, so there is something to show before /school answers.
  const longName = school.data?.longName ?? session.school.longName;
  // On a phone the cards stand in one column: shown as each one's data came, every card that grew
  // pushed the others down the screen. They load unseen and appear together.
  const cardsShown = usePageSettled(CARDS_WAIT_MS, route.useLoaderData().answered);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('dashboard.greeting', { name: session.user.name.first })}</Title>
        <Text size="lg">{t('dashboard.school', { school: longName })}</Text>
      </Stack>
      {!cardsShown && <Loader size="sm" aria-label={t('app.loading')} />}
      <SimpleGrid
        cols={{ base: 1, md: 2 }}
        aria-busy={!cardsShown}
        style={cardsShown ? undefined : { visibility: 'hidden' }}
      >
        {/* Each card belongs to a feature; one the school has switched off is not shown. */}
        {cards.nextEvents && <NextEventsCard />}
        {cards.latestPosts && <LatestPostsCard />}
        {cards.myAttendance && <MyAttendanceCard />}
        {cards.supervision && <SupervisionCard />}
        {cards.todaysMenu && <TodaysMenuCard />}
        {cards.pendingLeave && <PendingLeaveCard />}
      </SimpleGrid>
    </Stack>
  );
}
