import { Badge, Paper, Stack, Text } from '@mantine/core';
import type { HouseAway } from '@tun/shared/leave';
import { useTranslation } from 'react-i18next';
import { PhoneLink } from '../../../components/phone-link';
import { useHouseFormat } from './use-house-format';

/** «Borte i natt»: who sleeps away on approved leave, their room, the leave and a phone. */
export function HouseAwayList({ away }: { away: readonly HouseAway[] }) {
  const { t } = useTranslation();
  const format = useHouseFormat();
  if (away.length === 0) return <Text c="dimmed">{t('house.away.none')}</Text>;
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {away.map((person) => (
        <Paper key={person.leaveId} component="li" withBorder radius="md" p="sm">
          <Stack gap={4}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {format.name(person.name)}
            </Text>
            <div>
              <Badge variant="light" tt="none">
                {t(`house.categories.${person.category}`)}
              </Badge>
            </div>
            <Text size="sm">
              {t('house.away.room')}: {person.room ?? t('house.noRoom')}
            </Text>
            <Text size="sm">
              {t('house.away.period')}: {format.period(person.start, person.end)}
            </Text>
            <Text size="sm" component="div">
              {t('house.away.phone')}:{' '}
              {person.phone ? (
                <PhoneLink phone={person.phone} size="sm" />
              ) : (
                <Text span size="sm" c="dimmed">
                  {t('house.away.noPhone')}
                </Text>
              )}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
