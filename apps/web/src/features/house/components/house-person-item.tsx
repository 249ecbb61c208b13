import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { HouseCheck, HousePerson } from '@tun/shared/leave';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneLink } from '../../../components/phone-link';
import { useHouseFormat } from './use-house-format';

const CHECK_COLORS: Record<HouseCheck, string> = { in: 'teal.9', out: 'red.9' };
const CHECK_ICONS = { in: IconCheck, out: IconX } as const;

/**
 * One person on tonight's list: name, a phone to tap, and two large toggles, «Inne» and «Ikke
 * inne»; pressing the pressed one clears the check. Sized for a phone carried round the house.
 */
export function HousePersonItem({
  person,
  onCheck,
}: {
  person: HousePerson;
  onCheck: (status: HouseCheck | null) => void;
}) {
  const { t } = useTranslation();
  const format = useHouseFormat();
  const nameId = useId();
  const name = format.name(person.name);
  const check = person.check;

  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 12rem', minWidth: 0 }}>
          <Text fw={700} id={nameId} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          {person.awayNow && (
            <div>
              <Badge color="orange" variant="light" tt="none">
                {t('house.awayNow')}
              </Badge>
            </div>
          )}
          {person.phone && <PhoneLink phone={person.phone} size="sm" />}
          <Text size="sm" c={check ? undefined : 'dimmed'}>
            {check ? (
              <time dateTime={check.at}>
                {t(check.status === 'in' ? 'house.check.checkedIn' : 'house.check.checkedOut', {
                  time: format.time(check.at),
                })}
              </time>
            ) : (
              t('house.check.notChecked')
            )}
          </Text>
        </Stack>
        <Group
          role="group"
          aria-label={t('house.check.group', { name })}
          gap="xs"
          grow
          wrap="nowrap"
          style={{ flex: '1 1 16rem' }}
        >
          {(['in', 'out'] as const).map((status) => {
            const pressed = check?.status === status;
            const Icon = CHECK_ICONS[status];
            return (
              <Button
                key={status}
                size="lg"
                h={56}
                px="sm"
                variant={pressed ? 'filled' : 'default'}
                color={pressed ? CHECK_COLORS[status] : undefined}
                aria-pressed={pressed}
                leftSection={<Icon size={20} aria-hidden="true" />}
                onClick={() => onCheck(pressed ? null : status)}
              >
                {t(`house.check.${status}`)}
              </Button>
            );
          })}
        </Group>
      </Group>
    </Paper>
  );
}
