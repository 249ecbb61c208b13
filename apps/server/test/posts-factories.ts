/**
 * What the posts tests share: a whole post input with defaults, and archive files written
 * straight to the database (the posts tests attach files; they do not test uploading them).
 */
import { randomUUID } from 'node:crypto';
import type { PostInput } from '@tun/shared';
import { nowIso } from '../src/db/database';
import type { TestApp } from './helper';

/** A post to the whole school, published now, with what the test says on top. */
export function postInput(overrides: Partial<PostInput> = {}): PostInput {
  return {
    title: `Innlegg ${randomUUID().slice(0, 8)}`,
    body: '<p>Hei alle sammen!</p>',
    audience: { kind: 'school' },
    pinned: false,
    showOnInfoScreen: false,
    requireReadConfirmation: false,
    attachmentIds: [],
    ...overrides,
  };
}

/** A file of the school's archive: only its row, since a post names files but never reads them. */
export async function insertArchiveFile(
  t: TestApp,
  schoolId: string,
  file: { name?: string; size?: number; contentType?: string } = {},
): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  const name = file.name ?? `fil-${id.slice(0, 6)}.pdf`;
  await t.ctx.database.db
    .insertInto('file')
    .values({
      id,
      school_id: schoolId,
      folder_id: null,
      name,
      name_key: name.toLowerCase(),
      size: file.size ?? 1234,
      content_type: file.contentType ?? 'application/pdf',
      md5_hash: 'AAAAAAAAAAAAAAAAAAAAAA==',
      generation: '1',
      metageneration: 1,
      custom_metadata: '{}',
      storage_key: `test/${id}`,
      has_thumbnail: 0,
      uploaded_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
