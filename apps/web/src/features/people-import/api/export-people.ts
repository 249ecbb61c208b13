import { useMutation } from '@tanstack/react-query';
import type { ExportFormat } from '@tun/shared/people-import';
import { downloadFile } from '../../../lib/download-file';

export function exportPeople(format: ExportFormat): Promise<void> {
  return downloadFile(`/people/export?format=${format}`, `tun-personer.${format}`);
}

export function useExportPeople() {
  return useMutation({ mutationFn: exportPeople });
}
