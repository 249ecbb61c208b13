/**
 * Tun as its own process (`src/main.ts` through tsx), for what only a real process shows:
 * several instances on one database, and how it stops on a signal.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

export async function startServer(
  env: Record<string, string>,
): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: new URL('..', import.meta.url).pathname,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // Compiling with tsx on a busy machine can take long: a generous deadline, and an early end if
  // the process exits.
  const deadline = Date.now() + 120_000;
  let exited = false;
  child.once('exit', () => (exited = true));
  while (!exited && Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return { url, process: child };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error(exited ? 'the server exited before it answered' : 'server did not start');
}
