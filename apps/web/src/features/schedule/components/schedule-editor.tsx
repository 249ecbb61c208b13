import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { ChangedElsewhereAlert } from '../../../components/changed-elsewhere-alert';
import { NORMAL_WEEK_ID, WEEK_DAYS, type Schedule, type WeekDay } from '@tun/shared/calendar';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useUpdateSchedule } from '../api/update-schedule';
import { CopyDaysModal, type CopyRequest } from './copy-days-modal';
import { DaySection, dayHeadingId, type DayActions } from './day-section';
import { EntryFormModal } from './entry-form-modal';
import {
  copyDayToDays,
  copyEntryToDays,
  draftErrorsOf,
  draftOf,
  firstEntryWithError,
  noErrors,
  putEntry,
  removeEntry,
  sameDraft,
  scheduleInputOf,
  type DraftEntry,
  type DraftErrors,
  type ScheduleDraft,
  type SettingsField,
} from '../model/schedule-draft';
import { SETTINGS_FORM_ID, ScheduleSettings, validateSettings } from './schedule-settings';
import { useScheduleReferences } from './use-schedule-references';

interface ScheduleEditorProps {
  schedule: Schedule;
  canChange: boolean;
  /** Tells the page whether there is anything to lose (switching schedule, leaving the page). */
  onDirtyChange: (dirty: boolean) => void;
  onDelete: () => void;
}

interface EntryDialog {
  opened: boolean;
  day: WeekDay;
  entry?: DraftEntry;
}

const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());
const focusInvalidSetting = () =>
  requestAnimationFrame(() =>
    document.getElementById(SETTINGS_FORM_ID)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
  );

/**
 * One schedule: the admin edits a local copy of the whole week and saves it in one go; others
 * see it read-only. Someone else's save arrives live: with no local changes it simply shows;
 * with local changes they are kept and a notice offers the new version (saving overwrites it).
 */
export function ScheduleEditor({ schedule, canChange, onDirtyChange, onDelete }: ScheduleEditorProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const references = useScheduleReferences();
  const update = useUpdateSchedule();

  // `base` is the server version the draft started from; `seen` the last one that arrived.
  const [base, setBase] = useState(schedule);
  const [seen, setSeen] = useState(schedule);
  const [draft, setDraft] = useState<ScheduleDraft>(() => draftOf(schedule));
  const [errors, setErrors] = useState<DraftErrors>(noErrors);
  const [entryDialog, setEntryDialog] = useState<EntryDialog>({ opened: false, day: 'Mo' });
  const [copyDialog, setCopyDialog] = useState<{ opened: boolean; request?: CopyRequest }>({ opened: false });

  const baseDraft = useMemo(() => draftOf(base), [base]);
  const dirty = !sameDraft(draft, baseDraft);
  const isNamed = schedule.id !== NORMAL_WEEK_ID;

  const adopt = (next: Schedule) => {
    setBase(next);
    setSeen(next);
    setDraft(draftOf(next));
    setErrors(noErrors());
  };

  // A new version from the server (live, or a refetch): shown at once unless it would replace
  // local changes. Adjusted during render rather than in an effect, so no stale frame shows.
  if (schedule !== seen) {
    setSeen(schedule);
    if (!dirty || sameDraft(draftOf(schedule), draft)) {
      setBase(schedule);
      setDraft(draftOf(schedule));
      setErrors(noErrors());
    }
  }

  const changedElsewhere = canChange && dirty && !update.isPending && schedule.updatedAt !== base.updatedAt;

  useEffect(() => onDirtyChange(canChange && dirty), [canChange, dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const clearEntryErrors = (key: string) =>
    setErrors((current) => {
      if (!current.entries[key]) return current;
      const { [key]: _removed, ...entries } = current.entries;
      return { ...current, entries };
    });

  const actions: DayActions = {
    add: (day) => setEntryDialog({ opened: true, day }),
    edit: (day, entry) => setEntryDialog({ opened: true, day, entry }),
    copy: (day, entry) =>
      setCopyDialog({ opened: true, request: { kind: 'entry', day, key: entry.key, name: entry.name } }),
    remove: (day, entry) => {
      setDraft((current) => ({ ...current, days: removeEntry(current.days, day, entry.key) }));
      clearEntryErrors(entry.key);
      notify({
        color: 'fjord',
        message: t('schedule.removed', { name: entry.name, day: t(`weekDays.${day}`) }),
      });
      // The entry and its buttons are gone; the day's heading is the nearest place to carry on from.
      focusLater(dayHeadingId(day));
    },
    copyDay: (day) => setCopyDialog({ opened: true, request: { kind: 'day', day } }),
  };

  const saveEntry = (day: WeekDay, entry: DraftEntry) => {
    setDraft((current) => ({ ...current, days: putEntry(current.days, day, entry) }));
    clearEntryErrors(entry.key);
    setEntryDialog((current) => ({ ...current, opened: false }));
  };

  const copy = (request: CopyRequest, targets: WeekDay[], mode: 'append' | 'replace') => {
    setDraft((current) => ({
      ...current,
      days:
        request.kind === 'entry'
          ? copyEntryToDays(current.days, request.day, request.key, targets)
          : copyDayToDays(current.days, request.day, targets, mode),
    }));
    setCopyDialog((current) => ({ ...current, opened: false }));
    const days = targets.map((day) => t(`weekDays.${day}`)).join(', ');
    notify({
      color: 'fjord',
      message:
        request.kind === 'entry'
          ? t('schedule.copy.doneEntry', { name: request.name, days })
          : t('schedule.copy.doneDay', { day: t(`weekDays.${request.day}`), days }),
    });
  };

  const changeSetting = (field: SettingsField, value: string) => {
    setDraft((current) => ({ ...current, [field]: field === 'name' ? value : value === '' ? null : value }));
    setErrors((current) => ({ ...current, settings: { ...current.settings, [field]: undefined } }));
  };

  const save = async () => {
    if (isNamed) {
      const settings = validateSettings(draft);
      if (Object.keys(settings).length > 0) {
        setErrors({ ...noErrors(), settings });
        focusInvalidSetting();
        return;
      }
    }
    const sent = draft;
    try {
      const saved = await update.mutateAsync({ id: schedule.id, input: scheduleInputOf(sent) });
      adopt(saved);
      notify({ color: 'fjord', message: t('schedule.saved') });
    } catch (error) {
      notify({ color: 'red', message: errorMessage(error) });
      if (!isApiError(error, 'validation-failed')) return;
      const found = draftErrorsOf(sent, error.problem.errors ?? []);
      setErrors(found);
      const first = firstEntryWithError(sent, found);
      // Straight to the first entry to fix, its fields marked; the others are marked in the week.
      if (first) setEntryDialog({ opened: true, day: first.day, entry: first.entry });
      else focusInvalidSetting();
    }
  };

  const discard = () =>
    modals.openConfirmModal({
      title: t('schedule.discard.title'),
      children: <Text>{t('schedule.discard.message')}</Text>,
      labels: { confirm: t('schedule.discard.confirm'), cancel: t('modals.cancel') },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t('app.close') },
      onConfirm: () => adopt(schedule),
    });

  const entryErrorCount = Object.keys(errors.entries).length;

  return (
    <Stack gap="md">
      {canChange && (
        <Paper
          withBorder
          radius="md"
          p="sm"
          shadow={dirty ? 'sm' : undefined}
          style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 60px) + 8px)', zIndex: 3 }}
        >
          <Group justify="space-between" gap="sm">
            <div role="status">
              {dirty ? (
                <Badge color="orange" variant="light" size="lg" radius="sm" tt="none">
                  {t('schedule.unsaved')}
                </Badge>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('schedule.allSaved')}
                </Text>
              )}
            </div>
            <Group gap="xs">
              <Button variant="default" disabled={!dirty || update.isPending} onClick={discard}>
                {t('schedule.discard.action')}
              </Button>
              <Button
                leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />}
                disabled={!dirty}
                loading={update.isPending}
                onClick={() => void save()}
              >
                {t('schedule.save')}
              </Button>
            </Group>
          </Group>
          {/* In the sticky bar, so it is seen wherever in the week the admin is. */}
          {changedElsewhere && (
            <ChangedElsewhereAlert
              mt="sm"
              title={t('schedule.changedElsewhere.title')}
              message={t('schedule.changedElsewhere.message')}
              reloadLabel={t('schedule.changedElsewhere.reload')}
              onReload={() => adopt(schedule)}
            />
          )}
        </Paper>
      )}

      {(entryErrorCount > 0 || errors.other.length > 0) && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden="true" />}
          title={t('schedule.saveFailed')}
        >
          <Stack gap={4}>
            {entryErrorCount > 0 && (
              <Text size="sm">{t('schedule.entriesWithErrors', { count: entryErrorCount })}</Text>
            )}
            {errors.other.map((message, index) => (
              <Text key={index} size="sm">
                {message}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}

      {references.failed && (
        <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
          {t('schedule.referencesFailed')}
        </Alert>
      )}

      {isNamed && (
        <ScheduleSettings
          draft={draft}
          errors={errors.settings}
          onChange={canChange ? changeSetting : undefined}
          onDelete={canChange ? onDelete : undefined}
        />
      )}

      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md" verticalSpacing="md">
        {WEEK_DAYS.map((day) => (
          <DaySection
            key={day}
            day={day}
            entries={draft.days[day]}
            references={references}
            errors={errors.entries}
            actions={canChange ? actions : undefined}
          />
        ))}
      </SimpleGrid>

      {canChange && (
        <>
          <EntryFormModal
            opened={entryDialog.opened}
            day={entryDialog.day}
            entry={entryDialog.entry}
            serverErrors={entryDialog.entry ? errors.entries[entryDialog.entry.key] : undefined}
            references={references}
            onSave={(entry) => saveEntry(entryDialog.day, entry)}
            onClose={() => setEntryDialog((current) => ({ ...current, opened: false }))}
          />
          <CopyDaysModal
            opened={copyDialog.opened}
            request={copyDialog.request}
            days={draft.days}
            onCopy={copy}
            onClose={() => setCopyDialog((current) => ({ ...current, opened: false }))}
          />
        </>
      )}
    </Stack>
  );
}
