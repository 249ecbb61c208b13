import { Button, Card, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { Line } from '@tun/shared/lines';
import { useNavigate } from '@tanstack/react-router';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { localeTag } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCan } from '../../../entities/session/access';
import { useCreateLine } from '../api/create-line';
import { usePeople } from '../../../entities/people/get-people';
import { useLines } from '../../../entities/lines/get-lines';
import { useRooms } from '../../../entities/rooms/get-rooms';
import { AnchorLink, ButtonLink } from '../../../components/router-links';
import { ColorThemeBadge } from '../../../components/color-theme';
import { LineForm } from '../components/line-form';
import { namesOf } from '../model/people-options';
import { useConfirmDeleteLine } from '../components/use-confirm-delete-line';
import { LoadError } from '../../../components/load-error';

interface LineRow {
  line: Line;
  room: string;
  teachers: string;
}

type ConfirmDelete = ReturnType<typeof useConfirmDeleteLine>;

function LineActions({
  line,
  confirmDelete,
  size = 'xs',
}: {
  line: Line;
  confirmDelete: ConfirmDelete;
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <ButtonLink
        to="/app/classes/details"
        search={{ classId: line.id }}
        size={size}
        variant="light"
        aria-label={t('lines.editNamed', { name: line.name })}
      >
        {t('lines.edit')}
      </ButtonLink>
      <Button
        size={size}
        variant="light"
        color="red"
        aria-label={t('lines.deleteNamed', { name: line.name })}
        onClick={() => confirmDelete(line)}
      >
        {t('lines.delete.action')}
      </Button>
    </Group>
  );
}

function LineName({ line }: { line: Line }) {
  return (
    <AnchorLink to="/app/classes/details" search={{ classId: line.id }} fw={600}>
      {line.name}
    </AnchorLink>
  );
}

function LinesTable({ rows, confirmDelete }: { rows: LineRow[]; confirmDelete?: ConfirmDelete }) {
  const canChange = confirmDelete !== undefined;
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('lines.fields.name')}</Table.Th>
            <Table.Th scope="col">{t('lines.fields.shortName')}</Table.Th>
            <Table.Th scope="col">{t('lines.fields.color')}</Table.Th>
            <Table.Th scope="col">{t('lines.fields.mainRoom')}</Table.Th>
            <Table.Th scope="col">{t('lines.fields.teachers')}</Table.Th>
            <Table.Th scope="col" ta="end">
              {t('lines.fields.memberCount')}
            </Table.Th>
            {canChange && <Table.Th scope="col">{t('lines.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ line, room, teachers }) => (
            <Table.Tr key={line.id}>
              <Table.Td>
                <LineName line={line} />
              </Table.Td>
              <Table.Td>{line.shortName}</Table.Td>
              <Table.Td>
                <ColorThemeBadge color={line.color} />
              </Table.Td>
              <Table.Td>{room}</Table.Td>
              <Table.Td>{teachers}</Table.Td>
              <Table.Td ta="end">{line.memberCount}</Table.Td>
              {confirmDelete && (
                <Table.Td>
                  <LineActions line={line} confirmDelete={confirmDelete} />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone each line is a card: a seven-column table would need sideways scrolling. */
function LineCards({ rows, confirmDelete }: { rows: LineRow[]; confirmDelete?: ConfirmDelete }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map(({ line, room, teachers }) => (
        <Card key={line.id} withBorder radius="md" padding="md" component="li">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Title order={2} size="h4">
                <LineName line={line} />
              </Title>
              <ColorThemeBadge color={line.color} />
            </Group>
            <Text size="sm">
              {t('lines.fields.shortName')}: {line.shortName}
            </Text>
            <Text size="sm">
              {t('lines.fields.mainRoom')}: {room}
            </Text>
            <Text size="sm">
              {t('lines.fields.teachers')}: {teachers}
            </Text>
            <Text size="sm">
              {t('lines.fields.memberCount')}: {line.memberCount}
            </Text>
            {confirmDelete && <LineActions line={line} confirmDelete={confirmDelete} size="sm" />}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

export function LinesPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('pages.classes.title'));
  const canChange = useCan('lines:change');
  const isPhone = useMediaQuery('(max-width: 47.99em)', false);
  const lines = useLines();
  const rooms = useRooms();
  const people = usePeople();
  const createLine = useCreateLine();
  const navigate = useNavigate();
  const [creating, create] = useDisclosure(false);
  const confirmLineDeletion = useConfirmDeleteLine();
  const heading = useRef<HTMLHeadingElement>(null);
  // The deleted row held the focus; give it to the page heading rather than losing it.
  const confirmDelete: ConfirmDelete = (line, options) =>
    confirmLineDeletion(line, { ...options, onDeleted: () => heading.current?.focus() });

  const roomName = new Map((rooms.data ?? []).map((room) => [room.id, room.name]));
  const none = t('lines.none');
  const collator = new Intl.Collator(localeTag(i18n.language));
  const rows: LineRow[] = [...(lines.data ?? [])]
    .sort((a, b) => collator.compare(a.name, b.name))
    .map((line) => ({
      line,
      room: line.mainRoom
        ? (roomName.get(line.mainRoom) ?? (rooms.data ? t('lines.unknownRoom') : ''))
        : none,
      teachers: line.teachers.length
        ? namesOf(people.data, line.teachers, t('lines.unknownPerson')).join(', ')
        : none,
    }));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {t('pages.classes.title')}
        </Title>
        {canChange && (
          <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={create.open}>
            {t('lines.new')}
          </Button>
        )}
      </Group>

      {lines.isPending && <Loader aria-label={t('app.loading')} />}
      {lines.isError && (
        <LoadError title={t('lines.loadFailed')} error={lines.error} onRetry={() => void lines.refetch()} />
      )}
      {lines.isSuccess && rows.length === 0 && (
        <Text>{canChange ? t('lines.emptyAdmin') : t('lines.empty')}</Text>
      )}
      {rows.length > 0 &&
        (isPhone ? (
          <LineCards rows={rows} confirmDelete={canChange ? confirmDelete : undefined} />
        ) : (
          <LinesTable rows={rows} confirmDelete={canChange ? confirmDelete : undefined} />
        ))}

      <Modal
        opened={creating}
        onClose={create.close}
        title={t('lines.new')}
        closeButtonProps={{ 'aria-label': t('app.close') }}
        size="lg"
      >
        <LineForm
          autoFocus
          submitLabel={t('lines.create')}
          onCancel={create.close}
          onSubmit={async (input) => {
            const line = await createLine.mutateAsync(input);
            create.close();
            notify({ color: 'fjord', message: t('lines.created', { name: line.name }) });
            // Straight on to the new line, where its members are added.
            await navigate({ to: '/app/classes/details', search: { classId: line.id } });
          }}
        />
      </Modal>
    </Stack>
  );
}
