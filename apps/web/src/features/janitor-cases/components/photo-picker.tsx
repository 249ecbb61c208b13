import { ActionIcon, Alert, Button, FileButton, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCamera, IconX } from '@tabler/icons-react';
import { CASE_PHOTO_BYTES_MAX, CASE_PHOTOS_MAX } from '@tun/shared/maintenance';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickPhotos, type PhotoRefusal } from '../model/photo-files';

const MAX_MB = Math.round(CASE_PHOTO_BYTES_MAX / (1024 * 1024));

interface PhotoPickerProps {
  /** The photos chosen so far, in order. */
  photos: File[];
  onChange: (photos: File[]) => void;
  /** How many more the case may take; a new case may take them all. */
  room?: number;
  disabled?: boolean;
  /** Ties the hint to the button for screen readers. */
  id: string;
}

/**
 * «Ta bilde / legg ved bilde»: on a phone the camera opens at once (capture="environment"), and
 * the gallery is a tap away. A file the server would refuse is refused here, in words.
 */
export function PhotoPicker({ photos, onChange, room = CASE_PHOTOS_MAX, disabled, id }: PhotoPickerProps) {
  const { t } = useTranslation();
  const resetRef = useRef<() => void>(null);
  const [refused, setRefused] = useState<{ name: string; reason: PhotoRefusal }[]>([]);
  const previews = useMemo(() => photos.map((photo) => URL.createObjectURL(photo)), [photos]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  const add = (picked: File[]) => {
    const result = pickPhotos(picked, photos.length, room);
    setRefused(result.refused.map(({ file, reason }) => ({ name: file.name, reason })));
    if (result.accepted.length > 0) onChange([...photos, ...result.accepted]);
    // The same photo may be picked again after it was removed.
    resetRef.current?.();
  };

  const remove = (index: number) => {
    setRefused([]);
    onChange(photos.filter((_photo, at) => at !== index));
  };

  const full = photos.length >= room;
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <FileButton
          onChange={add}
          accept="image/*"
          capture="environment"
          multiple
          resetRef={resetRef}
          disabled={disabled || full}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconCamera size={18} aria-hidden="true" />}
              disabled={disabled || full}
              aria-describedby={`${id}-hint`}
            >
              {t('janitorCases.photos.add')}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed" id={`${id}-hint`}>
          {t('janitorCases.photos.hint', { max: room, mb: MAX_MB })}
        </Text>
      </Group>
      {refused.length > 0 && (
        <Alert color="red" variant="light" role="alert" p="xs">
          <Stack gap={2}>
            {refused.map((item, index) => (
              <Text size="sm" key={`${item.name}-${index}`}>
                {t(`janitorCases.photos.refused.${item.reason}`, { name: item.name, mb: MAX_MB, max: room })}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {photos.length > 0 && (
        <SimpleGrid cols={{ base: 3, xs: 6 }} spacing="xs">
          {photos.map((_photo, index) => (
            <div key={previews[index]} style={{ position: 'relative' }}>
              <Image
                src={previews[index]}
                alt={t('janitorCases.photos.previewAlt', { n: index + 1 })}
                radius="sm"
                h={64}
                fit="cover"
              />
              <ActionIcon
                variant="filled"
                color="dark"
                size="sm"
                radius="xl"
                pos="absolute"
                top={4}
                right={4}
                onClick={() => remove(index)}
                disabled={disabled}
                aria-label={t('janitorCases.photos.remove', { n: index + 1 })}
              >
                <IconX size={14} aria-hidden="true" />
              </ActionIcon>
            </div>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
