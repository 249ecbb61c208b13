import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  fullName,
  PASSWORD_LINK_DAYS,
  schoolDateTimeFormat,
  type PasswordLink,
  type SetPasswordInput,
  type SetPasswordResult,
} from '@tun/shared';
import { createCredentialAccount, hashPassword } from '../../auth/accounts';
import { findUserByEmail } from '../../auth/auth.repository';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { personName } from '../../db/rows';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { mailerFor } from '../../mail/mail';
import { recordAudit } from '../audit/audit.service';
import { findPerson } from '../people/directory.service';
import { attachAccount } from '../people/people.service';
import { findSchool } from '../school/school.service';
import {
  claimLink,
  deleteSessionsOf,
  expireOpenLinks,
  findLink,
  findUser,
  insertLink,
  personOfUser,
  setCredentialPassword,
} from './password-links.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const MAIL_TIMEOUT_MS = 15_000;

/** Only this is stored: whoever reads the database cannot use a link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const emailTaken = () =>
  new ProblemError('conflict', 'E-postadressen brukes allerede av en konto som hører til en annen person.');

function formatExpiry(iso: string): string {
  return schoolDateTimeFormat('nb-NO', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
}

function mailText(input: { firstName: string; school: string; url: string; expiresAt: string }): string {
  return [
    `Hei, ${input.firstName}!`,
    '',
    `${input.school} bruker Tun. Med lenken under setter du passordet ditt og logger inn:`,
    '',
    input.url,
    '',
    `Lenken virker én gang og går ut ${formatExpiry(input.expiresAt)}.`,
    'Har du ikke ventet denne e-posten, kan du se bort fra den.',
    '',
    `Hilsen ${input.school}`,
  ].join('\n');
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`mail not sent within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A new one-time link for a person; their older open links stop working. The link always goes
 * back to the admin, and also to the person's e-mail when Tun can send mail.
 */
export async function createPasswordLink(
  ctx: AppContext,
  actor: { schoolId: string; personId: string },
  personId: string,
  log: { warn(obj: unknown, message?: string): void },
): Promise<PasswordLink> {
  const { db } = ctx.database;
  const person = await findPerson(db, actor.schoolId, personId);
  if (!person) throw new ProblemError('not-found');
  if (person.user_id === null) {
    // Sign-in is by e-mail, so an account cannot be made without one.
    if (!person.email) {
      throw new ProblemError('validation-failed', undefined, [
        {
          path: 'email',
          code: 'required',
          message: 'Personen har ingen e-postadresse. Legg inn e-post først.',
        },
      ]);
    }
    // Another school's account with the address is not told apart from a free address: the
    // link is made and sent, and using it makes no account (setPasswordWithLink).
    const user = await findUserByEmail(db, person.email);
    const holder = user ? await personOfUser(db, user.id) : undefined;
    if (holder?.school_id === actor.schoolId) throw emailTaken();
  }

  const token = randomBytes(32).toString('base64url');
  const now = nowIso();
  const expiresAt = new Date(Date.parse(now) + PASSWORD_LINK_DAYS * DAY_MS).toISOString();
  const mailer = mailerFor(ctx.config);
  const recipient =
    person.user_id === null ? person.email : ((await findUser(db, person.user_id))?.email ?? person.email);

  await write(ctx, actor.schoolId, async (trx) => {
    await expireOpenLinks(trx, actor.schoolId, personId, now);
    await insertLink(trx, {
      token_hash: hashToken(token),
      person_id: personId,
      school_id: actor.schoolId,
      expires_at: expiresAt,
      created_at: now,
    });
    await recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: 'password-link',
      entity: 'person',
      entityId: personId,
      after: { expiresAt, byEmail: mailer !== undefined && Boolean(recipient) },
    });
  });

  const url = `${ctx.config.publicUrl}/set-password?token=${token}`;
  let emailed = false;
  if (mailer && recipient) {
    const school = await findSchool(db, actor.schoolId);
    const schoolName = school?.long_name ?? 'Skolen';
    try {
      await withTimeout(
        mailer.send({
          to: recipient,
          subject: `Sett passord i Tun – ${school?.short_name ?? 'skolen'}`,
          text: mailText({ firstName: person.first_name, school: schoolName, url, expiresAt }),
        }),
        MAIL_TIMEOUT_MS,
      );
      emailed = true;
    } catch (error) {
      // The admin still has the link to pass on; the answer says it was not sent.
      log.warn({ err: error }, 'password link e-mail not sent');
    }
  }
  return { url, expiresAt, emailed };
}

/**
 * Uses a link: makes the person's sign-in account, or sets a new password on the one they have,
 * and spends the link, all in one transaction. A used, expired or replaced link is refused.
 */
export async function setPasswordWithLink(
  ctx: AppContext,
  input: SetPasswordInput,
): Promise<SetPasswordResult> {
  const { db, dialect } = ctx.database;
  const tokenHash = hashToken(input.token);
  const link = await findLink(db, tokenHash);
  if (!link) throw new ProblemError('password-link-invalid');
  const now = nowIso();
  if (link.used_at !== null || link.expires_at <= now) throw new ProblemError('password-link-gone');

  // Hashed before the transaction: scrypt is slow on purpose, and SQLite has one writer.
  const hash = await hashPassword(ctx.auth, input.password);

  return write(ctx, link.school_id, async (trx, publish) => {
    if (!(await claimLink(trx, tokenHash, now))) throw new ProblemError('password-link-gone');
    const person = await findPerson(trx, link.school_id, link.person_id);
    if (!person) throw new ProblemError('password-link-invalid');

    let email: string;
    let account: 'created' | 'password-changed' | 'none' = 'password-changed';
    if (person.user_id !== null) {
      const user = await findUser(trx, person.user_id);
      if (!user) throw new ProblemError('password-link-invalid');
      await setCredentialPassword(trx, dialect, { userId: user.id, hash, accountId: randomUUID });
      await deleteSessionsOf(trx, user.id);
      email = user.email;
    } else {
      if (!person.email) throw new ProblemError('password-link-invalid');
      const existing = await findUserByEmail(trx, person.email);
      const holder = existing ? await personOfUser(trx, existing.id) : undefined;
      if (holder?.school_id === link.school_id) throw emailTaken();
      email = person.email.toLowerCase();
      if (holder) {
        // Another school's person signs in with the address. Sign-in addresses are one per
        // installation, so no account is made; the answer is that of a free address, so that
        // nobody learns of the other school's account (docs/decisions/015-input-bounds-and-writers.md).
        account = 'none';
      } else {
        let userId: string;
        if (existing) {
          // An account no person holds (its person was deleted) is taken over, not duplicated.
          await setCredentialPassword(trx, dialect, { userId: existing.id, hash, accountId: randomUUID });
          await deleteSessionsOf(trx, existing.id);
          userId = existing.id;
        } else {
          userId = await createCredentialAccount(trx, dialect, {
            email: person.email,
            name: fullName(personName(person)),
            passwordHash: hash,
          });
          account = 'created';
        }
        await attachAccount(trx, person.id, userId, now);
        publish('people', [person.id]);
      }
    }
    await recordAudit(trx, {
      schoolId: link.school_id,
      actorPersonId: person.id,
      action: 'set-password',
      entity: 'person',
      entityId: person.id,
      after: { account },
    });
    return { email };
  });
}
