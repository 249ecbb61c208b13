/**
 * The browser tests' mail server: a real SMTP server (Playwright starts it beside Tun, whose
 * SMTP_URL points here) that writes each message it receives as JSON into a folder, where a
 * test reads what a person was sent (`mailbox.ts`).
 *
 * Usage: node --import tsx smtp-sink.ts <port> <folder>
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const [portText, folder] = process.argv.slice(2);
if (!portText || !folder) throw new Error('usage: smtp-sink.ts <port> <folder>');
mkdirSync(folder, { recursive: true });

let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const message = {
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
        };
        received += 1;
        const name = `${Date.now()}-${process.pid}-${received}.json`;
        // Written whole, then renamed: a reader never sees half a message.
        writeFileSync(join(folder, `.${name}`), JSON.stringify(message));
        renameSync(join(folder, `.${name}`), join(folder, name));
        callback();
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
  },
});
server.listen(Number(portText), '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => server.close(() => process.exit(0)));
