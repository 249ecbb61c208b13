import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file';

/** Everything Tun stores about the person, downloaded as a JSON file. */
export function exportPersonData(personId: string): Promise<void> {
  return downloadFile(
    `/people/${encodeURIComponent(personId)}/privacy-export`,
    'tun-personopplysninger.json',
  );
}

export function useExportPersonData() {
  return useMutation({ mutationFn: exportPersonData });
}
