import { startTestSmtp, type ReceivedMail } from './smtp-server';

export type CapturedMail = ReceivedMail;

/**
 * The tests' SMTP server (smtp-server.ts), as the password-link tests read it: every message
 * it was given, so that a test can read the e-mail Tun sent without a real mail server.
 */
export async function startFakeSmtp(): Promise<{
  url: string;
  mails: CapturedMail[];
  close(): Promise<void>;
}> {
  const smtp = await startTestSmtp();
  return { url: smtp.url, mails: smtp.messages, close: smtp.close };
}
