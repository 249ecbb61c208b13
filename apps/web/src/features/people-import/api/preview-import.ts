import { useMutation } from '@tanstack/react-query';
import type { ImportFile, ImportPreview } from '@tun/shared/people-import';
import { apiRequest } from '../../../lib/api-client';

/** Reads the file on the server and answers every row with its errors; nothing is written. */
export function previewImport(file: ImportFile): Promise<ImportPreview> {
  return apiRequest<ImportPreview>('/people/import/preview', { method: 'POST', body: file });
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}
