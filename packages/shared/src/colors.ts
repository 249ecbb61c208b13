/**
 * Colour themes for lines and electives (SPEC 'Fargetema'): names of the app's palette, so that
 * every theme has light and dark shades that keep text readable (WCAG AA) wherever it is shown.
 */
export const COLOR_THEMES = [
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
] as const;
export type ColorTheme = (typeof COLOR_THEMES)[number];
