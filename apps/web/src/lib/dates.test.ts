import { describe, expect, it } from 'vitest';
import { formatDate, formatTime, localeTag } from './dates';

describe('dates', () => {
  it('maps UI languages to locales, bokmål by default', () => {
    expect(localeTag('nb')).toBe('nb-NO');
    expect(localeTag('nn')).toBe('nn-NO');
    expect(localeTag('en')).toBe('en-GB');
    expect(localeTag(undefined)).toBe('nb-NO');
  });

  it('formats in the school time zone, whatever the machine runs in', () => {
    // 23:30 UTC on 31 December is already New Year in Oslo.
    const instant = '2025-12-31T23:30:00Z';
    expect(formatDate(instant, 'nb')).toBe('1. januar 2026');
    expect(formatTime(instant, 'nb')).toBe('00:30');
  });
});
