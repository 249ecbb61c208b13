import { isProblem, type Problem } from '@tun/shared/problem';
import { ApiError, NETWORK_ERROR_CODE } from '../../../lib/api-client';
import { reportNetworkFailure } from '../../../lib/online-status';
import { casePath } from './get-cases';

/**
 * One photo to a case: the file itself is the body, with its own type, so the phone sends the
 * bytes once and the server re-encodes them without their metadata (decision 026).
 */
export async function uploadCasePhoto(caseId: string, file: File, signal?: AbortSignal): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api/v1${casePath(caseId)}/photos`, {
      method: 'POST',
      headers: { 'Content-Type': file.type, Accept: 'application/json, application/problem+json' },
      body: file,
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    reportNetworkFailure();
    throw new ApiError({ type: 'about:blank', title: '', status: 0, code: NETWORK_ERROR_CODE });
  }
  if (response.ok) return;
  let problem: Problem = { type: 'about:blank', title: '', status: response.status, code: 'unknown' };
  try {
    const body: unknown = await response.json();
    if (isProblem(body)) problem = body;
  } catch {
    if (response.status === 413) problem = { ...problem, code: 'payload-too-large' };
  }
  throw new ApiError(problem);
}
