import { Alert, Button, Group, Loader, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { useBlocker } from '@tanstack/react-router';
import { NORMAL_WEEK_ID, type Schedule } from '@tun/shared/calendar';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCan } from '../../../entities/session/access';
import { useDeleteSchedule } from '../api/delete-schedule';
import { useSchedule } from '../api/get-schedule';
import { useSchedules } from '../api/get-schedules';
import { CreateScheduleModal } from '../components/create-schedule-modal';
import { ScheduleEditor } from '../components/schedule-editor';
import { useScheduleLabel } from '../components/schedule-label';
import { LoadError } from '../../../components/load-error';
import { useConfirmDelete } from '../../../components/use-confirm-delete';

/**
 * /app/setup/schedule: the weekly schedules. The admin edits the normal week and named
 * schedules (an exam week) that replace it on their dates; everyone else may look at them.
 */
export function SchedulePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.scheduleSetup.title'));
  const canChange = useCan('timetable:change');
  const label = useScheduleLabel();
  const schedules = useSchedules();
  const [selected, setSelected] = useState(NORMAL_WEEK_ID);
  const schedule = useSchedule(selected);
  const deletion = useDeleteSchedule();
  const askDelete = useConfirmDelete();
  const [creating, setCreating] = useState(false);
  const [dirty, setDirty] = useState(false);
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);

  // Leaving the page (a link, back, closing the tab) with unsaved changes asks first.
  const blocker = useBlocker({
    shouldBlockFn: () => dirty,
    enableBeforeUnload: () => dirty,
    withResolver: true,
  });

  const summary = schedules.data?.find((candidate) => candidate.id === selected);
  const gone =
    selected !== NORMAL_WEEK_ID &&
    ((schedules.data !== undefined && !summary) ||
      (isApiError(schedule.error) && schedule.error.status === 404));

  const select = (id: string) => {
    if (id === selected) return;
    if (!dirty) {
      setSelected(id);
      return;
    }
    modals.openConfirmModal({
      title: t('schedule.switch.title'),
      children: <Text>{t('schedule.switch.message')}</Text>,
      labels: { confirm: t('schedule.switch.confirm'), cancel: t('modals.cancel') },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t('app.close') },
      onConfirm: () => setSelected(id),
    });
  };

  const confirmDelete = (target: Pick<Schedule, 'id' | 'name'>) =>
    askDelete({
      title: t('schedule.delete.title'),
      body: <Text>{t('schedule.delete.message', { name: target.name })}</Text>,
      confirm: t('schedule.delete.confirm'),
      cancel: t('modals.cancel'),
      deleted: t('schedule.delete.done', { name: target.name }),
      remove: () => {
        // Off the schedule first: its editor (and query) goes away, so the live update of the
        // deletion does not ask the server for a schedule that no longer exists. If deleting
        // fails, it is still in the picker.
        setDirty(false);
        setSelected(NORMAL_WEEK_ID);
        return deletion.mutateAsync(target.id);
      },
    });

  const created = (next: Schedule) => {
    setCreating(false);
    select(next.id);
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('pages.scheduleSetup.title')}</Title>
        <Text c="dimmed">{canChange ? t('schedule.intro') : t('schedule.readOnly')}</Text>
      </Stack>

      {schedules.isPending && <Loader aria-label={t('app.loading')} />}
      {schedules.isError && <LoadFailed query={schedules} />}

      {schedules.data && (
        <Stack gap="xs">
          <Group align="flex-end" gap="sm">
            <Select
              label={t('schedule.picker')}
              data={schedules.data.map((candidate) => ({ value: candidate.id, label: label(candidate) }))}
              value={gone ? null : selected}
              onChange={(value) => value && select(value)}
              allowDeselect={false}
              w={{ base: '100%', xs: 420 }}
              maxDropdownHeight={320}
            />
            {canChange && (
              <Button
                variant="light"
                leftSection={<IconPlus size={18} aria-hidden="true" />}
                onClick={() => setCreating(true)}
              >
                {t('schedule.create.action')}
              </Button>
            )}
          </Group>
          <Text size="sm" maw={720}>
            {t('schedule.whichApplies')}
          </Text>
        </Stack>
      )}

      {gone && (
        <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="status">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('schedule.gone')}</Text>
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                setDirty(false);
                setSelected(NORMAL_WEEK_ID);
              }}
            >
              {t('schedule.showNormalWeek')}
            </Button>
          </Stack>
        </Alert>
      )}

      {!gone && schedule.isPending && <Loader aria-label={t('app.loading')} />}
      {!gone && schedule.isError && !schedule.data && <LoadFailed query={schedule} />}
      {!gone && schedule.data && (
        <ScheduleEditor
          // A fresh editor per schedule: a draft never carries over to another schedule.
          key={selected}
          schedule={schedule.data}
          canChange={canChange}
          onDirtyChange={onDirtyChange}
          onDelete={() => confirmDelete(schedule.data)}
        />
      )}

      {canChange && schedules.data && (
        <CreateScheduleModal
          opened={creating}
          schedules={schedules.data}
          onClose={() => setCreating(false)}
          onCreated={created}
        />
      )}

      <Modal
        opened={blocker.status === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={t('schedule.leave.title')}
        closeButtonProps={{ 'aria-label': t('app.close') }}
      >
        <Stack gap="md">
          <Text>{t('schedule.leave.message')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
              {t('schedule.leave.stay')}
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              {t('schedule.leave.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** A schedule that could not be fetched, with the reason and a way to try again. */
function LoadFailed({ query }: { query: { error: unknown; refetch: () => Promise<unknown> } }) {
  const { t } = useTranslation();
  return (
    <LoadError title={t('schedule.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
  );
}
