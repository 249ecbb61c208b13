import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from '../app/theme';
import { AA_TEXT, contrastRatio, overWhite } from './contrast';

describe('contrast', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('gives filled primary buttons AA contrast with white text', () => {
    const primary = theme.colors?.fjord?.[8];
    expect(primary).toBeDefined();
    expect(contrastRatio(primary!, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('keeps the dimmed grey we use readable on white and on light tints', () => {
    const gray7 = DEFAULT_THEME.colors.gray[7];
    expect(contrastRatio(gray7, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(gray7, overWhite(DEFAULT_THEME.colors.gray[8], 0.12))).toBeGreaterThanOrEqual(
      AA_TEXT,
    );
  });
});
