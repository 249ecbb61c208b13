import { Alert, Button, Checkbox, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { SCHEDULE_ENTRIES_PER_DAY_MAX, WEEK_DAYS, type WeekDay } from '@tun/shared/calendar';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { countsAfterCopy, daysOverLimit, type CopyDayMode, type DraftDays } from '../model/schedule-draft';

const WORKDAYS: readonly WeekDay[] = ['Mo', 'Tu', 'We', 'Th', 'Fr'];

export type CopyRequest =
  /** One entry of `day` to other days. */
  | { kind: 'entry'; day: WeekDay; key: string; name: string }
  /** Every entry of `day` to other days. */
  | { kind: 'day'; day: WeekDay };

interface CopyDaysModalProps {
  opened: boolean;
  request: CopyRequest | undefined;
  days: DraftDays;
  onCopy: (request: CopyRequest, targets: WeekDay[], mode: CopyDayMode) => void;
  onClose: () => void;
}

/** «Kopier til…» for an entry and «Kopier dagen til…» for a day: which days, and (for a day) how. */
export function CopyDaysModal({ opened, request, days, onCopy, onClose }: CopyDaysModalProps) {
  const { t } = useTranslation();
  const title = !request
    ? ''
    : request.kind === 'entry'
      ? t('schedule.copy.entryTitle', { name: request.name })
      : t('schedule.copy.dayTitle', { day: t(`weekDays.${request.day}`) });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {opened && request && <CopyForm request={request} days={days} onCopy={onCopy} onClose={onClose} />}
    </Modal>
  );
}

function CopyForm({
  request,
  days,
  onCopy,
  onClose,
}: {
  request: CopyRequest;
  days: DraftDays;
  onCopy: CopyDaysModalProps['onCopy'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [targets, setTargets] = useState<WeekDay[]>([]);
  const [mode, setMode] = useState<CopyDayMode>('append');
  const [error, setError] = useState<string | null>(null);
  const others = WEEK_DAYS.filter((day) => day !== request.day);
  const added = request.kind === 'entry' ? 1 : days[request.day].length;
  const effectiveMode: CopyDayMode = request.kind === 'entry' ? 'append' : mode;
  const overLimit = daysOverLimit(countsAfterCopy(days, targets, added, effectiveMode));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (targets.length === 0) {
      setError(t('schedule.copy.chooseDays'));
      const first = event.currentTarget.querySelector<HTMLInputElement>('input[type="checkbox"]');
      first?.focus();
      return;
    }
    if (overLimit.length > 0) return;
    onCopy(request, targets, effectiveMode);
  };

  const choose = (next: WeekDay[]) => {
    // Kept in week order, whatever order they were ticked in.
    setTargets(WEEK_DAYS.filter((day) => next.includes(day)));
    setError(null);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {request.kind === 'day' && (
          <Text size="sm">{t('schedule.copy.dayIntro', { count: days[request.day].length })}</Text>
        )}
        <Checkbox.Group
          label={t('schedule.copy.toDays')}
          description={t('schedule.copy.toDaysDescription')}
          value={targets}
          onChange={(value) => choose(value as WeekDay[])}
          error={error}
        >
          <Stack gap="xs" mt="xs">
            {others.map((day) => (
              <Checkbox
                key={day}
                value={day}
                label={t('schedule.copy.dayWithCount', {
                  day: t(`weekDays.${day}`),
                  count: days[day].length,
                })}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group gap="xs">
          <Button
            type="button"
            size="compact-sm"
            variant="light"
            onClick={() => choose(WORKDAYS.filter((day) => day !== request.day))}
          >
            {t('schedule.copy.workdays')}
          </Button>
          <Button type="button" size="compact-sm" variant="light" onClick={() => choose([...others])}>
            {t('schedule.copy.allDays')}
          </Button>
          <Button type="button" size="compact-sm" variant="subtle" onClick={() => choose([])}>
            {t('schedule.copy.noDays')}
          </Button>
        </Group>
        {request.kind === 'day' && (
          <Radio.Group
            label={t('schedule.copy.modeLabel')}
            value={mode}
            onChange={(value) => setMode(value === 'replace' ? 'replace' : 'append')}
          >
            <Stack gap="xs" mt="xs">
              <Radio
                value="append"
                label={t('schedule.copy.append')}
                description={t('schedule.copy.appendDescription')}
              />
              <Radio
                value="replace"
                label={t('schedule.copy.replace')}
                description={t('schedule.copy.replaceDescription')}
              />
            </Stack>
          </Radio.Group>
        )}
        {overLimit.length > 0 && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
            {t('schedule.copy.overLimit', {
              days: overLimit.map((day) => t(`weekDays.${day}`)).join(', '),
              max: SCHEDULE_ENTRIES_PER_DAY_MAX,
            })}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {t('schedule.form.savedLater')}
        </Text>
        <Group justify="flex-end">
          <Button type="button" variant="default" onClick={onClose}>
            {t('modals.cancel')}
          </Button>
          <Button
            type="submit"
            disabled={overLimit.length > 0}
            color={effectiveMode === 'replace' ? 'red' : undefined}
          >
            {effectiveMode === 'replace'
              ? t('schedule.copy.submitReplace', { count: targets.length })
              : t('schedule.copy.submit', { count: targets.length })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
