import { ColorSwatch, Group, Text } from '@mantine/core';
import type { ColorTheme } from '@tun/shared/colors';
import { useTranslation } from 'react-i18next';

export function swatchColor(color: ColorTheme): string {
  return `var(--mantine-color-${color}-6)`;
}

/** A colour theme shown as its colour and its name: colour alone tells some users nothing. */
export function ColorThemeLabel({ color }: { color: ColorTheme }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap">
      <ColorSwatch color={swatchColor(color)} size={16} withShadow={false} aria-hidden="true" />
      <Text span size="sm">
        {t(`electives.colors.${color}`)}
      </Text>
    </Group>
  );
}
