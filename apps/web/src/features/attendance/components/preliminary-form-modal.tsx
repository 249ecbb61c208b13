import {
  Alert,
  Button,
  Group,
  Modal,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { ATTENDANCE_NOTE_MAX } from '@tun/shared/limits';
import type { AttendanceStatus } from '@tun/shared/attendance-status';
import { isIsoDate, todayInSchoolZone } from '@tun/shared/time';
import i18next from 'i18next';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/error-message';
import { fieldPath, focusFirstInvalid } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useCalendarEvents } from '../../../entities/calendar/get-calendar-events';
import { usePeople } from '../../../entities/people/get-people';
import { useRegisterPreliminary } from '../api/register-preliminary';
import { PreliminaryDaysError, useRegisterPreliminaryDays } from '../api/register-preliminary-days';
import { datesBetween } from '../model/attendance-dates';
import { eventOptionGroups } from '../model/event-options';
import { eventTimes } from '../model/event-format';
import { localeTag, useFormatters } from '../../../lib/dates';
import { nameMap, studentOptions } from '../model/people-names';

/** Absence for whole days is for a trip or an illness; longer is a matter for the office. */
export const PRELIMINARY_DAYS_MAX = 31;
/** How far ahead the event picker looks. */
const UPCOMING_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

type Kind = 'event' | 'days';

interface Values {
  studentId: string | null;
  kind: Kind;
  eventId: string | null;
  from: string;
  to: string;
  status: AttendanceStatus;
  note: string;
}

interface PreliminaryFormModalProps {
  opened: boolean;
  onClose: () => void;
}

/** SPEC §2 'a form for a preliminary attendance record': «Meld fravær på forhånd». */
export function PreliminaryFormModal({ opened, onClose }: PreliminaryFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('attendance.preliminary.formTitle')}
      closeButtonProps={{ 'aria-label': t('app.close') }}
      size="lg"
    >
      {/* Mounted only while open, so every opening starts empty. */}
      <PreliminaryForm onDone={onClose} />
    </Modal>
  );
}

function PreliminaryForm({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const format = useFormatters();
  const errorMessage = useErrorMessage();
  const kindLabel = useId();
  const people = usePeople();
  const registerEvent = useRegisterPreliminary();
  const registerDays = useRegisterPreliminaryDays();
  const [failure, setFailure] = useState<string | null>(null);
  // The picker's window starts when the form opens; a moving 'now' would refetch on every render.
  const [now] = useState(() => Date.now());

  const form = useForm<Values>({
    initialValues: {
      studentId: null,
      kind: 'event',
      eventId: null,
      from: todayInSchoolZone(),
      to: todayInSchoolZone(),
      status: 'justifiedLeave',
      note: '',
    },
    validate: {
      studentId: (value) => (value ? null : i18next.t('attendance.preliminary.studentRequired')),
      eventId: (value, values) =>
        values.kind === 'event' && !value ? i18next.t('attendance.preliminary.eventRequired') : null,
      from: (value, values) =>
        values.kind === 'days' && !isIsoDate(value) ? i18next.t('attendance.preliminary.dateInvalid') : null,
      to: (value, values) => {
        if (values.kind !== 'days') return null;
        if (!isIsoDate(value)) return i18next.t('attendance.preliminary.dateInvalid');
        if (!isIsoDate(values.from)) return null;
        if (value < values.from) return i18next.t('attendance.preliminary.toBeforeFrom');
        return datesBetween(values.from, value, PRELIMINARY_DAYS_MAX)
          ? null
          : i18next.t('attendance.preliminary.tooManyDays', { count: PRELIMINARY_DAYS_MAX });
      },
    },
  });
  const values = form.getValues();

  const students = useMemo(
    () => studentOptions(people.data ?? [], localeTag(language)),
    [people.data, language],
  );
  const names = useMemo(() => nameMap(people.data), [people.data]);
  const query = useMemo(
    () =>
      values.studentId && values.kind === 'event'
        ? {
            from: new Date(now).toISOString(),
            to: new Date(now + UPCOMING_DAYS * DAY_MS).toISOString(),
            filter: { person: values.studentId },
          }
        : null,
    [values.studentId, values.kind, now],
  );
  const upcoming = useCalendarEvents(query);
  const eventOptions = useMemo(
    () =>
      eventOptionGroups(
        (upcoming.data ?? []).filter((event) => Date.parse(event.end) > now),
        (event) => `${eventTimes(event, language)} · ${event.name}`,
        (date) => format.date(`${date}T12:00:00Z`, { dateStyle: 'full' }),
      ),
    [upcoming.data, now, language, format],
  );
  const dayCount =
    values.kind === 'days' ? (datesBetween(values.from, values.to, PRELIMINARY_DAYS_MAX)?.length ?? 0) : 0;
  const pending = registerEvent.isPending || registerDays.isPending;

  const showServerErrors = (error: unknown) => {
    if (isApiError(error, 'validation-failed') && error.problem.errors?.length) {
      for (const issue of error.problem.errors) {
        const field = fieldPath(issue.path)[0];
        if (field === 'studentId' || field === 'eventId' || field === 'note')
          form.setFieldError(field, issue.message);
        if (field === 'date') form.setFieldError('from', issue.message);
      }
    }
    setFailure(errorMessage(error));
  };

  const submit = form.onSubmit(
    async (submitted) => {
      setFailure(null);
      const studentId = submitted.studentId!;
      const note = submitted.note.trim() === '' ? null : submitted.note.trim();
      const name = names.get(studentId) ?? '';
      try {
        if (submitted.kind === 'event') {
          await registerEvent.mutateAsync({
            eventId: submitted.eventId!,
            studentId,
            preliminaryStatus: submitted.status,
            note,
          });
          notify({ color: 'fjord', message: t('attendance.preliminary.registeredEvent', { name }) });
        } else {
          const dates = datesBetween(submitted.from, submitted.to, PRELIMINARY_DAYS_MAX) ?? [];
          await registerDays.mutateAsync(
            dates.map((date) => ({ date, studentId, preliminaryStatus: submitted.status, note })),
          );
          notify({
            color: 'fjord',
            message: t('attendance.preliminary.registeredDays', { name, count: dates.length }),
          });
        }
        onDone();
      } catch (error) {
        if (error instanceof PreliminaryDaysError) {
          showServerErrors(error.error);
          setFailure(
            t('attendance.preliminary.daysPartly', {
              done: error.done.length,
              day: format.date(`${error.failed.date}T12:00:00Z`, { dateStyle: 'long' }),
              reason: errorMessage(error.error),
            }),
          );
        } else {
          showServerErrors(error);
        }
        focusFirstInvalid(document.getElementById('attendance-preliminary-form') as HTMLFormElement | null);
      }
    },
    () => focusFirstInvalid(document.getElementById('attendance-preliminary-form') as HTMLFormElement | null),
  );

  return (
    <form id="attendance-preliminary-form" onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden="true" />}
            title={t('attendance.preliminary.failed')}
          >
            {failure}
          </Alert>
        )}
        {/* A list that opens on focus would cover the form when a failed check focuses the field. */}
        <Select
          label={t('attendance.preliminary.student')}
          placeholder={t('attendance.student.selectPlaceholder')}
          data={students}
          searchable
          openOnFocus={false}
          required
          nothingFoundMessage={t('attendance.nothingFound')}
          {...form.getInputProps('studentId')}
          onChange={(value) => {
            // Another student has another calendar: the event chosen is no longer theirs.
            form.setFieldValue('studentId', value);
            form.setFieldValue('eventId', null);
          }}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={kindLabel}>
            {t('attendance.preliminary.kind')}
          </Text>
          <SegmentedControl
            aria-labelledby={kindLabel}
            data={[
              { value: 'event', label: t('attendance.preliminary.kindEvent') },
              { value: 'days', label: t('attendance.preliminary.kindDays') },
            ]}
            value={values.kind}
            onChange={(value) => form.setFieldValue('kind', value === 'days' ? 'days' : 'event')}
          />
        </Stack>
        {values.kind === 'event' ? (
          <Select
            label={t('attendance.preliminary.event')}
            description={
              values.studentId
                ? t('attendance.preliminary.eventDescription', { count: UPCOMING_DAYS })
                : t('attendance.preliminary.eventNeedsStudent')
            }
            placeholder={
              upcoming.isFetching ? t('app.loading') : t('attendance.preliminary.eventPlaceholder')
            }
            data={eventOptions}
            disabled={!values.studentId}
            searchable
            openOnFocus={false}
            required
            nothingFoundMessage={t('attendance.preliminary.noUpcoming')}
            {...form.getInputProps('eventId')}
          />
        ) : (
          <Group gap="sm" align="flex-start" grow>
            <TextInput
              type="date"
              label={t('attendance.period.from')}
              required
              {...form.getInputProps('from')}
            />
            <TextInput
              type="date"
              label={t('attendance.period.to')}
              required
              description={
                dayCount > 0 ? t('attendance.preliminary.dayCount', { count: dayCount }) : undefined
              }
              {...form.getInputProps('to')}
            />
          </Group>
        )}
        <Radio.Group label={t('attendance.preliminary.status')} required {...form.getInputProps('status')}>
          <Group gap="lg" mt={6}>
            <Radio value="justifiedLeave" label={t('attendanceStatus.justifiedLeave')} />
            <Radio value="notAttending" label={t('attendanceStatus.notAttending')} />
          </Group>
        </Radio.Group>
        <Textarea
          label={t('attendance.preliminary.note')}
          description={t('attendance.preliminary.noteDescription')}
          maxLength={ATTENDANCE_NOTE_MAX}
          autosize
          minRows={2}
          {...form.getInputProps('note')}
        />
        <Group justify="flex-end">
          <Button type="button" variant="default" onClick={onDone} disabled={pending}>
            {t('attendance.preliminary.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('attendance.preliminary.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
