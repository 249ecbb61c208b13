import { Alert, Button, Stack, type AlertProps } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

interface ChangedElsewhereAlertProps extends Pick<AlertProps, 'mt'> {
  title: string;
  message: string;
  reloadLabel: string;
  /** Throws away the unsaved edits and takes what was saved elsewhere. */
  onReload: () => void;
}

/**
 * A form with unsaved edits whose record someone else saved meanwhile says so, and offers to
 * take theirs; saving keeps the edits (last write wins, knowingly).
 */
export function ChangedElsewhereAlert({
  title,
  message,
  reloadLabel,
  onReload,
  mt,
}: ChangedElsewhereAlertProps) {
  return (
    <Alert
      mt={mt}
      color="orange"
      variant="light"
      icon={<IconInfoCircle aria-hidden="true" />}
      title={title}
      role="status"
    >
      <Stack gap="sm" align="flex-start">
        {message}
        <Button variant="default" size="xs" onClick={onReload}>
          {reloadLabel}
        </Button>
      </Stack>
    </Alert>
  );
}
