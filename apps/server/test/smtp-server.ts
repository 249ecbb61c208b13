/**
 * The tests' SMTP server: a real one (smtp-server) on a free port that keeps every message it
 * is given, parsed (mailparser), so that a test reads what Tun sent as a person's mail program
 * would. A message is kept before the server answers 250, so once Tun's send has resolved its
 * message is in `messages`; `waitFor` is for sends nobody awaits (queued jobs).
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's sender and recipients (MAIL FROM, RCPT TO). */
  from: string;
  to: string[];
  subject: string;
  /** The plain-text body, decoded. */
  text: string;
  /** The message as it came over the wire: headers and encoded body. */
  data: string;
}

export interface TestSmtp {
  /** For SMTP_URL. */
  url: string;
  /** Every message received, in order. */
  messages: ReceivedMail[];
  /**
   * The first message, received already or later, that matches. Fails after `timeoutMs`, so a
   * mail that never comes fails the test with what did come instead of hanging it.
   */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const data = Buffer.concat(chunks);
        simpleParser(data)
          .then((parsed) => {
            const { mailFrom, rcptTo } = session.envelope;
            messages.push({
              from: mailFrom ? mailFrom.address : '',
              to: rcptTo.map((recipient) => recipient.address),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              data: data.toString('utf8'),
            });
            for (const waiter of waiters) waiter();
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor: (match, timeoutMs = 5000) =>
      new Promise<ReceivedMail>((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          const seen = messages.map((mail) => `${mail.to.join(',')}: ${mail.subject}`);
          reject(new Error(`no matching mail in ${timeoutMs} ms; received ${JSON.stringify(seen)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
