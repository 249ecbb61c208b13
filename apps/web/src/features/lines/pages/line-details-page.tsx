import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import type { LineDetails } from '@tun/shared/lines';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCan } from '../../../entities/session/access';
import { usePeople } from '../../../entities/people/get-people';
import { useLine } from '../api/get-line';
import { useRooms } from '../../../entities/rooms/get-rooms';
import { useUpdateLine } from '../api/update-line';
import { ColorThemeBadge } from '../../../components/color-theme';
import { LineForm } from '../components/line-form';
import { LineMembers } from '../components/line-members';
import { namesOf } from '../model/people-options';
import { useConfirmDeleteLine } from '../components/use-confirm-delete-line';

function BackLink() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/app/classes">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden="true" />
        {t('lines.back')}
      </Group>
    </Anchor>
  );
}

/** What everyone may see of a line; admins get the form instead. */
function LineSummary({ line }: { line: LineDetails }) {
  const { t } = useTranslation();
  const rooms = useRooms();
  const people = usePeople({ former: true });
  const none = t('lines.none');
  const unknown = t('lines.unknownPerson');
  const room = line.mainRoom
    ? (rooms.data?.find((r) => r.id === line.mainRoom)?.name ?? (rooms.data ? t('lines.unknownRoom') : ''))
    : none;
  const names = (ids: string[]) => (ids.length ? namesOf(people.data, ids, unknown).join(', ') : none);
  const rows: [string, ReactNode][] = [
    [t('lines.fields.name'), line.name],
    [t('lines.fields.shortName'), line.shortName],
    [t('lines.fields.color'), <ColorThemeBadge key="color" color={line.color} />],
    [t('lines.fields.mainRoom'), room],
    [t('lines.fields.teachers'), names(line.teachers)],
    [t('lines.fields.assistants'), names(line.assistants)],
  ];
  return (
    <Table variant="vertical" layout="fixed" withTableBorder>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" w={{ base: 130, sm: 180 }}>
              {label}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function LineDetailsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.classDetails.title'));
  const { classId } = useSearch({ from: '/app/classes/details' });
  const canChange = useCan('lines:change');
  const line = useLine(classId);
  const updateLine = useUpdateLine();
  const confirmDelete = useConfirmDeleteLine();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();

  const heading = <Title order={1}>{t('pages.classDetails.title')}</Title>;

  if (!classId) {
    return (
      <Stack gap="md" align="flex-start">
        {heading}
        <Text>{t('lines.noLineChosen')}</Text>
        <BackLink />
      </Stack>
    );
  }
  if (line.isPending) {
    return (
      <Stack gap="md">
        {heading}
        <Loader aria-label={t('app.loading')} />
      </Stack>
    );
  }
  if (line.isError) {
    const gone = isApiError(line.error, 'not-found');
    return (
      <Stack gap="md" align="flex-start">
        {heading}
        <Alert color={gone ? 'orange' : 'red'} variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
          {gone ? t('lines.notFound') : errorMessage(line.error)}
        </Alert>
        <BackLink />
      </Stack>
    );
  }

  const data = line.data;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <BackLink />
        {heading}
        <Group gap="sm">
          <Text size="xl" fw={600}>
            {data.name}
          </Text>
          <ColorThemeBadge color={data.color} />
        </Group>
      </Stack>

      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'lg' }}
        component="section"
        aria-labelledby="line-about"
      >
        <Stack gap="md">
          <Title order={2} size="h3" id="line-about">
            {t('lines.about')}
          </Title>
          {canChange ? (
            <LineForm
              line={data}
              submitLabel={t('lines.save')}
              onSubmit={async (input) => {
                await updateLine.mutateAsync({ id: data.id, change: input });
                notify({ color: 'fjord', message: t('lines.saved') });
              }}
            />
          ) : (
            <LineSummary line={data} />
          )}
        </Stack>
      </Paper>

      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'lg' }}
        component="section"
        aria-labelledby="line-members"
      >
        <Stack gap="md">
          <Title order={2} size="h3" id="line-members">
            {t('lines.members.title', { n: data.memberCount })}
          </Title>
          <LineMembers line={data} canChange={canChange} />
        </Stack>
      </Paper>

      {canChange && (
        <Group>
          <Button
            color="red"
            variant="light"
            onClick={() =>
              confirmDelete(data, { onDeleted: () => void navigate({ to: '/app/classes', replace: true }) })
            }
          >
            {t('lines.deleteLine')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
