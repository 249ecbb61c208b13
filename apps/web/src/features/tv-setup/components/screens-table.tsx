import { ActionIcon, Badge, Button, Group, Menu, Stack, Table, Text } from '@mantine/core';
import { IconDots, IconPencil, IconPlugConnectedX, IconRefresh, IconTrash } from '@tabler/icons-react';
import type { Screen } from '@tun/shared/screens';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../components/use-now';
import { useFormatters } from '../../../lib/dates';
import { SCREENS_REFRESH_MS } from '../api/get-screens';
import { lastSeen, screenState, sortScreens, type ScreenState } from '../model/screen-status';
import { useScreenActions } from './use-screen-actions';

const STATE_COLORS: Record<ScreenState, string> = { online: 'green', offline: 'red', unpaired: 'gray' };

interface ScreensTableProps {
  screens: readonly Screen[];
  onEdit: (screen: Screen) => void;
}

/** The school's screens with their state, and what an admin can do with each. */
export function ScreensTable({ screens, onEdit }: ScreensTableProps) {
  const { t, i18n } = useTranslation();
  const actions = useScreenActions();
  const sorted = useMemo(() => sortScreens(screens, i18n.language), [screens, i18n.language]);

  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" aria-labelledby="screens-table-caption">
        <Table.Caption id="screens-table-caption" style={{ captionSide: 'top', textAlign: 'start' }}>
          {t('tvSetup.list.count', { count: screens.length })}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('tvSetup.list.columns.screen')}</Table.Th>
            <Table.Th scope="col">{t('tvSetup.list.columns.status')}</Table.Th>
            <Table.Th scope="col">{t('tvSetup.list.columns.version')}</Table.Th>
            <Table.Th scope="col" ta="end">
              {t('tvSetup.list.columns.actions')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((screen) => (
            <Table.Tr key={screen.id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Stack gap={0}>
                  <Text fw={600}>{screen.name}</Text>
                  {screen.place && (
                    <Text size="sm" c="dimmed">
                      {screen.place}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <ScreenStatus screen={screen} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{screen.version ?? t('tvSetup.list.noVersion')}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconPencil size={16} aria-hidden="true" />}
                    aria-label={t('tvSetup.actions.editLabel', { name: screen.name })}
                    onClick={() => onEdit(screen)}
                  >
                    {t('tvSetup.actions.edit')}
                  </Button>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        loading={actions.busy === screen.id}
                        aria-label={t('tvSetup.actions.menu', { name: screen.name })}
                      >
                        <IconDots size={18} aria-hidden="true" />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {screen.paired && (
                        <Menu.Item
                          leftSection={<IconRefresh size={16} aria-hidden="true" />}
                          onClick={() => actions.reload(screen)}
                        >
                          {t('tvSetup.actions.reload')}
                        </Menu.Item>
                      )}
                      {screen.paired && (
                        <Menu.Item
                          color="red"
                          leftSection={<IconPlugConnectedX size={16} aria-hidden="true" />}
                          onClick={() => actions.revoke(screen)}
                        >
                          {t('tvSetup.actions.revoke')}
                        </Menu.Item>
                      )}
                      <Menu.Item
                        color="red"
                        leftSection={<IconTrash size={16} aria-hidden="true" />}
                        onClick={() => actions.remove(screen)}
                      >
                        {t('tvSetup.actions.delete')}
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ScreenStatus({ screen }: { screen: Screen }) {
  const { t } = useTranslation();
  const format = useFormatters();
  // «sist sett i dag» turns into a date at midnight without waiting for the next answer.
  const now = new Date(useNow(SCREENS_REFRESH_MS));
  const state = screenState(screen);
  const seen = lastSeen(screen.lastSeenAt, now);
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={STATE_COLORS[state]} variant="light" tt="none">
        {t(`tvSetup.status.${state}`)}
      </Badge>
      {screen.paired && (
        <Text size="sm" c="dimmed">
          {seen.kind === 'never'
            ? t('tvSetup.status.neverSeen')
            : seen.kind === 'today'
              ? t('tvSetup.status.seenToday', { time: format.time(seen.at) })
              : t('tvSetup.status.seenEarlier', {
                  date: format.date(seen.at, { day: 'numeric', month: 'long' }),
                  time: format.time(seen.at),
                })}
        </Text>
      )}
    </Stack>
  );
}
