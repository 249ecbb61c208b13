import { ActionIcon, CopyButton, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A link to copy (a password link or calendar feed shown once, an address to register
 * elsewhere): read-only, selected on focus, with a copy button.
 */
export function CopyableLinkField({
  id,
  label,
  description,
  url,
}: {
  id: string;
  label: string;
  description?: ReactNode;
  url: string;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      id={id}
      label={label}
      description={description}
      value={url}
      readOnly
      onFocus={(event) => event.currentTarget.select()}
      rightSection={
        <CopyButton value={url} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('app.copied') : t('app.copyLink')} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={copied ? t('app.copied') : t('app.copyLink')}
              >
                {copied ? (
                  <IconCheck size={16} aria-hidden="true" />
                ) : (
                  <IconCopy size={16} aria-hidden="true" />
                )}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}
