import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One part of a setup page: a framed section named by its heading (h2), with an introduction,
 * optional actions beside the heading, and its content.
 */
export function SettingsSection({
  id,
  title,
  intro,
  actions,
  children,
}: {
  /** The heading's id, which names the section for assistive technology. */
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <Title order={2} size="h3" id={id}>
      {title}
    </Title>
  );
  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'md', sm: 'xl' }} aria-labelledby={id}>
      <Stack gap="md">
        <Stack gap={4}>
          {actions ? (
            <Group justify="space-between" align="center" gap="sm">
              {heading}
              {actions}
            </Group>
          ) : (
            heading
          )}
          {intro && (
            <Text size="sm" c="dimmed">
              {intro}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
