import { describe, expect, it } from 'vitest';
import { fileKind } from './file-kind';

describe('file kinds', () => {
  it('tells kinds from content types, ignoring parameters and case', () => {
    expect(fileKind('image/png')).toBe('image');
    expect(fileKind('application/pdf')).toBe('pdf');
    expect(fileKind('text/plain; charset=utf-8')).toBe('text');
    expect(fileKind('TEXT/CSV')).toBe('spreadsheet');
    expect(fileKind('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(
      'document',
    );
    expect(fileKind('application/vnd.oasis.opendocument.presentation')).toBe('presentation');
    expect(fileKind('application/zip')).toBe('archive');
    expect(fileKind('video/mp4')).toBe('video');
    expect(fileKind('audio/mpeg')).toBe('audio');
    expect(fileKind('application/json')).toBe('code');
    expect(fileKind('application/octet-stream')).toBe('other');
    expect(fileKind('')).toBe('other');
  });
});
