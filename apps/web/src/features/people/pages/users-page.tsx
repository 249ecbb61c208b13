import 'mantine-datatable/styles.layer.css';
import '../components/people.css';
import {
  Badge,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { fullName, shortFullName } from '@tun/shared/names';
import type { Person } from '@tun/shared/people';
import { isCurrentPerson } from '@tun/shared/current-person';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleBadge } from '../../../components/role-badge';
import { useFormatters } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCan } from '../../../entities/session/access';
import { useSession } from '../../../entities/session/get-session';
import { useLines } from '../../../entities/lines/get-lines';
import { usePeople } from '../../../entities/people/get-people';
import { schoolDay } from '../components/end-person-section';
import { PersonDetails, type PersonActionsProps } from '../components/person-details';
import { PersonForm } from '../components/person-form';
import {
  compareByName,
  matchesRole,
  matchesSearch,
  nameCollator,
  ROLE_ORDER,
  type LineOption,
  type RoleFilter,
} from '../model/people-utils';
import { useConfirmDeletePerson } from '../components/use-confirm-delete-person';
import { LoadError } from '../../../components/load-error';

type Dialog = { kind: 'new' } | { kind: 'details'; id: string } | { kind: 'edit'; id: string } | null;

type SortColumn = 'name' | 'room' | 'email';

const ROLE_FILTERS: readonly RoleFilter[] = ['all', 'student', ...ROLE_ORDER];

/** The users page: everyone at the school, searchable, sortable and filtered by role and line. */
interface UsersPageProps {
  /** Import and export, which the people-import feature owns (composed in app/). */
  toolbar: ReactNode;
  PersonActions: ComponentType<PersonActionsProps>;
}

export function UsersPage({ toolbar, PersonActions }: UsersPageProps) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  useDocumentTitle(t('pages.users.title'));
  const session = useSession();
  // Those who have left too, so that their dialog stays open after «Avslutt» and «Vis tidligere» can list them.
  const people = usePeople({ former: true });
  const linesQuery = useLines();
  // Lines come from their own feature; without them the page still works, only without lines.
  const lines: LineOption[] | undefined = Array.isArray(linesQuery.data) ? linesQuery.data : undefined;
  const canChangeStaff = useCan('staff:change');
  const canChangeStudents = useCan('students:change');
  const canChange = canChangeStaff || canChangeStudents;
  const isPhone = useMediaQuery('(max-width: 47.99em)', false);

  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 150);
  const [roleFilter, setRoleFilter] = useState<RoleFilter>('all');
  const [lineFilter, setLineFilter] = useState<string>('all');
  const [showFormer, setShowFormer] = useState(false);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<Person>>({
    columnAccessor: 'name',
    direction: 'asc',
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const confirmDelete = useConfirmDeletePerson(() => setDialog(null));

  const lineById = useMemo(() => new Map((lines ?? []).map((line) => [line.id, line])), [lines]);
  // What remains of erased people names them in history only; it is nobody to list.
  const everyone = useMemo(() => people.data?.filter((person) => !person.erased), [people.data]);
  const all = useMemo(
    () => (showFormer ? everyone : everyone?.filter((person) => isCurrentPerson(person))),
    [everyone, showFormer],
  );

  const shown = useMemo(() => {
    if (!all) return [];
    const collator = nameCollator(i18n.language);
    const byName = compareByName(collator);
    const column = sortStatus.columnAccessor as SortColumn;
    const filtered = all.filter(
      (person) =>
        matchesRole(person, roleFilter) &&
        (lineFilter === 'all' || person.memberOf.includes(lineFilter)) &&
        matchesSearch(person, debouncedSearch),
    );
    const sign = sortStatus.direction === 'asc' ? 1 : -1;
    return filtered.sort((a, b) => {
      if (column === 'name') return sign * byName(a, b);
      const left = a[column] ?? '';
      const right = b[column] ?? '';
      // Empty values last, whatever the direction.
      if (!left !== !right) return left ? -1 : 1;
      return sign * collator.compare(left, right) || byName(a, b);
    });
  }, [all, roleFilter, lineFilter, debouncedSearch, sortStatus, i18n.language]);

  const selected =
    dialog && dialog.kind !== 'new' ? everyone?.find((person) => person.id === dialog.id) : undefined;
  const lineOptions = [
    { value: 'all', label: t('people.filters.all') },
    ...[...(lines ?? [])]
      .sort((a, b) => a.name.localeCompare(b.name, i18n.language))
      .map((line) => ({ value: line.id, label: line.name })),
  ];

  const dialogTitle =
    dialog?.kind === 'new'
      ? t('people.form.newTitle')
      : selected
        ? dialog?.kind === 'edit'
          ? t('people.form.editTitle', { name: shortFullName(selected.name) })
          : fullName(selected.name)
        : '';

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1}>{t('pages.users.title')}</Title>
        <Group gap="sm">
          {toolbar}
          {canChange && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={() => setDialog({ kind: 'new' })}
            >
              {t('people.new')}
            </Button>
          )}
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 1, sm: lines && lines.length > 0 ? 3 : 2 }} spacing="sm">
        <TextInput
          type="search"
          label={t('people.search.label')}
          placeholder={t('people.search.placeholder')}
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
        {lines && lines.length > 0 && (
          <Select
            label={t('people.filters.line')}
            data={lineOptions}
            value={lineById.has(lineFilter) ? lineFilter : 'all'}
            onChange={(value) => setLineFilter(value ?? 'all')}
            allowDeselect={false}
            searchable
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </SimpleGrid>
      <Switch
        label={t('people.filters.showFormer')}
        checked={showFormer}
        onChange={(event) => setShowFormer(event.currentTarget.checked)}
      />

      {people.isError ? (
        <LoadError title={t('people.loadFailed')} error={people.error} />
      ) : (
        <>
          <Text size="sm" c="dimmed" role="status" aria-live="polite">
            {all ? t('people.count', { shown: shown.length, total: all.length }) : ''}
          </Text>
          <DataTable<Person>
            aria-label={t('people.tableLabel')}
            withTableBorder
            borderRadius="md"
            highlightOnHover
            minHeight={all && shown.length === 0 ? 160 : undefined}
            fetching={people.isPending}
            records={shown}
            idAccessor="id"
            noRecordsText={t('people.noRecords')}
            sortStatus={sortStatus}
            onSortStatusChange={setSortStatus}
            onRowClick={({ record }) => setDialog({ kind: 'details', id: record.id })}
            columns={[
              {
                accessor: 'name',
                title: t('people.columns.name'),
                sortable: true,
                render: (person) => (
                  // The row is clickable for the mouse; this button makes it reachable by keyboard.
                  <UnstyledButton
                    className="mantine-focus-auto"
                    fw={500}
                    fz="sm"
                    onClick={(event) => {
                      event.stopPropagation();
                      setDialog({ kind: 'details', id: person.id });
                    }}
                  >
                    {shortFullName(person.name)}
                    {person.leftOn !== null && (
                      <Badge ml={6} variant="outline" color="gray" tt="none" radius="sm">
                        {t('people.end.badge', { date: format.date(schoolDay(person.leftOn)) })}
                      </Badge>
                    )}
                  </UnstyledButton>
                ),
              },
              {
                accessor: 'roles',
                title: t('people.columns.roles'),
                render: (person) => (
                  <Group gap={4} className="tun-whole-badges">
                    {(person.roles.length > 0 ? person.roles : [null]).map((role) => (
                      <RoleBadge key={role ?? 'student'} role={role} />
                    ))}
                  </Group>
                ),
              },
              {
                accessor: 'memberOf',
                title: t('people.columns.lines'),
                hidden: !lines || lines.length === 0,
                render: (person) => (
                  <Group gap={4} className="tun-whole-badges">
                    {person.memberOf.map((id) => {
                      const line = lineById.get(id);
                      return line ? (
                        <Badge key={id} variant="light" color={line.color} tt="none" radius="sm">
                          {line.shortName}
                        </Badge>
                      ) : null;
                    })}
                  </Group>
                ),
              },
              { accessor: 'room', title: t('people.columns.room'), sortable: true },
              {
                accessor: 'email',
                title: t('people.columns.email'),
                sortable: true,
                hidden: isPhone,
              },
              { accessor: 'phone', title: t('people.columns.phone'), hidden: isPhone },
            ]}
          />
        </>
      )}

      <Modal
        opened={dialog !== null && (dialog.kind === 'new' || selected !== undefined)}
        onClose={() => setDialog(null)}
        title={dialogTitle}
        size="lg"
        fullScreen={isPhone}
        closeButtonProps={{ 'aria-label': t('app.close') }}
      >
        {dialog?.kind === 'new' && (
          <PersonForm
            lines={lines}
            onSaved={(person) => setDialog({ kind: 'details', id: person.id })}
            onCancel={() => setDialog(null)}
          />
        )}
        {dialog?.kind === 'edit' && selected && (
          <PersonForm
            key={selected.id}
            person={selected}
            lines={lines}
            onSaved={() => setDialog({ kind: 'details', id: selected.id })}
            onCancel={() => setDialog({ kind: 'details', id: selected.id })}
          />
        )}
        {dialog?.kind === 'details' && selected && (
          <PersonDetails
            person={selected}
            lines={lines}
            canChange={canChange}
            onEdit={() => setDialog({ kind: 'edit', id: selected.id })}
            // Deleting oneself would end one's own session mid-task; another admin can do it.
            onDelete={selected.id === session.user.id ? undefined : () => confirmDelete(selected)}
            onErased={() => setDialog(null)}
            PersonActions={PersonActions}
          />
        )}
      </Modal>
    </Stack>
  );
}
