import { Image, Modal, SimpleGrid, UnstyledButton } from '@mantine/core';
import type { Case } from '@tun/shared/maintenance';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The case's photos as thumbnails; one opens full size in a dialog. */
export function CasePhotos({ photos }: { photos: Case['photos'] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const shown = open === null ? undefined : photos[open];
  return (
    <>
      <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs">
        {photos.map((photo, index) => (
          <UnstyledButton
            key={photo.id}
            onClick={() => setOpen(index)}
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          >
            <Image
              src={photo.thumbnailUrl}
              alt={t('janitorCases.case.photoAlt', { n: index + 1 })}
              radius="sm"
              h={96}
              fit="cover"
            />
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Modal
        opened={shown !== undefined}
        onClose={() => setOpen(null)}
        title={open === null ? '' : t('janitorCases.case.photoAlt', { n: open + 1 })}
        size="xl"
        centered
        closeButtonProps={{ 'aria-label': t('app.close') }}
      >
        {shown && open !== null && (
          <Image
            src={shown.url}
            alt={t('janitorCases.case.photoAlt', { n: open + 1 })}
            fit="contain"
            mah="75vh"
          />
        )}
      </Modal>
    </>
  );
}
