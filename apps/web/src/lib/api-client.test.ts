import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, NETWORK_ERROR_CODE } from './api-client';

function respond(status: number, body?: unknown, type = 'application/json') {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: body === undefined ? {} : { 'content-type': type },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('returns the JSON body', async () => {
    respond(200, { needsSetup: true });
    await expect(apiRequest('/setup')).resolves.toEqual({ needsSetup: true });
  });

  it('sends JSON on unsafe methods, even without a body', async () => {
    const fetchMock = respond(204);
    await apiRequest('/logout', { method: 'POST' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/logout');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(init?.body).toBe('{}');
  });

  it('throws the problem as an ApiError', async () => {
    const problem = {
      type: 'about:blank',
      title: 'Feil e-post eller passord.',
      status: 401,
      code: 'invalid-credentials',
    };
    respond(401, problem, 'application/problem+json');
    const error = await apiRequest('/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).problem).toEqual(problem);
  });

  it('makes a problem out of an answer that is not one', async () => {
    respond(500, 'Internal error', 'text/plain');
    const error = (await apiRequest('/session').catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('internal-error');
    expect(error.status).toBe(500);
  });

  it('treats a gateway error as the server being unreachable', async () => {
    respond(502, 'Bad gateway', 'text/plain');
    const error = (await apiRequest('/session').catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe(NETWORK_ERROR_CODE);
  });

  it('reports an unreachable server as a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = (await apiRequest('/session').catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe(NETWORK_ERROR_CODE);
  });
});
