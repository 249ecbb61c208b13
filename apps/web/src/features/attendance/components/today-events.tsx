import { Alert, Badge, Group, Loader, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconClipboardCheck } from '@tabler/icons-react';
import { isIsoDate, todayInSchoolZone } from '@tun/shared/time';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/error-message';
import { useOnlineStatus } from '../../../lib/online-status';
import { useSession } from '../../../entities/session/get-session';
import { useCalendarEvents } from '../../../entities/calendar/get-calendar-events';
import { useCalendarNames } from '../../../entities/calendar/use-calendar-names';
import { ButtonLink } from '../../../components/router-links';
import { dayInstants } from '../model/attendance-dates';
import { eventTimes } from '../model/event-format';
import { sheetSaveStates } from '../model/sheet-saves';
import { useAllSheetSaves } from '../api/save-attendance-sheet';

type Scope = 'mine' | 'school';

/**
 * The start view for staff: a day's events (today by default) with a link to take attendance.
 * A teacher sees their own lessons first; the whole school is one tap away.
 */
export function TodayEvents() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const errorMessage = useErrorMessage();
  const session = useSession();
  const names = useCalendarNames();
  const scopeLabel = useId();
  const [scope, setScope] = useState<Scope>(session.user.roles.includes('teacher') ? 'mine' : 'school');
  const [date, setDate] = useState(() => todayInSchoolZone());
  const day = isIsoDate(date) ? date : null;

  const query = useMemo(
    () => (day ? { ...dayInstants(day), filter: scope === 'mine' ? { person: session.user.id } : {} } : null),
    [day, scope, session.user.id],
  );
  const events = useCalendarEvents(query);
  const list = (events.data ?? []).slice().sort((a, b) => a.start.localeCompare(b.start));
  // Sheets saved offline and not through yet, or refused: the teacher finds them here again.
  const saveStates = sheetSaveStates(useAllSheetSaves(), useOnlineStatus());

  return (
    <Stack gap="md">
      <Group gap="md" align="flex-end">
        <TextInput
          type="date"
          label={t('attendance.today.date')}
          value={date}
          onChange={(event) => setDate(event.currentTarget.value)}
          error={day ? undefined : t('attendance.today.dateInvalid')}
          w={{ base: '100%', xs: 200 }}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={scopeLabel}>
            {t('attendance.today.scope')}
          </Text>
          <SegmentedControl
            aria-labelledby={scopeLabel}
            value={scope}
            onChange={(value) => setScope(value === 'mine' ? 'mine' : 'school')}
            data={[
              { value: 'mine', label: t('attendance.today.mine') },
              { value: 'school', label: t('attendance.today.school') },
            ]}
          />
        </Stack>
      </Group>

      {events.isPending && query && <Loader aria-label={t('app.loading')} />}
      {events.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
          {errorMessage(events.error)}
        </Alert>
      )}
      {events.data && list.length === 0 && <Text>{t('attendance.today.empty')}</Text>}
      {list.length > 0 && (
        <Stack
          component="ul"
          gap="xs"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-busy={events.isFetching}
        >
          {list.map((event) => {
            const room = names.roomName(event.roomUsed);
            const attendees = names.attendees(event.groupsAttending, t('attendance.unknownGroup'));
            const who =
              event.groupsAttending.length === 0
                ? t('attendance.today.wholeSchool')
                : (attendees ?? []).join(', ');
            const saveState = saveStates.get(event.id);
            const saveFailed = saveState === 'conflict' || saveState === 'failed';
            return (
              <Paper component="li" key={event.id} withBorder radius="md" p="sm">
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <Stack gap={2} style={{ flex: '1 1 14rem', minWidth: 0 }}>
                    <Group gap="xs">
                      <Text fw={600}>{event.name}</Text>
                      <Badge variant="light" tt="none">
                        {t(`eventTypes.${event.type}`)}
                      </Badge>
                      {saveState && (
                        <Badge
                          variant={saveFailed ? 'filled' : 'outline'}
                          color={saveFailed ? 'red' : 'gray'}
                          tt="none"
                        >
                          {saveFailed ? t('attendance.today.saveFailed') : t('attendance.today.saveWaiting')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm">
                      <time dateTime={event.start}>{eventTimes(event, language)}</time>
                      {room ? ` · ${room}` : ''}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {who}
                    </Text>
                  </Stack>
                  <ButtonLink
                    to="/app/attendance"
                    search={{ type: 'event', id: event.id }}
                    leftSection={<IconClipboardCheck size={18} aria-hidden="true" />}
                    aria-label={t('attendance.today.takeFor', {
                      name: event.name,
                      who,
                      time: eventTimes(event, language),
                    })}
                  >
                    {t('attendance.today.take')}
                  </ButtonLink>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
