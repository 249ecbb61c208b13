/**
 * The file archive remembers who uploaded each file and who is uploading what. The files are the
 * school's: they stay when their uploader leaves or is erased, and an erased uploader is
 * forgotten. Uploading is not history that stops a plain delete either: the delete forgets the
 * uploader the same way (the foreign keys set it null). An erased person's unfinished uploads
 * are left to expire, bytes and all, with the sweep.
 */
import type { PersonalData } from '../privacy/personal-data';
import { filesUploadedBy, forgetUploadCreator, forgetUploader, uploadsCreatedBy } from './files.repository';

export const filesPersonalData: PersonalData = {
  name: 'files',
  columns: { file: ['uploaded_by'], file_upload: ['created_by'] },
  export: async (db, schoolId, person) => {
    const [files, uploads] = await Promise.all([
      filesUploadedBy(db, schoolId, person.id),
      uploadsCreatedBy(db, schoolId, person.id),
    ]);
    return {
      filesUploaded: files.map((file) => ({
        id: file.id,
        name: file.name,
        folderId: file.folder_id,
        size: file.size,
        contentType: file.content_type,
        uploadedAt: file.created_at,
      })),
      unfinishedUploads: uploads.map((upload) => ({
        id: upload.id,
        name: upload.name,
        size: upload.size,
        startedAt: upload.created_at,
      })),
    };
  },
  erase: async (trx, schoolId, person, publish) => {
    const files = await forgetUploader(trx, schoolId, person.id);
    await forgetUploadCreator(trx, schoolId, person.id);
    if (files.length > 0) publish('files', files);
  },
};
