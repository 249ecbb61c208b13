import {
  Anchor,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconList, IconSearch } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { shortFullName } from '@tun/shared/names';
import type { Person } from '@tun/shared/people';
import type { Role } from '@tun/shared/roles';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import '../components/people.css';
import { RoleBadge } from '../../../components/role-badge';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePeople } from '../../../entities/people/get-people';
import {
  compareByName,
  matchesRole,
  matchesSearch,
  nameCollator,
  ROLE_ORDER,
  type RoleFilter,
} from '../model/people-utils';
import { useToggleRole } from '../components/use-toggle-role';
import { LoadError } from '../../../components/load-error';

const ROLE_FILTERS: readonly RoleFilter[] = ['all', 'student', ...ROLE_ORDER];

type Toggle = (person: Person, role: Role, grant: boolean) => Promise<void>;

// A school has hundreds of rows of seven checkboxes; only the row that changed re-renders.
const PersonRow = memo(function PersonRow({ person, onToggle }: { person: Person; onToggle: Toggle }) {
  const { t } = useTranslation();
  const name = shortFullName(person.name);
  // The cached list updates a moment after the click; until then the row shows the click at once.
  const [clicked, setClicked] = useState<{ of: Person; roles: readonly Role[] } | null>(null);
  const roles = clicked?.of === person ? clicked.roles : person.roles;
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500} className="tun-sticky-name">
        {name}
      </Table.Th>
      {ROLE_ORDER.map((role) => (
        <Table.Td key={role} ta="center">
          <Checkbox
            display="inline-block"
            checked={roles.includes(role)}
            onChange={(event) => {
              const grant = event.currentTarget.checked;
              setClicked({
                of: person,
                roles: grant ? [...roles, role] : roles.filter((r) => r !== role),
              });
              void onToggle({ ...person, roles: [...roles] }, role, grant);
            }}
            aria-label={t('people.roles.toggle', { role: t(`roles.${role}`), name })}
          />
        </Table.Td>
      ))}
    </Table.Tr>
  );
});

/** People × roles, a checkbox per cell; each click changes one role (audited on the server). */
export function SpecialRolesTablePage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('pages.specialRolesTable.title'));
  const people = usePeople();
  const toggleRole = useToggleRole();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 150);
  const [roleFilter, setRoleFilter] = useState<RoleFilter>('all');

  const rows = useMemo(() => {
    if (!people.data) return undefined;
    return people.data
      .filter((person) => matchesRole(person, roleFilter) && matchesSearch(person, debouncedSearch))
      .sort(compareByName(nameCollator(i18n.language)));
  }, [people.data, roleFilter, debouncedSearch, i18n.language]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1}>{t('pages.specialRolesTable.title')}</Title>
          <Text c="dimmed">{t('people.roles.intro')}</Text>
        </Stack>
        <Anchor component={Link} to="/app/setup/specialroles">
          <Group gap={4} component="span">
            <IconList size={16} aria-hidden="true" />
            {t('people.roles.listLink')}
          </Group>
        </Anchor>
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          type="search"
          label={t('people.roles.searchLabel')}
          placeholder={t('people.roles.addPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <Select
          label={t('people.filters.role')}
          data={ROLE_FILTERS.map((role) => ({
            value: role,
            label: role === 'all' ? t('people.filters.all') : t(`roles.${role}`),
          }))}
          value={roleFilter}
          onChange={(value) => setRoleFilter((value as RoleFilter | null) ?? 'all')}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>

      {people.isError ? (
        <LoadError title={t('people.loadFailed')} error={people.error} />
      ) : !rows ? (
        <PageLoader />
      ) : (
        <>
          <Text size="sm" c="dimmed" role="status" aria-live="polite">
            {t('people.count', { shown: rows.length, total: people.data?.length ?? 0 })}
          </Text>
          <Table.ScrollContainer minWidth={820} type="native">
            <Table highlightOnHover withTableBorder stickyHeader captionSide="top" verticalSpacing="xs">
              <Table.Caption ta="start">{t('people.roles.tableLabel')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" className="tun-sticky-name">
                    {t('people.roles.person')}
                  </Table.Th>
                  {ROLE_ORDER.map((role) => (
                    <Table.Th key={role} scope="col" ta="center" className="tun-whole-badges">
                      <RoleBadge role={role} />
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((person) => (
                  <PersonRow key={person.id} person={person} onToggle={toggleRole} />
                ))}
                {rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={ROLE_ORDER.length + 1}>
                      <Text c="dimmed">{t('people.roles.noPeople')}</Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
