/**
 * What kind of file a content type is, for its icon and the type column. The server tells the
 * content type from the bytes (SPEC §3 contentType); parameters such as charset are ignored.
 */
export const FILE_KINDS = [
  'image',
  'pdf',
  'video',
  'audio',
  'text',
  'document',
  'spreadsheet',
  'presentation',
  'archive',
  'code',
  'other',
] as const;
export type FileKind = (typeof FILE_KINDS)[number];

const EXACT: Record<string, FileKind> = {
  'application/pdf': 'pdf',
  'text/csv': 'spreadsheet',
  'application/vnd.ms-excel': 'spreadsheet',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'spreadsheet',
  'application/vnd.oasis.opendocument.spreadsheet': 'spreadsheet',
  'application/msword': 'document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'document',
  'application/vnd.oasis.opendocument.text': 'document',
  'application/rtf': 'document',
  'text/rtf': 'document',
  'application/vnd.ms-powerpoint': 'presentation',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'presentation',
  'application/vnd.oasis.opendocument.presentation': 'presentation',
  'application/zip': 'archive',
  'application/x-zip-compressed': 'archive',
  'application/x-7z-compressed': 'archive',
  'application/x-tar': 'archive',
  'application/gzip': 'archive',
  'application/x-gzip': 'archive',
  'application/x-bzip2': 'archive',
  'application/x-xz': 'archive',
  'application/vnd.rar': 'archive',
  'application/x-rar-compressed': 'archive',
  'application/json': 'code',
  'application/xml': 'code',
  'text/xml': 'code',
  'text/html': 'code',
  'text/css': 'code',
  'text/javascript': 'code',
  'application/javascript': 'code',
};

export function fileKind(contentType: string): FileKind {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const exact = EXACT[type];
  if (exact) return exact;
  const [top] = type.split('/');
  if (top === 'image') return 'image';
  if (top === 'video') return 'video';
  if (top === 'audio') return 'audio';
  if (top === 'text') return 'text';
  return 'other';
}
