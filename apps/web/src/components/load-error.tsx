import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../lib/error-message';

interface LoadErrorProps {
  /** What could not be loaded, in the feature's own words; the reason alone when the page says it. */
  title?: string;
  error: unknown;
  /** Offers "Try again" when the load can be repeated from here. */
  onRetry?: () => void;
}

/** A query that failed: what failed, why (in the user's language), and a way to try again. */
export function LoadError({ title, error, onRetry }: LoadErrorProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} title={title}>
      {onRetry ? (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(error)}</Text>
          <Button size="xs" variant="default" onClick={onRetry}>
            {t('app.retry')}
          </Button>
        </Stack>
      ) : (
        errorMessage(error)
      )}
    </Alert>
  );
}
