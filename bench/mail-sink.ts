/**
 * A real SMTP server in the bench process that takes every message and keeps nothing of it but
 * which bench round it belonged to: with SMTP_URL pointing here, the server under test queues
 * and sends e-mails as it would in production, and the bench can count them.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface MailSink {
  /** For the server's SMTP_URL. */
  url: string;
  /**
   * Waits until `count` messages carrying `token` (one of `newToken`'s) have arrived, or
   * `timeoutMs` has passed; answers how many had arrived by then.
   */
  waitForCount(token: string, count: number, timeoutMs: number): Promise<number>;
  close(): Promise<void>;
}

/** Tokens are short and end up in the subject: looked for in the first bytes, the headers. */
const SCANNED_BYTES = 4096;
/** A token as `newToken` makes it: messages are counted per token as they arrive. */
const TOKEN = /\bbench-[0-9a-z]{8}\b/;

/** A mark for a subject, to tell one round's messages from another's. */
export function newToken(): string {
  return `bench-${Math.random().toString(36).slice(2).padEnd(8, '0').slice(0, 8)}`;
}

export async function startMailSink(): Promise<MailSink> {
  /** Messages per token seen. */
  const counts = new Map<string, number>();
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Many short connections (one per e-mail) from one address: no limits here.
    maxClients: 1000,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < SCANNED_BYTES) head += chunk.toString('latin1', 0, SCANNED_BYTES - head.length);
      });
      stream.on('end', () => {
        // Folded header lines are unfolded, so a token is found wherever the subject was cut.
        const token = TOKEN.exec(head.replace(/\r?\n[ \t]+/g, ' '))?.[0];
        if (token) counts.set(token, (counts.get(token) ?? 0) + 1);
        for (const waiter of waiters) waiter();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // A dropped client connection must not end the bench.
  server.on('error', () => {});
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    waitForCount: (token, count, timeoutMs) =>
      new Promise<number>((resolve) => {
        const finish = () => {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(counts.get(token) ?? 0);
        };
        const check = () => {
          if ((counts.get(token) ?? 0) >= count) finish();
        };
        const timer = setTimeout(finish, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
