import { describe, expect, it } from 'vitest';
import { fileSizeParts, formatFileSize, formatSpeed } from './file-size';

// Intl puts a no-break space between number and unit; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('file sizes', () => {
  it('steps by 1024, so the SPEC’s 256 KB is 256 kB', () => {
    expect(fileSizeParts(256 * 1024)).toEqual({ value: 256, unit: 'kilobyte', fractionDigits: 0 });
    expect(fileSizeParts(0)).toEqual({ value: 0, unit: 'byte', fractionDigits: 0 });
    expect(fileSizeParts(1023)).toEqual({ value: 1023, unit: 'byte', fractionDigits: 0 });
    expect(fileSizeParts(1536)).toEqual({ value: 1.5, unit: 'kilobyte', fractionDigits: 1 });
    expect(fileSizeParts(50 * 1024 * 1024)).toEqual({ value: 50, unit: 'megabyte', fractionDigits: 0 });
    expect(fileSizeParts(3 * 1024 ** 3)).toEqual({ value: 3, unit: 'gigabyte', fractionDigits: 1 });
  });

  it('goes up a unit where rounding would reach 1024', () => {
    expect(fileSizeParts(1024 * 1024 - 100)).toEqual({ value: 1, unit: 'megabyte', fractionDigits: 1 });
  });

  it('formats in the reader’s language', () => {
    expect(plain(formatFileSize(1536, 'nb-NO'))).toBe('1,5 kB');
    expect(plain(formatFileSize(12.34 * 1024 * 1024, 'nb-NO'))).toBe('12 MB');
    expect(plain(formatFileSize(5.25 * 1024 * 1024, 'en-GB'))).toBe('5.3 MB');
    expect(plain(formatFileSize(2 * 1024 ** 3, 'nn-NO'))).toBe('2 GB');
    expect(plain(formatSpeed(4.2 * 1024 * 1024, 'nb-NO'))).toBe('4,2 MB/s');
  });
});
