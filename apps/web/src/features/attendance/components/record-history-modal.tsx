import { Alert, Loader, Modal, Table, Text } from '@mantine/core';
import type { AttendanceHistory } from '@tun/shared/attendance';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePeople } from '../../../entities/people/get-people';
import { useFormatters } from '../../../lib/dates';
import { useErrorMessage } from '../../../lib/error-message';
import { useRecordHistory } from '../api/get-record-history';
import { nameMap } from '../model/people-names';

type Entry = AttendanceHistory[number];

/** Who changed a student's record for an event, when, and from what to what (the audit). */
export function RecordHistoryModal({
  eventId,
  studentId,
  name,
  nameOf,
  opened,
  onClose,
}: {
  eventId: string;
  studentId: string;
  name: string;
  /** The names the sheet knows; the history may name others, whom the school's list names. */
  nameOf: (personId: string | null) => string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const errorMessage = useErrorMessage();
  const history = useRecordHistory(eventId, studentId, opened);
  // Whoever changed the record before its last registration is not among the sheet's names:
  // the school's list names them (only when the history is opened), the sheet's names else.
  const people = usePeople({ former: true, enabled: opened });
  const names = useMemo(
    () =>
      nameMap(people.data, { student: t('attendance.formerStudent'), staff: t('attendance.formerStaff') }),
    [people.data, t],
  );
  const actorName = (id: string | null) => (id ? names.get(id) : undefined) ?? nameOf(id);
  // Offline the list may not come: then the sheet's names, rather than waiting for it.
  const loading =
    history.isPending || (history.isSuccess && people.isPending && people.fetchStatus === 'fetching');
  const status = (entry: Entry['before']) =>
    entry?.status ? t(`attendanceStatus.${entry.status}`) : t('attendance.history.none');

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('attendance.history.title', { name })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {loading && <Loader aria-label={t('app.loading')} />}
      {history.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(history.error)}
        </Alert>
      )}
      {history.data &&
        !loading &&
        (history.data.length === 0 ? (
          <Text>{t('attendance.history.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table striped aria-label={t('attendance.history.title', { name })}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('attendance.history.when')}</Table.Th>
                  <Table.Th scope="col">{t('attendance.history.who')}</Table.Th>
                  <Table.Th scope="col">{t('attendance.history.before')}</Table.Th>
                  <Table.Th scope="col">{t('attendance.history.after')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {history.data.map((entry, index) => (
                  <Table.Tr key={`${entry.at}-${index}`}>
                    <Table.Td>
                      <time dateTime={entry.at}>{format.dateTime(entry.at)}</time>
                    </Table.Td>
                    <Table.Td>{actorName(entry.actorPersonId)}</Table.Td>
                    <Table.Td>{status(entry.before)}</Table.Td>
                    <Table.Td>
                      {entry.after ? status(entry.after) : t('attendance.history.removed')}
                      {entry.after?.note ? ` – ${entry.after.note}` : ''}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
    </Modal>
  );
}
