import { Accordion, Button, Group as Row, Stack, Text } from '@mantine/core';
import type { Group } from '@tun/shared/groups';
import type { Person } from '@tun/shared/people';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/dates';
import { memberNames } from '../model/member-options';

/** A YYYY-MM-DD school date as an instant on that day, whatever the device's zone. */
export const atNoon = (date: string) => `${date}T12:00:00Z`;

interface GroupListProps {
  groups: readonly Group[];
  people: readonly Person[] | undefined;
  canChange: boolean;
  onEdit: (group: Group) => void;
  onDelete: (group: Group) => void;
}

/** Each group folds open to show its members; name, size and end date show when folded. */
export function GroupList({ groups, people, canChange, onEdit, onDelete }: GroupListProps) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();

  const ending = (group: Group) => {
    if (group.endDate === null) return t('groups.noEndDate');
    const date = format.date(atNoon(group.endDate));
    return group.archived ? t('groups.ended', { date }) : t('groups.ends', { date });
  };

  return (
    <Accordion variant="separated" radius="md" order={2} multiple>
      {groups.map((group) => {
        const names = memberNames(people, group.members, i18n.language);
        return (
          <Accordion.Item key={group.id} value={group.id}>
            <Accordion.Control>
              <Stack gap={2}>
                <Text fw={600} component="span">
                  {group.name}
                </Text>
                <Text size="sm" c="dimmed" component="span">
                  {t('groups.memberCount', { count: group.members.length })} · {ending(group)}
                </Text>
              </Stack>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="sm">
                {group.members.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('groups.noMembers')}
                  </Text>
                ) : (
                  <Text size="sm">{names.join(', ')}</Text>
                )}
                {canChange && (
                  <Row gap="xs">
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => onEdit(group)}
                      aria-label={t('groups.editNamed', { name: group.name })}
                    >
                      {t('groups.edit.action')}
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      onClick={() => onDelete(group)}
                      aria-label={t('groups.deleteNamed', { name: group.name })}
                    >
                      {t('groups.delete.action')}
                    </Button>
                  </Row>
                )}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}
