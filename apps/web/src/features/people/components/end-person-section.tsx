import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowBackUp, IconDoorExit } from '@tabler/icons-react';
import { shortFullName } from '@tun/shared/names';
import type { Person } from '@tun/shared/people';
import { todayInSchoolZone } from '@tun/shared/time';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useEndPerson, useUndoEndPerson } from '../api/end-person';

/** A YYYY-MM-DD date of the school, as the formatters take it (noon keeps it on its day). */
export const schoolDay = (date: string) => `${date}T12:00:00Z`;

/**
 * «Avslutt» for someone who leaves the school: they keep their history and are hidden from
 * current lists from the day they left; «Angre avslutning» brings them back.
 */
export function EndPersonSection({ person }: { person: Person }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const errorMessage = useErrorMessage();
  const end = useEndPerson();
  const undo = useUndoEndPerson();
  const today = todayInSchoolZone();
  const [asking, setAsking] = useState(false);
  const [leftOn, setLeftOn] = useState(today);
  const name = shortFullName(person.name);
  const invalid = !leftOn || leftOn > today;

  if (person.leftOn !== null) {
    return (
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('people.end.left', { date: format.date(schoolDay(person.leftOn)) })}</Text>
        <Button
          variant="light"
          leftSection={<IconArrowBackUp size={16} aria-hidden="true" />}
          loading={undo.isPending}
          onClick={() =>
            undo.mutate(person.id, {
              onSuccess: () => notify({ color: 'fjord', message: t('people.end.undone', { name }) }),
              onError: (error) => notify({ color: 'red', message: errorMessage(error) }),
            })
          }
        >
          {t('people.end.undo')}
        </Button>
      </Group>
    );
  }

  if (!asking) {
    return (
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t('people.end.hint')}
        </Text>
        <Button
          variant="light"
          leftSection={<IconDoorExit size={16} aria-hidden="true" />}
          onClick={() => {
            setLeftOn(today);
            setAsking(true);
          }}
        >
          {t('people.end.action')}
        </Button>
      </Group>
    );
  }

  return (
    <Stack
      component="form"
      gap="sm"
      onSubmit={(event) => {
        event.preventDefault();
        if (invalid) return;
        end.mutate(
          { id: person.id, leftOn },
          {
            onSuccess: () => {
              setAsking(false);
              notify({ color: 'fjord', message: t('people.end.done', { name }) });
            },
            onError: (error) => notify({ color: 'red', message: errorMessage(error) }),
          },
        );
      }}
    >
      <TextInput
        type="date"
        label={t('people.end.date')}
        description={t('people.end.dateHint')}
        value={leftOn}
        max={today}
        required
        error={leftOn > today ? t('people.end.future') : undefined}
        onChange={(event) => setLeftOn(event.currentTarget.value)}
        data-autofocus
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => setAsking(false)}>
          {t('people.end.cancel')}
        </Button>
        <Button type="submit" loading={end.isPending} disabled={invalid}>
          {t('people.end.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
