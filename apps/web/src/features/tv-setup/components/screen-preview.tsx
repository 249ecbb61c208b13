import { Box, Stack, Text } from '@mantine/core';
import { shortFullName } from '@tun/shared/names';
import { addDays, schoolDayStart, todayInSchoolZone } from '@tun/shared/time';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../components/use-now';
import { useCalendarEvents } from '../../../entities/calendar/get-calendar-events';
import { useCalendarNames } from '../../../entities/calendar/use-calendar-names';
import { usePeople } from '../../../entities/people/get-people';
import { ScreenDisplay } from '../../../entities/screens/screen-display';
import { useSchool } from '../../../entities/school/get-school';
import { useSession } from '../../../entities/session/get-session';
import { previewCheckIn, previewContent } from '../model/preview-content';
import type { ScreenFormValues } from '../model/screen-form-values';

/** The clock and the programme's «now» move on while the dialog is open. */
const PREVIEW_TICK_MS = 30_000;

/**
 * The layout editor's live preview: the screen as the TV would show it with the layout being
 * edited, filled with today's programme as the admin can read it and sample posts.
 */
export function ScreenPreview({ values }: { values: ScreenFormValues }) {
  const { t } = useTranslation();
  const nowMs = useNow(PREVIEW_TICK_MS);
  const now = useMemo(() => new Date(nowMs), [nowMs]);
  const session = useSession();
  const school = useSchool();
  const people = usePeople({ former: true });
  const names = useCalendarNames();
  const today = todayInSchoolZone(now);
  const events = useCalendarEvents({
    from: new Date(schoolDayStart(today)).toISOString(),
    to: new Date(schoolDayStart(addDays(today, 1))).toISOString(),
    filter: values.roomId === '' ? {} : { room: values.roomId },
  });

  const supervisorId = school.data?.currentSupervision ?? null;
  const supervisor = supervisorId ? people.data?.find((person) => person.id === supervisorId) : undefined;
  const roomName = names.roomName(values.roomId === '' ? null : values.roomId);

  const content = previewContent({
    values,
    school: {
      shortName: session.school.shortName,
      longName: session.school.longName,
      themeColor: session.app.themeColor,
      logoUrl: session.app.logoUrl,
    },
    events: events.data ?? [],
    roomName: names.roomName,
    attendees: (ids) => names.attendees(ids, t('tvSetup.preview.unknownGroup')) ?? [],
    supervision: {
      name: supervisor ? shortFullName(supervisor.name) : null,
      phone: school.data?.supervisionPhone ?? null,
    },
    samplePosts: [{ title: t('tvSetup.preview.postTitle'), body: t('tvSetup.preview.postBody') }],
    ...(session.features.includes('foodPlan')
      ? {
          sampleMenu: {
            meal: t('tvSetup.preview.menuMeal'),
            main: t('tvSetup.preview.menuMain'),
            vegetarian: t('tvSetup.preview.menuVegetarian'),
          },
        }
      : {}),
    now,
  });
  const checkIn = previewCheckIn(values, roomName, window.location.origin, now);
  const portrait = values.orientation === 'portrait';

  return (
    <Stack gap="xs">
      <Box
        data-testid="screen-preview"
        style={{
          aspectRatio: portrait ? '9 / 16' : '16 / 9',
          width: portrait ? 'min(100%, 300px)' : '100%',
          marginInline: 'auto',
          overflow: 'hidden',
          borderRadius: 'var(--mantine-radius-sm)',
          border: '1px solid var(--mantine-color-default-border)',
        }}
      >
        <ScreenDisplay content={content} checkIn={checkIn} now={now} offlineSince={null} preview />
      </Box>
      <Text size="xs" c="dimmed">
        {t('tvSetup.preview.note')}
      </Text>
    </Stack>
  );
}
