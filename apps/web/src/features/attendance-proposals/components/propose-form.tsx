import { Group, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import type { Proposal } from '@tun/shared/attendance';
import { todayInSchoolZone } from '@tun/shared/time';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCalendarEvents } from '../../../entities/calendar/get-calendar-events';
import { useCalendarNames } from '../../../entities/calendar/use-calendar-names';
import { ProposeSheet } from './propose-sheet';
import { dayLabel, eventTimes } from '../model/proposal-format';
import { eventsOfDay, recentDays, recentRange } from '../model/proposal-model';
import { LoadError } from '../../../components/load-error';

interface ProposeFormProps {
  /** The scholar's own proposals (all states); undefined while they load. */
  proposals: readonly Proposal[] | undefined;
}

/**
 * «Foreslå oppmøte»: a day (today or the week before), one of its events (the whole school's:
 * a scholar may lead an activity for anyone), then the sheet for it.
 */
export function ProposeForm({ proposals }: ProposeFormProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const names = useCalendarNames();
  // Fixed while the page is open; a page left open past midnight still offers yesterday.
  const [today] = useState(() => todayInSchoolZone());
  const days = useMemo(() => recentDays(today), [today]);
  const query = useMemo(() => ({ ...recentRange(today), filter: {} }), [today]);
  const events = useCalendarEvents(query);
  const [day, setDay] = useState(today);
  const [eventId, setEventId] = useState<string | null>(null);

  const dayEvents = useMemo(() => eventsOfDay(events.data ?? [], day), [events.data, day]);
  const selected = dayEvents.find((event) => event.id === eventId);
  const options = dayEvents.map((event) => {
    const attendees =
      event.groupsAttending.length === 0
        ? t('proposals.propose.wholeSchool')
        : (names.attendees(event.groupsAttending, t('proposals.propose.unknownGroup')) ?? []).join(', ');
    return {
      value: event.id,
      label: t('proposals.propose.eventOption', {
        time: eventTimes(event.start, event.end, language),
        name: event.name,
        attendees,
      }),
    };
  });

  const dayOption = (date: string, index: number) => {
    const label = dayLabel(date, language);
    if (index === 0) return t('proposals.propose.today', { date: label });
    if (index === 1) return t('proposals.propose.yesterday', { date: label });
    return label;
  };

  return (
    <Stack gap="md">
      <Group gap="md" align="flex-start" wrap="wrap">
        <NativeSelect
          label={t('proposals.propose.day')}
          data={days.map((date, index) => ({ value: date, label: dayOption(date, index) }))}
          value={day}
          onChange={(event) => {
            setDay(event.currentTarget.value);
            setEventId(null);
          }}
          w={{ base: '100%', xs: 260 }}
        />
        {/* Native, like the day: the phone's own picker, and no pop-up list to reach by keyboard. */}
        <NativeSelect
          label={t('proposals.propose.event')}
          description={t('proposals.propose.eventDescription')}
          data={[{ value: '', label: t('proposals.propose.eventPlaceholder') }, ...options]}
          value={selected ? selected.id : ''}
          onChange={(change) => setEventId(change.currentTarget.value || null)}
          disabled={!events.data || dayEvents.length === 0}
          style={{ flex: '1 1 20rem' }}
        />
      </Group>

      {events.isPending && <Loader aria-label={t('app.loading')} />}
      {events.isError && (
        <LoadError
          title={t('proposals.propose.loadFailed')}
          error={events.error}
          onRetry={() => void events.refetch()}
        />
      )}
      {events.data && dayEvents.length === 0 && <Text>{t('proposals.propose.noEvents')}</Text>}

      {selected &&
        (proposals ? (
          <ProposeSheet
            key={selected.id}
            event={selected}
            proposal={proposals.find((proposal) => proposal.eventId === selected.id)}
          />
        ) : (
          <Loader aria-label={t('app.loading')} />
        ))}
    </Stack>
  );
}
