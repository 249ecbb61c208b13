/**
 * A case's photos (docs/decisions/026-janitor-cases.md): they belong to the case, not to the file
 * archive, and are read only through the case's own permission. A photo is checked by its bytes,
 * written again upright and without its metadata (EXIF location), and gets a preview; both are
 * kept in the archive's store, under keys of their own.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { CASE_PHOTO_TYPES, CASE_PHOTOS_MAX, type casePhotoSchema } from '@tun/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { ObjectNotFoundError, type ByteRange } from '../../storage/file-storage';
import { recordAudit } from '../audit/audit.service';
import type { Downloadable } from '../files/download';
import { detectContentType, makeThumbnail, processImage } from '../files/file-content';
import { thumbnailKey } from '../files/stored-objects';
import { findPhoto, insertPhoto, photosOf, updateCase } from './cases.repository';
import { loadVisibleCase, policiesOf, presentPhoto, type Actor } from './cases.service';

type Deps = Pick<AppContext, 'database' | 'live' | 'storage' | 'log'>;
type CasePhoto = z.infer<typeof casePhotoSchema>;

/** Enough of the head for file-type to tell the image formats apart. */
const SNIFF_BYTES = 4100;

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * The store's keys are flat tokens (no slash), so the «folder» is a prefix: the school, the
 * case and the photo, all ids the server made.
 */
export function photoStorageKey(schoolId: string, caseId: string, photoId: string): string {
  return `maintenance_${schoolId}_${caseId}_${photoId}`;
}

function refusedType(): ProblemError {
  return new ProblemError('file-type-refused', 'Bildet må være JPEG, PNG eller WebP.');
}

/** Why the reader may not add a photo: the case is full (409), or it is not theirs to add to. */
function photoRefusal(photoCount: number): ProblemError {
  return photoCount >= CASE_PHOTOS_MAX ? new ProblemError('case-photo-limit') : new ProblemError('forbidden');
}

/**
 * Adds a photo to the case: the bytes are checked and cleaned before anything is stored, and the
 * objects written are removed again if the row does not commit.
 */
export async function addCasePhoto(
  deps: Deps,
  actor: Actor,
  caseId: string,
  bytes: Buffer,
): Promise<CasePhoto> {
  const db = deps.database.db;
  const loaded = await loadVisibleCase(db, actor, caseId);
  const existing = (await photosOf(db, actor.schoolId, caseId)).length;
  if (!policiesOf(actor, loaded, existing).addPhoto) throw photoRefusal(existing);

  const { contentType, refused } = await detectContentType(bytes.subarray(0, SNIFF_BYTES));
  if (refused || !(CASE_PHOTO_TYPES as readonly string[]).includes(contentType)) throw refusedType();
  const cleaned = (await processImage(bytes, contentType)) ?? bytes;
  const thumbnail = await makeThumbnail(cleaned);
  // Bytes with an image's magic number that no decoder can read are no photo.
  if (!thumbnail) throw refusedType();

  const photoId = randomUUID();
  const key = photoStorageKey(actor.schoolId, caseId, photoId);
  const written: string[] = [];
  try {
    await deps.storage.put(key, cleaned);
    written.push(key);
    await deps.storage.put(thumbnailKey(key), thumbnail);
    written.push(thumbnailKey(key));
    return await write(deps, actor.schoolId, async (trx, publish) => {
      const row = await loadVisibleCase(trx, actor, caseId);
      const now = nowIso();
      // Touching the case holds its row: two photos added at once are counted one after the other.
      await updateCase(trx, actor.schoolId, caseId, { updated_at: now });
      const count = (await photosOf(trx, actor.schoolId, caseId)).length;
      if (!policiesOf(actor, row, count).addPhoto) throw photoRefusal(count);
      const photo = {
        id: photoId,
        school_id: actor.schoolId,
        case_id: caseId,
        storage_key: key,
        content_type: contentType,
        size: cleaned.length,
        added_by: actor.personId,
        created_at: now,
      };
      await insertPhoto(trx, photo);
      await recordAudit(trx, {
        schoolId: actor.schoolId,
        actorPersonId: actor.personId,
        action: 'add-photo',
        entity: 'maintenance_case',
        entityId: caseId,
        after: { photoId, contentType, size: photo.size },
      });
      publish('cases', row.submitted_by === null ? [] : [row.submitted_by]);
      return presentPhoto(photo);
    });
  } catch (error) {
    for (const object of written) {
      await deps.storage.remove(object).catch((removeError: unknown) => {
        deps.log.error(
          { err: removeError, key: object },
          'could not remove a stored object; it is left behind',
        );
      });
    }
    throw error;
  }
}

/**
 * A photo's bytes (or its preview's) as a download, when the reader may see the case; not found
 * otherwise. The ETag is the photo's id: its bytes never change.
 */
export async function casePhotoDownload(
  deps: Deps,
  actor: Actor,
  caseId: string,
  photoId: string,
  thumbnail: boolean,
): Promise<{ object: Downloadable; open(range?: ByteRange): Promise<Readable> }> {
  const db = deps.database.db;
  const row = await loadVisibleCase(db, actor, caseId);
  const photo = await findPhoto(db, actor.schoolId, caseId, photoId);
  if (!photo) throw new ProblemError('not-found');
  const key = thumbnail ? thumbnailKey(photo.storage_key) : photo.storage_key;
  const missing = (error: unknown) => {
    if (!(error instanceof ObjectNotFoundError)) throw error;
    deps.log.error({ key }, 'a stored case photo has no bytes');
    throw new ProblemError('not-found');
  };
  const size = thumbnail ? await deps.storage.size(key).catch(missing) : photo.size;
  const contentType = thumbnail ? 'image/webp' : photo.content_type;
  return {
    object: {
      key,
      size,
      contentType,
      name: `sak-${row.number}-bilde.${thumbnail ? 'webp' : (EXTENSIONS[contentType] ?? 'bin')}`,
      etag: `"${photo.id}${thumbnail ? '.thumb' : ''}"`,
      inline: true,
    },
    open: (range) => deps.storage.read(key, range).catch(missing),
  };
}
