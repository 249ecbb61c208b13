import { Alert, Group, Loader, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { CASE_LIST_PAGE_MAX, type CaseStatus, type CaseSummary } from '@tun/shared/maintenance';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useBoardCases } from '../api/get-board-cases';
import { useSetCaseStatus } from '../api/set-case-status';
import { DEFAULT_CASE_FILTERS, type CaseFilters } from '../model/case-filters';
import { CaseBoard } from './case-board';
import { CaseFiltersBar } from './case-filters-bar';
import { CaseList } from './case-list';
import { RejectDialog } from './reject-dialog';
import { useCaseNames } from './use-case-names';

type View = 'list' | 'board';

/**
 * Every case of the school for those who handle them (decision 026): filtered, as a list or as
 * a board whose cards move through the statuses. The live topic 'cases' keeps both current.
 */
export function CasesTab() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [filters, setFilters] = useState<CaseFilters>(DEFAULT_CASE_FILTERS);
  const [view, setView] = useState<View>('list');
  const [showRejected, setShowRejected] = useState(false);
  const [rejecting, setRejecting] = useState<CaseSummary | null>(null);
  const [focusCaseId, setFocusCaseId] = useState<string | null>(null);
  const cases = useBoardCases(filters);
  const names = useCaseNames();
  const setStatus = useSetCaseStatus();
  const clearFocus = useCallback(() => setFocusCaseId(null), []);

  const move = (entry: CaseSummary, status: CaseStatus, reason?: string) =>
    setStatus.mutate(
      { id: entry.id, input: { status, ...(reason ? { reason } : {}) } },
      {
        onSuccess: () => {
          setRejecting(null);
          setFocusCaseId(entry.id);
          notify({
            color: 'fjord',
            message: t('janitorBoard.board.moved', {
              number: entry.number,
              status: t(`cases.status.${status}`),
            }),
          });
        },
        onError: (error) =>
          notify({ color: 'red', title: t('janitorBoard.board.moveFailed'), message: errorMessage(error) }),
      },
    );

  const list = cases.data?.cases ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <CaseFiltersBar filters={filters} rooms={names.rooms} onChange={setFilters} />
        <Group gap="md" align="center">
          {view === 'board' && (
            <Switch
              label={t('janitorBoard.board.showRejected')}
              checked={showRejected}
              onChange={(event) => setShowRejected(event.currentTarget.checked)}
            />
          )}
          <SegmentedControl
            aria-label={t('janitorBoard.view.label')}
            value={view}
            onChange={(value) => setView(value as View)}
            data={[
              { value: 'list', label: t('janitorBoard.view.list') },
              { value: 'board', label: t('janitorBoard.view.board') },
            ]}
          />
        </Group>
      </Group>

      {cases.isPending && <Loader aria-label={t('app.loading')} />}
      {cases.isError && (
        <LoadError
          title={t('janitorBoard.loadFailed')}
          error={cases.error}
          onRetry={() => void cases.refetch()}
        />
      )}

      {cases.data && (
        <Text size="sm" c="dimmed" role="status">
          {list.length === 0 ? t('janitorBoard.empty') : t('janitorBoard.count', { count: list.length })}
        </Text>
      )}
      {cases.data?.truncated && (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle aria-hidden="true" />}>
          {t('janitorBoard.truncated', { count: CASE_LIST_PAGE_MAX })}
        </Alert>
      )}

      {cases.data &&
        (view === 'list' ? (
          list.length > 0 && <CaseList cases={list} names={names} />
        ) : (
          <CaseBoard
            cases={list}
            names={names}
            showRejected={showRejected}
            focusCaseId={focusCaseId}
            onFocused={clearFocus}
            onMove={(entry, status) => (status === 'rejected' ? setRejecting(entry) : move(entry, status))}
            moving={setStatus.isPending ? setStatus.variables.id : undefined}
          />
        ))}

      <RejectDialog
        entry={rejecting}
        onClose={() => setRejecting(null)}
        onReject={(entry, reason) => move(entry, 'rejected', reason)}
        saving={setStatus.isPending}
      />
    </Stack>
  );
}
