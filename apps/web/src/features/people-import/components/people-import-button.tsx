import { Button, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileImport } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { useCan } from '../../../entities/session/access';

// The dropzone and the preview are needed only when an admin imports.
const PeopleImportDialog = lazy(() =>
  import('./people-import-dialog').then((module) => ({ default: module.PeopleImportDialog })),
);

/** 'Importer' for the users page: opens the import dialog. Shown only to those who may import. */
export function PeopleImportButton() {
  const { t } = useTranslation();
  const canImport = useCan('students:change');
  const isPhone = useMediaQuery('(max-width: 47.99em)', false);
  const [opened, setOpened] = useState(false);
  if (!canImport) return null;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileImport size={16} aria-hidden="true" />}
        onClick={() => setOpened(true)}
      >
        {t('peopleImport.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('peopleImport.title')}
        size="80rem"
        fullScreen={isPhone}
        closeButtonProps={{ 'aria-label': t('app.close') }}
      >
        <Suspense fallback={<PageLoader />}>
          <PeopleImportDialog onDone={() => setOpened(false)} onCancel={() => setOpened(false)} />
        </Suspense>
      </Modal>
    </>
  );
}
