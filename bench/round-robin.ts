/**
 * One port in front of several server instances, as a TCP load balancer does it: each new
 * connection goes to the next instance in turn and stays there (HTTP keep-alive and live
 * streams included), bytes piped both ways unchanged.
 */
import { createConnection, createServer, type Socket } from 'node:net';

export interface RoundRobin {
  url: string;
  /** Connections handed to each target, in the order given. */
  connectionsPerTarget(): number[];
  close(): Promise<void>;
}

export async function startRoundRobin(targetUrls: string[]): Promise<RoundRobin> {
  if (targetUrls.length === 0) throw new Error('round robin needs at least one target');
  const targets = targetUrls.map((text) => {
    const url = new URL(text);
    return { host: url.hostname, port: Number(url.port) };
  });
  const handed = targets.map(() => 0);
  const open = new Set<Socket>();
  let next = 0;

  const server = createServer((client) => {
    const index = next;
    next = (next + 1) % targets.length;
    handed[index] = handed[index]! + 1;
    const upstream = createConnection(targets[index]!);
    open.add(client);
    open.add(upstream);
    // Either side ending or failing ends the pair: the client sees the connection close, as it would
    // with the instance itself.
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.once('close', () => open.delete(client));
    upstream.once('close', () => open.delete(upstream));
    client.on('error', end);
    upstream.on('error', end);
    client.once('close', end);
    upstream.once('close', end);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    connectionsPerTarget: () => [...handed],
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
