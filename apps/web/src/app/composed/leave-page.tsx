import { Stack, Tabs, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../entities/session/access';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ApplyTab } from '../../features/leave-applications/components/apply-tab';
import { MyLeaveTab } from '../../features/leave-applications/components/my-leave-tab';
import { DecideTab, PendingLeaveCount } from '../../features/leave-approvals/components/decide-tab';
import { LeaveSettingsTab } from '../../features/leave-approvals/components/leave-settings-tab';
import type { LeaveTab } from '../search-params';

const route = getRouteApi('/app/leave');

/**
 * Leave (permisjon, decision 027): a student or scholar applies and follows their applications;
 * teachers and admins decide them; admins set the school's rules. Each tab is its feature's.
 */
export function LeaveRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.leave.title'));
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const canApply = useCan('leave:apply', { own: true });
  const canDecide = useCan('leave:approve');
  const canSet = useCan('leave:settings');
  const tabs: LeaveTab[] = [
    ...(canApply ? (['apply', 'mine'] as const) : []),
    ...(canDecide ? (['decide'] as const) : []),
    ...(canSet ? (['settings'] as const) : []),
  ];
  // A notification's link opens the application where the reader works with it.
  const preferred: LeaveTab | undefined =
    search.leave && !search.tab ? (canDecide ? 'decide' : 'mine') : search.tab;
  const tab = preferred && tabs.includes(preferred) ? preferred : (tabs[0] ?? 'mine');
  const select = (value: string | null) =>
    void navigate({ search: { tab: (value ?? tab) as LeaveTab }, replace: true });

  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.leave.title')}</Title>
      <Tabs value={tab} onChange={select} keepMounted={false}>
        <Tabs.List>
          {tabs.map((value) => (
            <Tabs.Tab
              key={value}
              value={value}
              rightSection={value === 'decide' ? <PendingLeaveCount /> : undefined}
            >
              {t(`leave.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {canApply && (
          <>
            <Tabs.Panel value="apply" pt="md">
              <ApplyTab onApplied={() => select('mine')} />
            </Tabs.Panel>
            <Tabs.Panel value="mine" pt="md">
              <MyLeaveTab openId={search.leave} />
            </Tabs.Panel>
          </>
        )}
        {canDecide && (
          <Tabs.Panel value="decide" pt="md">
            <DecideTab openId={search.leave} />
          </Tabs.Panel>
        )}
        {canSet && (
          <Tabs.Panel value="settings" pt="md">
            <LeaveSettingsTab />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
