import { describe, expect, it } from 'vitest';
import {
  isOwnStorageKey,
  isOwnUploadUrl,
  unfinishedUploadsOf,
  uploadFingerprint,
  type StoredUpload,
} from './unfinished-uploads';

const file = { name: 'film/::x.mp4', type: 'video/mp4', size: 52_428_800, lastModified: 1_700_000_000_000 };

function stored(userId: string, overrides: Partial<StoredUpload> = {}): StoredUpload {
  return {
    urlStorageKey: `tus::${uploadFingerprint(userId, file)}::123`,
    uploadUrl: 'http://127.0.0.1/api/v1/files/uploads/abc',
    size: file.size,
    metadata: { filename: file.name, filetype: file.type, folderId: 'folder1' },
    creationTime: 'Mon Nov 23 2026 10:00:00 GMT+0100',
    ...overrides,
  };
}

describe('unfinished uploads', () => {
  it('gives the same fingerprint for the same file, and one per person', () => {
    expect(uploadFingerprint('u1', file)).toBe(uploadFingerprint('u1', { ...file }));
    expect(uploadFingerprint('u1', file)).not.toBe(uploadFingerprint('u2', file));
    expect(uploadFingerprint('u1', file)).not.toBe(uploadFingerprint('u1', { ...file, lastModified: 1 }));
  });

  it('lists only this person’s uploads that have a URL, newest first', () => {
    const older = stored('u1', {
      urlStorageKey: `tus::${uploadFingerprint('u1', { ...file, name: 'a' })}::1`,
      creationTime: 'Sun Nov 22 2026 10:00:00 GMT+0100',
      metadata: { filename: 'a' },
    });
    const list = unfinishedUploadsOf('u1', [
      older,
      stored('u1'),
      stored('u2'),
      stored('u1', { uploadUrl: null }),
      stored('u10'),
      { ...stored('u1'), urlStorageKey: 'tus::tus-br-x::1' },
    ]);
    expect(list.map((u) => u.name)).toEqual([file.name, 'a']);
    expect(list[0]).toMatchObject({
      size: file.size,
      folderId: 'folder1',
      uploadUrl: expect.stringContaining('/abc'),
    });
    expect(list[1]?.folderId).toBeNull();
    expect(isOwnStorageKey('u1', older.urlStorageKey)).toBe(true);
    expect(isOwnStorageKey('u', older.urlStorageKey)).toBe(false);
  });
});

describe('upload URLs kept in the browser', () => {
  it('are asked about only on Tun’s own upload endpoint', () => {
    const origin = 'http://127.0.0.1:3000';
    const path = '/api/v1/files/uploads';
    expect(isOwnUploadUrl('http://127.0.0.1:3000/api/v1/files/uploads/abc', origin, path)).toBe(true);
    expect(isOwnUploadUrl('/api/v1/files/uploads/abc', origin, path)).toBe(true);
    expect(isOwnUploadUrl('https://evil.example/api/v1/files/uploads/abc', origin, path)).toBe(false);
    expect(isOwnUploadUrl('http://127.0.0.1:3000/api/v1/people', origin, path)).toBe(false);
    expect(isOwnUploadUrl('http://[bad', origin, path)).toBe(false);
  });
});
