import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconPlus, IconTable, IconX } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { shortFullName } from '@tun/shared/names';
import type { Person } from '@tun/shared/people';
import { ROLE_STYLE, type Role } from '@tun/shared/roles';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { ROLE_ICONS, STUDENT_ICON } from '../../../components/role-icons';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePeople } from '../../../entities/people/get-people';
import { compareByName, nameCollator, ROLE_ORDER } from '../model/people-utils';
import { useToggleRole } from '../components/use-toggle-role';
import { LoadError } from '../../../components/load-error';

function RoleCard({ role, people }: { role: Role; people: readonly Person[] }) {
  const { t } = useTranslation();
  const toggleRole = useToggleRole();
  const [choice, setChoice] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const label = t(`roles.${role}`);
  const style = ROLE_STYLE[role];
  const Icon = ROLE_ICONS[style.icon] ?? STUDENT_ICON;
  const holders = people.filter((person) => person.roles.includes(role));
  const candidates = people
    .filter((person) => !person.roles.includes(role))
    .map((person) => ({ value: person.id, label: shortFullName(person.name) }));
  const headingId = `role-${role}`;

  const add = async () => {
    const person = people.find((p) => p.id === choice);
    if (!person) return;
    setAdding(true);
    await toggleRole(person, role, true);
    setAdding(false);
    setChoice(null);
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <ThemeIcon variant="light" color={style.color} radius="xl" aria-hidden="true">
              <Icon size={18} stroke={2} />
            </ThemeIcon>
            <Title order={2} size="h4" id={headingId}>
              {label}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {t('people.roles.count', { count: holders.length })}
          </Text>
        </Group>
        {holders.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('people.roles.empty')}
          </Text>
        ) : (
          <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
            {holders.map((person) => {
              const name = shortFullName(person.name);
              return (
                <Group component="li" key={person.id} justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm">{name}</Text>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('people.roles.remove', { role: label, name })}
                    onClick={() => void toggleRole(person, role, false)}
                  >
                    <IconX size={16} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              );
            })}
          </Stack>
        )}
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <Select
            flex={1}
            label={t('people.roles.addLabel', { role: label })}
            placeholder={t('people.roles.addPlaceholder')}
            data={candidates}
            value={choice}
            onChange={setChoice}
            searchable
            clearable
            limit={50}
            nothingFoundMessage={t('people.roles.noPeople')}
            comboboxProps={{ withinPortal: true }}
          />
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            disabled={!choice}
            loading={adding}
            onClick={() => void add()}
          >
            {t('people.roles.add')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Roles, one card per role: who has it, and adding or removing people (admin only, SPEC §6). */
export function SpecialRolesPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('pages.specialRoles.title'));
  const people = usePeople();
  const sorted = useMemo(
    () => (people.data ? [...people.data].sort(compareByName(nameCollator(i18n.language))) : undefined),
    [people.data, i18n.language],
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1}>{t('pages.specialRoles.title')}</Title>
          <Text c="dimmed">{t('people.roles.intro')}</Text>
        </Stack>
        <Anchor component={Link} to="/app/setup/specialroles/table">
          <Group gap={4} component="span">
            <IconTable size={16} aria-hidden="true" />
            {t('people.roles.tableLink')}
          </Group>
        </Anchor>
      </Group>
      {people.isError ? (
        <LoadError title={t('people.loadFailed')} error={people.error} />
      ) : !sorted ? (
        <PageLoader />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {ROLE_ORDER.map((role) => (
            <RoleCard key={role} role={role} people={sorted} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
