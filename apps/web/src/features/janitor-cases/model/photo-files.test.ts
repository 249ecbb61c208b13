import { CASE_PHOTO_BYTES_MAX } from '@tun/shared/maintenance';
import { describe, expect, it } from 'vitest';
import { pickPhotos } from './photo-files';

const photo = (type: string, size = 1000) => ({ type, size });

describe('pickPhotos', () => {
  it('keeps JPEG, PNG and WebP photos up to the size limit', () => {
    const files = [photo('image/jpeg'), photo('image/png'), photo('image/webp', CASE_PHOTO_BYTES_MAX)];
    expect(pickPhotos(files, 0)).toEqual({ accepted: files, refused: [] });
  });

  it('refuses other types and too big photos, saying why', () => {
    const gif = photo('image/gif');
    const pdf = photo('application/pdf');
    const big = photo('image/jpeg', CASE_PHOTO_BYTES_MAX + 1);
    expect(pickPhotos([gif, pdf, big], 0).refused).toEqual([
      { file: gif, reason: 'type' },
      { file: pdf, reason: 'type' },
      { file: big, reason: 'size' },
    ]);
  });

  it('stops at the number a case may hold, counting those already chosen', () => {
    const files = [photo('image/jpeg', 1), photo('image/jpeg', 2), photo('image/jpeg', 3)];
    const result = pickPhotos(files, 4, 6);
    expect(result.accepted).toEqual(files.slice(0, 2));
    expect(result.refused).toEqual([{ file: files[2], reason: 'count' }]);
  });
});
