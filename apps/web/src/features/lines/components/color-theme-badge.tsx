import { Badge, ColorSwatch } from '@mantine/core';
import type { ColorTheme } from '@tun/shared/colors';
import { useTranslation } from 'react-i18next';

/** A colour theme as its colour and its name: colour alone would tell nothing to some users. */
export function ColorThemeBadge({ color }: { color: ColorTheme }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={color}
      radius="sm"
      tt="none"
      leftSection={<ColorSwatch color={`var(--mantine-color-${color}-6)`} size={12} aria-hidden="true" />}
    >
      {t(`lines.colors.${color}`)}
    </Badge>
  );
}
