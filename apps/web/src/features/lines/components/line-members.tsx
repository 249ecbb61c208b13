import { Button, Group, Select, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { LineDetails } from '@tun/shared/lines';
import { shortFullName } from '@tun/shared/names';
import { isCurrentPerson } from '@tun/shared/current-person';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { usePeople } from '../../../entities/people/get-people';
import { useSetLineMembers } from '../api/set-line-members';
import { isLineMemberCandidate, personOptions } from '../model/people-options';

/** The line's members (their memberOf); admins add and remove students and scholars here. */
export function LineMembers({ line, canChange }: { line: LineDetails; canChange: boolean }) {
  const { t, i18n } = useTranslation();
  const people = usePeople({ former: true });
  const setMembers = useSetLineMembers();
  const errorMessage = useErrorMessage();
  const [toAdd, setToAdd] = useState<string | null>(null);

  const byId = new Map((people.data ?? []).map((person) => [person.id, person]));
  const unknown = t('lines.unknownPerson');
  // Former members stay in the line for its reports, but are not listed among its students.
  const members = line.members
    .filter((id) => {
      const person = byId.get(id);
      return !person || (!person.erased && isCurrentPerson(person));
    })
    .map((id) => {
      const person = byId.get(id);
      return { id, name: person ? shortFullName(person.name) : unknown, room: person?.room ?? '' };
    })
    .sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  const candidates = personOptions(
    people.data ?? [],
    (person) =>
      isLineMemberCandidate(person) &&
      !person.erased &&
      isCurrentPerson(person) &&
      !line.members.includes(person.id),
    [],
    unknown,
    i18n.language,
  );

  const change = (personIds: string[], message: string, after?: () => void) =>
    setMembers.mutate(
      { id: line.id, personIds },
      {
        onSuccess: () => {
          notify({ color: 'fjord', message });
          after?.();
        },
        onError: (error) => notify({ color: 'red', message: errorMessage(error) }),
      },
    );

  const add = () => {
    if (!toAdd) return;
    const name = candidates.find((option) => option.value === toAdd)?.label ?? unknown;
    change([...line.members, toAdd], t('lines.members.added', { name, line: line.name }), () =>
      setToAdd(null),
    );
  };

  return (
    <Stack gap="md">
      {canChange && (
        <Group align="flex-end" gap="sm">
          <Select
            label={t('lines.members.add')}
            placeholder={t('lines.members.addPlaceholder')}
            data={candidates}
            value={toAdd}
            onChange={setToAdd}
            searchable
            nothingFoundMessage={t('lines.nothingFound')}
            style={{ flex: '1 1 16rem' }}
          />
          <Button onClick={add} disabled={!toAdd} loading={setMembers.isPending}>
            {t('lines.members.addButton')}
          </Button>
        </Group>
      )}
      {members.length === 0 ? (
        <Text>{t('lines.members.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('lines.members.name')}</Table.Th>
                <Table.Th scope="col">{t('lines.members.room')}</Table.Th>
                {canChange && (
                  <Table.Th scope="col">
                    <VisuallyHidden>{t('lines.actions')}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.map((member) => (
                <Table.Tr key={member.id}>
                  <Table.Td>{member.name}</Table.Td>
                  <Table.Td>{member.room}</Table.Td>
                  {canChange && (
                    <Table.Td ta="end">
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={t('lines.members.removeNamed', { name: member.name })}
                        disabled={setMembers.isPending}
                        onClick={() =>
                          change(
                            line.members.filter((id) => id !== member.id),
                            t('lines.members.removed', { name: member.name, line: line.name }),
                          )
                        }
                      >
                        {t('lines.members.remove')}
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
