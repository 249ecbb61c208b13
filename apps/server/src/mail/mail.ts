/**
 * Outgoing e-mail. Tun works without it: when SMTP_URL is unset nothing is sent, and whatever
 * a mail would carry (a password link) is shown to the admin to pass on instead.
 */
import type nodemailerModule from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config';
import { lazyRequire } from '../lazy-require';

const nodemailer = lazyRequire<typeof nodemailerModule>('nodemailer');

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

// One transport per SMTP address, so connections are pooled across requests.
const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer().createTransport(smtpUrl);
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** The mailer of this configuration, or undefined when e-mail is not set up. */
export function mailerFor(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): Mailer | undefined {
  const { smtpUrl, mailFrom } = config;
  if (!smtpUrl) return undefined;
  return {
    async send(mail) {
      await transportFor(smtpUrl).sendMail({
        from: mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
    },
  };
}
