import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFileExport } from '@tabler/icons-react';
import type { ExportFormat } from '@tun/shared/people-import';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useCan } from '../../../entities/session/access';
import { useExportPeople } from '../api/export-people';

/** 'Eksporter' for the users page: everyone as CSV or XLSX, with the import's columns. */
export function PeopleExportButton() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const canExport = useCan('students:change');
  const exportPeople = useExportPeople();
  if (!canExport) return null;

  const download = (format: ExportFormat) =>
    exportPeople.mutate(format, {
      onError: (error) =>
        notify({ color: 'red', title: t('peopleExport.failed'), message: errorMessage(error) }),
    });

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          loading={exportPeople.isPending}
          leftSection={<IconFileExport size={16} aria-hidden="true" />}
          rightSection={<IconChevronDown size={14} aria-hidden="true" />}
        >
          {t('peopleExport.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => download('csv')}>{t('peopleExport.csv')}</Menu.Item>
        <Menu.Item onClick={() => download('xlsx')}>{t('peopleExport.xlsx')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
