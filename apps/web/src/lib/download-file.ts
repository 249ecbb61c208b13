import { isProblem } from '@tun/shared/problem';
import { ApiError } from './api-client';

function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}

/**
 * Downloads a file the API serves as an attachment. Fetched rather than linked, so that a
 * refusal or an expired session shows as a notification instead of a page of JSON.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api/v1${path}`, { credentials: 'same-origin' });
  } catch {
    throw new ApiError({
      type: 'about:blank',
      title: 'Fikk ikke kontakt med serveren.',
      status: 0,
      code: 'network-error',
    });
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw new ApiError(
      isProblem(body)
        ? body
        : { type: 'about:blank', title: response.statusText, status: response.status, code: 'unknown' },
    );
  }
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(response, fallbackName);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Some browsers start the download after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
