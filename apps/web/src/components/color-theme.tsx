import { Badge, ColorSwatch } from '@mantine/core';
import { COLOR_THEMES, type ColorTheme } from '@tun/shared/colors';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The swatch colour of a colour theme (lines, electives). */
export function swatchColor(color: ColorTheme): string {
  return `var(--mantine-color-${color}-6)`;
}

/** Select options for a colour theme, with the colours' names in the active language. */
export function colorThemeOptions(t: TFunction): { value: ColorTheme; label: string }[] {
  return COLOR_THEMES.map((color) => ({ value: color, label: t(`colors.${color}`) }));
}

/**
 * A colour theme as its colour and its name: colour alone tells some users nothing. The swatch
 * carries the colour; the name stays in the default text colour, readable on any row.
 */
export function ColorThemeBadge({ color }: { color: ColorTheme }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="default"
      radius="sm"
      tt="none"
      leftSection={<ColorSwatch color={swatchColor(color)} size={12} aria-hidden="true" />}
    >
      {t(`colors.${color}`)}
    </Badge>
  );
}
