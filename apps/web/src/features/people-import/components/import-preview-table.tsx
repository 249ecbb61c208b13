import { Group, List, Table, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { fullName } from '@tun/shared/names';
import type { ImportRow } from '@tun/shared/people-import';
import { useTranslation } from 'react-i18next';

/**
 * Every row of the file as it will be imported. A row with errors says so in words, in its own
 * status cell, and is tinted too; colour alone never carries the message.
 */
export function ImportPreviewTable({ rows }: { rows: readonly ImportRow[] }) {
  const { t } = useTranslation();
  return (
    // Native scrolling with a tab stop: keyboard users scroll a wide table on a phone too.
    <Table.ScrollContainer
      type="native"
      minWidth={1040}
      maxHeight={480}
      tabIndex={0}
      role="region"
      aria-label={t('peopleImport.tableLabel')}
    >
      <Table striped stickyHeader verticalSpacing="xs" aria-label={t('peopleImport.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('peopleImport.columns.row')}</Table.Th>
            <Table.Th scope="col">{t('peopleImport.columns.name')}</Table.Th>
            {/* Right after the name, so that a phone shows a row's errors without scrolling. */}
            <Table.Th scope="col">{t('peopleImport.columns.status')}</Table.Th>
            <Table.Th scope="col">{t('peopleImport.columns.email')}</Table.Th>
            <Table.Th scope="col">{t('peopleImport.columns.phone')}</Table.Th>
            <Table.Th scope="col">{t('peopleImport.columns.room')}</Table.Th>
            <Table.Th scope="col">{t('peopleImport.columns.line')}</Table.Th>
            <Table.Th scope="col">{t('peopleImport.columns.roles')}</Table.Th>
            <Table.Th scope="col">{t('peopleImport.columns.feideId')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const failed = row.errors.length > 0;
            const name = fullName({
              first: row.values.first,
              middle: row.values.middle,
              last: row.values.last,
            });
            return (
              <Table.Tr key={row.row} bg={failed ? 'var(--mantine-color-red-light)' : undefined}>
                <Table.Th scope="row" fw={500}>
                  {row.row}
                </Table.Th>
                <Table.Td>{name}</Table.Td>
                <Table.Td miw={240}>
                  {failed ? (
                    <List
                      size="sm"
                      spacing={2}
                      c="red.9"
                      icon={
                        <ThemeIcon color="red" size={18} radius="xl" variant="filled" aria-hidden="true">
                          <IconAlertTriangle size={12} />
                        </ThemeIcon>
                      }
                    >
                      {row.errors.map((error, index) => (
                        <List.Item key={`${error.field}-${index}`}>
                          {t('peopleImport.rowError', {
                            field: t(`peopleImport.fields.${error.field}`),
                            message: error.message,
                          })}
                        </List.Item>
                      ))}
                    </List>
                  ) : (
                    <Group gap={4} wrap="nowrap">
                      <IconCheck size={16} color="var(--mantine-color-green-8)" aria-hidden="true" />
                      <Text size="sm">{t('peopleImport.rowOk')}</Text>
                    </Group>
                  )}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.values.email}</Table.Td>
                <Table.Td>{row.values.phone}</Table.Td>
                <Table.Td>{row.values.room}</Table.Td>
                <Table.Td>{row.values.line}</Table.Td>
                <Table.Td>{row.values.roles || (failed ? '' : t('peopleImport.student'))}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.values.feideId}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
