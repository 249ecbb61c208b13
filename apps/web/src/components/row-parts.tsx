import { useMantineTheme, type MantineTheme } from '@mantine/core';
import type { ButtonHTMLAttributes, CSSProperties, ReactNode } from 'react';
import classes from './row-parts.module.css';

type RowVariant = 'light' | 'outline' | 'subtle';

const resolved = new WeakMap<MantineTheme, Map<string, CSSProperties>>();

/**
 * The theme's colours for a variant, as Mantine's Badge and Button resolve them on every render
 * (theme.ts makes their text readable): worked out once per variant and colour, not per row.
 */
function variantColors(theme: MantineTheme, variant: RowVariant, color: string): CSSProperties {
  let byKey = resolved.get(theme);
  if (!byKey) resolved.set(theme, (byKey = new Map()));
  const key = `${variant} ${color}`;
  let found = byKey.get(key);
  if (!found) {
    const colors = theme.variantColorResolver({ color, theme, variant });
    found = {
      '--row-bg': colors.background,
      '--row-color': colors.color,
      '--row-bd': colors.border,
      '--row-hover': colors.hover,
    } as CSSProperties;
    byKey.set(key, found);
  }
  return found;
}

interface RowBadgeProps {
  variant: 'light' | 'outline';
  color: string;
  icon?: ReactNode;
  children: ReactNode;
}

/**
 * A badge in a long list (an attendance sheet's rows): looks like Mantine's Badge, without its
 * three components and theme lookups per badge, which sixty rows felt. Text keeps its case and
 * wraps, as the sheet's notes need.
 */
export function RowBadge({ variant, color, icon, children }: RowBadgeProps) {
  const theme = useMantineTheme();
  return (
    <span className={classes.badge} style={variantColors(theme, variant, color)}>
      {icon}
      {children}
    </span>
  );
}

interface RowButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'type' | 'className' | 'style'
> {
  icon: ReactNode;
  children: ReactNode;
}

/** A subtle compact button in a long list: Mantine's `subtle` `compact-sm` Button as one element. */
export function RowButton({ icon, children, ...props }: RowButtonProps) {
  const theme = useMantineTheme();
  return (
    <button
      type="button"
      className={`${classes.button} mantine-focus-auto mantine-active`}
      style={variantColors(theme, 'subtle', theme.primaryColor)}
      {...props}
    >
      {icon}
      {children}
    </button>
  );
}
