import { Alert, Anchor, Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { CalendarEvent } from '@tun/shared/calendar';
import { eventTimeHint } from '@tun/shared/time';
import { schoolDateTimeFormat } from '@tun/shared/time';
import { useTranslation } from 'react-i18next';
import { localeTag } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/error-message';
import { useCan } from '../../../entities/session/access';
import { useSession } from '../../../entities/session/get-session';
import { useNextEvents } from '../api/get-next-events';
import { timeHintText } from '../model/time-hint-text';
import { useNow } from '../../../components/use-now';

const SHOWN = 5;
const TICK_MS = 30_000;

const RANGE_FORMAT: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
};

/** "man. 23. nov., 08:30–10:00", and both dates when it ends on another day: Intl says it best. */
function formatEventRange(event: CalendarEvent, language: string | undefined): string {
  return schoolDateTimeFormat(localeTag(language), RANGE_FORMAT).formatRange(
    new Date(event.start),
    new Date(event.end),
  );
}

/** The dashboard's card: the signed-in person's next events, with SPEC §4's time hint. */
export function NextEventsCard() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const canView = useCan('calendar:view');
  const now = useNow(TICK_MS);
  const events = useNextEvents(session.user.id, now, { enabled: canView });
  const errorMessage = useErrorMessage();
  if (!canView) return null;

  // Ended events have no hint (SPEC §4): they leave the list instead.
  const upcoming = (events.data ?? []).filter((event) => Date.parse(event.end) > now).slice(0, SHOWN);
  const language = i18n.resolvedLanguage ?? i18n.language;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="dashboard-next-events">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4" id="dashboard-next-events">
            {t('nextEvents.title')}
          </Title>
          <Anchor component={Link} to="/app/calendar" size="sm">
            {t('nextEvents.open')}
          </Anchor>
        </Group>
        {events.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
        {events.isError && !events.data && (
          <Alert color="red" variant="light">
            {errorMessage(events.error)}
          </Alert>
        )}
        {events.data && upcoming.length === 0 && <Text>{t('nextEvents.empty')}</Text>}
        {upcoming.length > 0 && (
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {upcoming.map((event) => {
              const hint = timeHintText(
                eventTimeHint(Date.parse(event.start), Date.parse(event.end), now),
                t,
              );
              return (
                <Group component="li" key={event.id} justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600}>{event.name}</Text>
                    <Text size="sm" component="time" dateTime={event.start}>
                      {formatEventRange(event, language)}
                    </Text>
                  </Stack>
                  {hint && (
                    <Badge variant="light" tt="none" style={{ flexShrink: 0 }}>
                      {hint}
                    </Badge>
                  )}
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
