import { API_BASE } from '@tun/shared/page-data';
import { isProblem, PROBLEMS, type Problem } from '@tun/shared/problem';
import { fieldErrorMessage } from './form-errors';
import { apiRequestSent } from './live-floor';
import { reportNetworkFailure } from './online-status';
import { takePageAnswer } from './page-answers';

/** Not a server code: the request never got an answer. */
export const NETWORK_ERROR_CODE = 'network-error';

/** Every failed API call ends up as this, carrying the server's problem+json (RFC 9457). */
export class ApiError extends Error {
  readonly problem: Problem;

  constructor(problem: Problem) {
    super(problem.title);
    this.name = 'ApiError';
    this.problem = problem;
  }

  get status(): number {
    return this.problem.status;
  }

  get code(): string {
    return this.problem.code;
  }
}

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
}

// Used when a proxy or crashed server answers without problem+json.
function fallbackCode(status: number): string {
  // A gateway saying the server is down or slow is, for the user, the same as no network.
  if (status === 502 || status === 503 || status === 504) return NETWORK_ERROR_CODE;
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 413) return 'payload-too-large';
  if (status === 429) return 'too-many-attempts';
  if (status >= 500) return 'internal-error';
  return 'unknown';
}

const NETWORK_ERROR_TITLE = 'Fikk ikke kontakt med serveren.';

function fallbackProblem(status: number): Problem {
  const code = fallbackCode(status);
  const known = (PROBLEMS as Record<string, { title: string }>)[code];
  const title = known?.title ?? (code === NETWORK_ERROR_CODE ? NETWORK_ERROR_TITLE : 'Noe gikk galt.');
  return { type: 'about:blank', title, status, code };
}

async function readProblem(response: Response): Promise<Problem> {
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      const body: unknown = await response.json();
      if (isProblem(body)) {
        const errors = body.errors?.map((error) => ({ ...error, message: fieldErrorMessage(error) }));
        return { ...body, status: body.status || response.status, ...(errors ? { errors } : {}) };
      }
    } catch {
      // Malformed body: fall through to a problem built from the status.
    }
  }
  return fallbackProblem(response.status);
}

/**
 * Calls the Tun API. Unsafe methods always send a JSON body (an empty object when there is
 * nothing to say), because the server only accepts application/json for them.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  // A GET sends no header of its own: the API answers JSON anyway.
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (method !== 'GET') {
    headers.Accept = 'application/json, application/problem+json';
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body ?? {});
  }

  const answered = apiRequestSent();
  const carried = method === 'GET' ? takePageAnswer(path) : undefined;
  if (carried) {
    answered({ liveId: carried.liveId ?? undefined });
    return carried.body as T;
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
    answered(response);
  } catch (error) {
    answered();
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // No answer at all: the app goes offline, so queries keep what they show and wait.
    reportNetworkFailure();
    throw new ApiError({
      type: 'about:blank',
      title: NETWORK_ERROR_TITLE,
      status: 0,
      code: NETWORK_ERROR_CODE,
    });
  }

  if (!response.ok) throw new ApiError(await readProblem(response));
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return undefined as T;
  return (await response.json()) as T;
}
