import { Anchor, Card, Group, Loader, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { fullName, shortFullName } from '@tun/shared/names';
import { canViewStudentContact, type Student } from '@tun/shared/students';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleBadge } from '../../../components/role-badge';
import { localeTag } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSession } from '../../../entities/session/get-session';
import { useStudents } from '../../../entities/students/get-students';
import { LoadError } from '../../../components/load-error';

/** The line filter's value for students who belong to no line. */
const NO_LINE = '-';

function searchText(student: Student): string {
  return [
    fullName(student.name),
    shortFullName(student.name),
    ...student.lines.map((line) => line.name),
    student.room,
    student.email,
    student.phone,
  ]
    .filter(Boolean)
    .join(' ')
    .toLocaleLowerCase();
}

function Contact({ student }: { student: Student }) {
  return (
    <Stack gap={2}>
      {student.email && (
        <Anchor href={`mailto:${student.email}`} size="sm" style={{ wordBreak: 'break-all' }}>
          {student.email}
        </Anchor>
      )}
      {student.phone && (
        <Anchor href={`tel:${student.phone.replace(/\s+/g, '')}`} size="sm">
          {student.phone}
        </Anchor>
      )}
    </Stack>
  );
}

function Name({ student }: { student: Student }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Text fw={600} size="sm" span>
        {shortFullName(student.name)}
      </Text>
      {student.scholar && <RoleBadge role="stipp" />}
    </Group>
  );
}

interface ListProps {
  students: Student[];
  withContact: boolean;
}

function StudentsTable({ students, withContact }: ListProps) {
  const { t } = useTranslation();
  const none = t('students.noLine');
  return (
    <Table.ScrollContainer minWidth={withContact ? 760 : 480}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('students.columns.name')}</Table.Th>
            <Table.Th scope="col">{t('students.columns.line')}</Table.Th>
            <Table.Th scope="col">{t('students.columns.room')}</Table.Th>
            {withContact && <Table.Th scope="col">{t('students.columns.contact')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {students.map((student) => (
            <Table.Tr key={student.id}>
              <Table.Td>
                <Name student={student} />
              </Table.Td>
              <Table.Td>{student.lines.map((line) => line.name).join(', ') || none}</Table.Td>
              <Table.Td>{student.room}</Table.Td>
              {withContact && (
                <Table.Td>
                  <Contact student={student} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone a student is a card; contact details become links to tap. */
function StudentCards({ students, withContact }: ListProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {students.map((student) => (
        <Card key={student.id} withBorder radius="md" padding="sm" component="li">
          <Stack gap={4}>
            <Name student={student} />
            <Text size="sm">
              {t('students.columns.line')}:{' '}
              {student.lines.map((line) => line.name).join(', ') || t('students.noLine')}
            </Text>
            {student.room && (
              <Text size="sm">
                {t('students.columns.room')}: {student.room}
              </Text>
            )}
            {withContact && <Contact student={student} />}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

export function StudentsPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('pages.students.title'));
  const session = useSession();
  const students = useStudents();
  const isPhone = useMediaQuery('(max-width: 47.99em)', false);
  const [query, setQuery] = useState('');
  const [line, setLine] = useState<string | null>(null);
  const language = i18n.language;
  const search = useDeferredValue(query.trim().toLocaleLowerCase());
  // The server leaves contact details out for everyone else; the columns follow the same rule.
  const withContact = canViewStudentContact(session.user.roles);

  // Norwegian order (… Z, Æ, Ø, Å), which the database's byte order does not give.
  const all = useMemo(() => {
    const collator = new Intl.Collator(localeTag(language));
    return [...(students.data ?? [])]
      .sort(
        (a, b) => collator.compare(a.name.last, b.name.last) || collator.compare(a.name.first, b.name.first),
      )
      .map((student) => ({ student, text: searchText(student) }));
  }, [students.data, language]);
  const lineOptions = useMemo(() => {
    const names = new Map<string, string>();
    for (const { student } of all) for (const l of student.lines) names.set(l.id, l.name);
    return [
      ...[...names]
        .sort(([, a], [, b]) => a.localeCompare(b, language))
        .map(([value, label]) => ({ value, label })),
      { value: NO_LINE, label: t('students.withoutLine') },
    ];
  }, [all, language, t]);

  const words = search.split(/\s+/).filter(Boolean);
  const shown = all
    .filter(({ student }) =>
      line === null
        ? true
        : line === NO_LINE
          ? student.lines.length === 0
          : student.lines.some((l) => l.id === line),
    )
    .filter(({ text }) => words.every((word) => text.includes(word)))
    .map(({ student }) => student);

  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.students.title')}</Title>

      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="search"
          label={t('students.search')}
          placeholder={t('students.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          style={{ flex: '2 1 14rem' }}
        />
        <Select
          label={t('students.line')}
          placeholder={t('students.allLines')}
          data={lineOptions}
          value={line}
          onChange={setLine}
          clearable
          clearButtonProps={{ 'aria-label': t('students.clearLine') }}
          style={{ flex: '1 1 12rem' }}
        />
      </Group>

      {students.isPending && <Loader aria-label={t('app.loading')} />}
      {students.isError && (
        <LoadError
          title={t('students.loadFailed')}
          error={students.error}
          onRetry={() => void students.refetch()}
        />
      )}
      {students.isSuccess && (
        <>
          <Text size="sm" c="dimmed" role="status">
            {t('students.count', { shown: shown.length, total: all.length })}
          </Text>
          {all.length === 0 ? (
            <Text>{t('students.empty')}</Text>
          ) : shown.length === 0 ? (
            <Text>{t('students.noMatch')}</Text>
          ) : isPhone ? (
            <StudentCards students={shown} withContact={withContact} />
          ) : (
            <StudentsTable students={shown} withContact={withContact} />
          )}
        </>
      )}
    </Stack>
  );
}
