import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { Person } from '@tun/shared/people';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useCan } from '../../../entities/session/access';
import { useExportPersonData } from '../api/export-person-data';

/** 'Last ned data (JSON)' for the user details dialog: everything Tun stores about the person. */
export function PrivacyExportButton({ person }: { person: Pick<Person, 'id'> }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const canManage = useCan('privacy:manage');
  const exportData = useExportPersonData();
  if (!canManage) return null;
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden="true" />}
      loading={exportData.isPending}
      onClick={() =>
        exportData.mutate(person.id, {
          onError: (error) =>
            notify({ color: 'red', title: t('personPrivacy.exportFailed'), message: errorMessage(error) }),
        })
      }
    >
      {t('personPrivacy.export')}
    </Button>
  );
}
