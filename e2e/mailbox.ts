import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** The folder the tests' SMTP server writes to (playwright.config.ts). */
export function mailFolder(): string {
  const dataDir = process.env.TUN_E2E_DATA_DIR;
  if (!dataDir) throw new Error('TUN_E2E_DATA_DIR is not set');
  return join(dataDir, 'mail');
}

/** Every message to the address so far. */
export async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const names = (await readdir(mailFolder())).filter((name) => name.endsWith('.json')).sort();
  const mails = await Promise.all(
    names.map(async (name) => JSON.parse(await readFile(join(mailFolder(), name), 'utf8')) as ReceivedMail),
  );
  return mails.filter((mail) => mail.to.includes(address));
}

/** Waits until a message to the address matches, and answers it. */
export async function expectMail(
  address: string,
  matches: (mail: ReceivedMail) => boolean,
): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(async () => {
      found = (await mailsTo(address)).find(matches);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}
