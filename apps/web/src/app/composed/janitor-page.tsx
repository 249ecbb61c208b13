import { Stack, Tabs, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../entities/session/access';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CasesTab } from '../../features/janitor-board/components/cases-tab';
import { RoundsTab } from '../../features/janitor-board/components/rounds-tab';
import { StatsTab } from '../../features/janitor-board/components/stats-tab';
import { MyCasesTab } from '../../features/janitor-cases/components/my-cases-tab';
import { ReportTab } from '../../features/janitor-cases/components/report-tab';
import type { JanitorTab } from '../search-params';

const route = getRouteApi('/app/janitor');

/**
 * The janitor page (SPEC §2 /app/janitor, decision 026): reporting a fault and one's own cases
 * for those who submit; every case as a list or a board, the rounds and the statistics for those
 * who handle. Each tab is its feature's; this page puts them together.
 */
export function JanitorRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.janitor.title'));
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const canSubmit = useCan('maintenance:submit');
  const canHandle = useCan('maintenance:handle');
  const tabs: JanitorTab[] = [
    ...(canSubmit ? (['report', 'mine'] as const) : []),
    ...(canHandle ? (['cases', 'rounds', 'stats'] as const) : []),
  ];
  // The room's QR code opens the form; a handler who cannot submit lands on the cases.
  const preferred: JanitorTab | undefined = search.report ? 'report' : search.tab;
  const tab = preferred && tabs.includes(preferred) ? preferred : (tabs[0] ?? 'report');
  const select = (value: string | null) =>
    void navigate({ search: { tab: (value ?? tab) as JanitorTab }, replace: true });

  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.janitor.title')}</Title>
      <Tabs value={tab} onChange={select} keepMounted={false}>
        <Tabs.List>
          {tabs.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`janitor.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {canSubmit && (
          <>
            <Tabs.Panel value="report" pt="md">
              <ReportTab roomId={search.report} onReported={() => select('mine')} />
            </Tabs.Panel>
            <Tabs.Panel value="mine" pt="md">
              <MyCasesTab />
            </Tabs.Panel>
          </>
        )}
        {canHandle && (
          <>
            <Tabs.Panel value="cases" pt="md">
              <CasesTab />
            </Tabs.Panel>
            <Tabs.Panel value="rounds" pt="md">
              <RoundsTab />
            </Tabs.Panel>
            <Tabs.Panel value="stats" pt="md">
              <StatsTab />
            </Tabs.Panel>
          </>
        )}
      </Tabs>
    </Stack>
  );
}
