import { List, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { CalendarReferenceKind, CalendarReferences } from '@tun/shared/calendar';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { calendarReferencesQueryOptions } from './get-calendar-references';

const KINDS: readonly CalendarReferenceKind[] = [
  'scheduleEntriesChanged',
  'scheduleEntriesRemoved',
  'eventsChanged',
  'eventsRemoved',
];

/**
 * Asks the server what deleting would change in the calendar (decision 013), so a delete dialog
 * can say it before the user confirms. Undefined, after telling the user, when it cannot be asked.
 */
export function useCalendarReferences() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  return async (path: string): Promise<CalendarReferences | undefined> => {
    try {
      return await queryClient.fetchQuery(calendarReferencesQueryOptions(path));
    } catch (error) {
      notify({ color: 'red', title: t('calendarChanges.failed'), message: errorMessage(error) });
      return undefined;
    }
  };
}

/** The counts that are not zero; nothing when the calendar does not change. */
export function CalendarChanges({ references }: { references: CalendarReferences }) {
  const { t } = useTranslation();
  const kinds = KINDS.filter((kind) => references[kind] > 0);
  if (kinds.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text>{t('calendarChanges.intro')}</Text>
      <List>
        {kinds.map((kind) => (
          <List.Item key={kind}>{t(`calendarChanges.${kind}`, { count: references[kind] })}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
