import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportNetworkFailure } from './online-status';

describe('reportNetworkFailure', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    onlineManager.setOnline(true);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    onlineManager.setOnline(true);
  });

  it('goes offline at once, and online again when the server answers', async () => {
    const fetchMock = vi.fn(async (): Promise<Response> => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);

    reportNetworkFailure();
    expect(onlineManager.isOnline()).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/health', expect.objectContaining({ cache: 'no-store' }));
    expect(onlineManager.isOnline()).toBe(false);

    // The server is back: the next probe, 10 s later, finds it.
    fetchMock.mockImplementation(async () => new Response('{"status":"ok"}', { status: 200 }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onlineManager.isOnline()).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // Online again, it stops asking.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('stays offline while the server answers with an error (a proxy in front of a stopped server)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 502 })),
    );
    reportNetworkFailure();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('asks once however many requests fail together', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    reportNetworkFailure();
    reportNetworkFailure();
    reportNetworkFailure();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onlineManager.isOnline()).toBe(true);
  });
});
