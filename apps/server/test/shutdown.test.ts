/**
 * Stopping on SIGTERM (a deploy, a restart): requests under way finish with their real answer
 * and what they wrote is kept; only then do the database and the bus close.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setupInput } from './factories';
import { startServer } from './server-process';

/** Resolves once the server takes no new connections: it has begun to close. */
async function refusesConnections(port: number): Promise<void> {
  for (;;) {
    const socket = connect(port, '127.0.0.1');
    const outcome = await Promise.race([
      once(socket, 'connect').then(() => 'open' as const),
      once(socket, 'error').then(() => 'refused' as const),
    ]).catch(() => 'refused' as const);
    socket.destroy();
    if (outcome === 'refused') return;
    // Still listening: the next attempt waits for this one's round trip, not for a timer.
  }
}

describe('shutdown on SIGTERM', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tun-shutdown-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('lets a request under way finish and keep its write before the database closes', async () => {
    const server = await startServer({ DATA_DIR: dataDir });
    const exited = once(server.process, 'exit');
    const port = Number(new URL(server.url).port);
    const body = JSON.stringify(setupInput());

    // The request's head is sent and read (the server answers 100 Continue); its body is not.
    const pending = request(`${server.url}/api/v1/setup`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
      },
    });
    const response = once(pending, 'response');
    pending.flushHeaders();
    await once(pending, 'continue');

    server.process.kill('SIGTERM');
    await refusesConnections(port);
    pending.end(body);

    const [answer] = (await response) as [import('node:http').IncomingMessage];
    let text = '';
    for await (const chunk of answer) text += String(chunk);
    expect(answer.statusCode, text).toBe(201);
    const [code] = await exited;
    expect(code).toBe(0);

    // The write is there after a restart.
    const again = await startServer({ DATA_DIR: dataDir });
    try {
      const setup = await fetch(`${again.url}/api/v1/setup`);
      expect(await setup.json()).toEqual({ needsSetup: false, emailLink: false, sso: [] });
    } finally {
      again.process.kill('SIGTERM');
      await once(again.process, 'exit');
    }
  });
});
