import {
  IconFile,
  IconFileCode,
  IconFileMusic,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypeDoc,
  IconFileTypePdf,
  IconFileZip,
  IconFolder,
  IconMovie,
  IconPhoto,
  IconPresentation,
  type Icon,
} from '@tabler/icons-react';
import type { FileKind } from '../model/file-kind';

const ICONS: Record<FileKind | 'folder', Icon> = {
  folder: IconFolder,
  image: IconPhoto,
  pdf: IconFileTypePdf,
  video: IconMovie,
  audio: IconFileMusic,
  text: IconFileText,
  document: IconFileTypeDoc,
  spreadsheet: IconFileSpreadsheet,
  presentation: IconPresentation,
  archive: IconFileZip,
  code: IconFileCode,
  other: IconFile,
};

/** The kind's icon; decorative, as the type column and the name say what it is. */
export function FileIcon({ kind, size = 24 }: { kind: FileKind | 'folder'; size?: number }) {
  const Icon = ICONS[kind];
  return <Icon size={size} stroke={1.5} aria-hidden="true" style={{ flexShrink: 0 }} />;
}
