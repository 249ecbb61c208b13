import { CASE_PHOTO_BYTES_MAX, CASE_PHOTO_TYPES, CASE_PHOTOS_MAX } from '@tun/shared/maintenance';

export type PhotoRefusal = 'type' | 'size' | 'count';

export interface PhotoPick<T extends Pick<File, 'type' | 'size'>> {
  accepted: T[];
  /** What was left out, and why: said to the user in words before anything is sent. */
  refused: { file: T; reason: PhotoRefusal }[];
}

/**
 * The photos to keep of those picked, after those already chosen: a JPEG, PNG or WebP up to
 * the server's size limit, and no more than a case may hold (the rest are refused, in order).
 */
export function pickPhotos<T extends Pick<File, 'type' | 'size'>>(
  picked: readonly T[],
  alreadyChosen: number,
  max = CASE_PHOTOS_MAX,
): PhotoPick<T> {
  const accepted: T[] = [];
  const refused: PhotoPick<T>['refused'] = [];
  for (const file of picked) {
    if (!(CASE_PHOTO_TYPES as readonly string[]).includes(file.type)) refused.push({ file, reason: 'type' });
    else if (file.size > CASE_PHOTO_BYTES_MAX) refused.push({ file, reason: 'size' });
    else if (alreadyChosen + accepted.length >= max) refused.push({ file, reason: 'count' });
    else accepted.push(file);
  }
  return { accepted, refused };
}
