import { describe, expect, it } from 'vitest';
import { ENTRY_NAME_INVALID, entryNameError } from './entry-name';

describe('file and folder names', () => {
  it('accepts a name, trimmed', () => {
    expect(entryNameError('  Skjema høst 2026.pdf ', 255)).toBeNull();
  });

  it('says what is wrong by code', () => {
    expect(entryNameError('   ', 100)).toEqual({ code: 'required' });
    expect(entryNameError('a'.repeat(101), 100)).toMatchObject({ code: 'too-big', maximum: 100 });
    expect(entryNameError('a/b', 100)).toEqual({ code: ENTRY_NAME_INVALID });
    expect(entryNameError('..', 100)).toEqual({ code: ENTRY_NAME_INVALID });
    expect(entryNameError('a\tb', 100)).toEqual({ code: 'single-line' });
  });
});
