import {
  createTheme,
  DEFAULT_THEME,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';
import { AA_TEXT, contrastRatio, overWhite } from '../lib/contrast';

/** A calm fjord blue; shade 8, the filled shade, has 7:1 contrast with white text. */
const fjord: MantineColorsTuple = [
  '#e9f2f8',
  '#d3e5f0',
  '#a8cbe1',
  '#7aafd1',
  '#5597c3',
  '#3c87b9',
  '#2e78a8',
  '#256993',
  '#1d5a80',
  '#134766',
];

// Mantine's default filled shade (6) is too light for white text in most palettes.
const PRIMARY_SHADE = 8;
const colors = { ...DEFAULT_THEME.colors, fjord };
const WHITE = '#ffffff';
const BLACK = '#000000';

/**
 * Mantine's light, outline and subtle variants paint text in the filled shade, which fails
 * WCAG AA for most palettes (red, orange, green, cyan…). Role badges, alerts and buttons use
 * these colours, so every palette gets the lightest shade that reaches 4.5:1 on its own tint,
 * and filled surfaces get whichever of white or black reads better.
 */
const readable = Object.fromEntries(
  Object.entries(colors).map(([name, shades]) => {
    const tint = overWhite(shades[PRIMARY_SHADE], 0.12);
    const shade = [7, 8, 9].find((index) => contrastRatio(shades[index]!, tint) >= AA_TEXT);
    const filled = shades[PRIMARY_SHADE];
    return [
      name,
      {
        text: shade === undefined ? 'var(--mantine-color-black)' : `var(--mantine-color-${name}-${shade})`,
        onFilled:
          contrastRatio(filled, WHITE) >= contrastRatio(filled, BLACK)
            ? 'var(--mantine-color-white)'
            : 'var(--mantine-color-black)',
      },
    ];
  }),
) as Record<string, { text: string; onFilled: string }>;

const variantColorResolver: VariantColorsResolver = (input) => {
  const result = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  // An explicit shade ('red.9') is a deliberate choice; leave it alone.
  if (!parsed.isThemeColor || parsed.shade !== undefined) return result;
  const colours = readable[parsed.color];
  if (!colours) return result;
  switch (input.variant) {
    case 'filled':
      return { ...result, color: colours.onFilled };
    case 'light':
    case 'outline':
    case 'subtle':
    case 'transparent':
    case 'white':
      return { ...result, color: colours.text, hoverColor: colours.text };
    default:
      return result;
  }
};

export const theme = createTheme({
  colors,
  primaryColor: 'fjord',
  primaryShade: { light: PRIMARY_SHADE, dark: PRIMARY_SHADE },
  defaultRadius: 'md',
  cursorType: 'pointer',
  variantColorResolver,
  headings: { fontWeight: '650' },
  components: {
    // Mantine renders a dialog's header as <header>, which assistive technology (and axe)
    // takes for a second page banner beside the app's own.
    ModalHeader: { defaultProps: { component: 'div' } },
  },
});

/** Mantine's dimmed, error and placeholder greys are below 4.5:1 on white. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
