import { Box, Button, Group, Image, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPhotoOff } from '@tabler/icons-react';
import { FILE_SEARCH_MAX } from '@tun/shared/files';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../../components/logo';
import { fileInlineUrl } from '../../../entities/files/file-urls';
import { useErrorMessage } from '../../../lib/error-message';
import { useArchiveFile, useLogoCandidates } from '../api/get-logo-candidates';

const SEARCH_DEBOUNCE_MS = 300;
const PREVIEW_SIZE = 64;

interface LogoPickerProps {
  value: string | null;
  onChange: (fileId: string | null) => void;
  /** The stored logo's address, shown while the stored logo is the one chosen. */
  storedId: string | null;
  storedUrl: string | null;
  /** The archive answers only while the files feature is on. */
  archiveOn: boolean;
  error?: string | null;
}

/**
 * The logo is an image of the school's archive, found by name in a searchable list (new images
 * are uploaded on the archive's page). «Fjern logo» goes back to Tun's own mark.
 */
export function LogoPicker({ value, onChange, storedId, storedUrl, archiveOn, error }: LogoPickerProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [search, setSearch] = useState('');
  const chosen = useArchiveFile(value, { enabled: archiveOn });
  const chosenLabel = value === null ? null : (chosen.data?.name ?? t('appSetup.logo.chosenFile'));
  // Mantine shows the chosen option's name in the box: that is no search of its own.
  const typed = search.trim() === chosenLabel ? '' : search.trim();
  const [q] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const candidates = useLogoCandidates(typed === '' ? '' : q, { enabled: archiveOn });

  const data = useMemo(() => {
    const options = candidates.images.map((file) => ({ value: file.id, label: file.name }));
    // The chosen logo stays in the list, or the box would show nothing.
    if (value !== null && chosenLabel !== null && !options.some((option) => option.value === value)) {
      options.unshift({ value, label: chosenLabel });
    }
    return options;
  }, [candidates.images, value, chosenLabel]);

  const previewUrl =
    value === null ? null : value === storedId && storedUrl ? storedUrl : fileInlineUrl(value);

  let description = t('appSetup.logo.description');
  if (!archiveOn) description = t('appSetup.logo.archiveOff');
  else if (candidates.isError) description = errorMessage(candidates.error);

  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <Box
        w={PREVIEW_SIZE}
        h={PREVIEW_SIZE}
        mt={26}
        style={{ flex: 'none', display: 'grid', placeItems: 'center' }}
      >
        {previewUrl === null ? (
          <Logo size={PREVIEW_SIZE} />
        ) : (
          <Image
            src={previewUrl}
            alt={t('appSetup.logo.preview')}
            w={PREVIEW_SIZE}
            h={PREVIEW_SIZE}
            fit="contain"
            radius="sm"
          />
        )}
      </Box>
      <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
        <Select
          label={t('appSetup.logo.label')}
          description={description}
          placeholder={t('appSetup.logo.placeholder')}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          // The archive has searched by name already.
          filter={({ options }) => options}
          data={data}
          value={value}
          onChange={(id) => onChange(id)}
          disabled={!archiveOn}
          maxLength={FILE_SEARCH_MAX}
          error={error}
          allowDeselect={false}
        />
        {/* Said beside the box rather than as an empty list, which is no list to a screen reader. */}
        <Text size="sm" role="status">
          {q !== '' && q === typed && !candidates.isFetching && candidates.images.length === 0
            ? t('appSetup.logo.nothingFound', { q })
            : null}
        </Text>
        {value === null ? (
          <Text size="sm" c="dimmed">
            {t('appSetup.logo.none')}
          </Text>
        ) : (
          <Group>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPhotoOff size={16} aria-hidden="true" />}
              onClick={() => onChange(null)}
            >
              {t('appSetup.logo.remove')}
            </Button>
          </Group>
        )}
      </Stack>
    </Group>
  );
}
