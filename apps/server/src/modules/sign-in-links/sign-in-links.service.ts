/**
 * Sign-in links by e-mail (docs/decisions/032-sign-in-links.md): asked for with an address on
 * the login page, sent as a queued e-mail, used once within SIGN_IN_LINK_MINUTES on whatever
 * device opens it. The answer to asking is the same whether the address belongs to anyone.
 */
import { randomBytes } from 'node:crypto';
import { fullName, SIGN_IN_LINK_MINUTES, type SignInLinkRequested } from '@tun/shared';
import { accountForMailbox } from '../../auth/accounts';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { personName } from '../../db/rows';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { enqueueJob } from '../../jobs/job-queue';
import { mailerFor } from '../../mail/mail';
import { recordAudit } from '../audit/audit.service';
import { hashToken } from '../password-links/password-links.service';
import { attachAccount } from '../people/people.service';
import { findPerson } from '../people/directory.service';
import { findSchool } from '../school/school.service';
import { startSignIn } from '../session/sign-in-throttle.service';
import {
  claimLink,
  deleteExpiredLinks,
  findLink,
  insertLink,
  recipientByAccount,
  recipientsWithoutAccount,
  spendOpenLinks,
  type LinkRecipient,
} from './sign-in-links.repository';

type Deps = Pick<AppContext, 'database' | 'live' | 'config' | 'jobs'>;

const MINUTE_MS = 60_000;
/** Links past their time are removed at most this often, as links are asked for. */
const PRUNE_EVERY_MS = MINUTE_MS;
let lastPrune = 0;

function mailText(input: { firstName: string; school: string; url: string }): string {
  return [
    `Hei, ${input.firstName}!`,
    '',
    `Her er lenken du ba om for å logge inn i Tun hos ${input.school}:`,
    '',
    input.url,
    '',
    `Lenken virker én gang, i ${SIGN_IN_LINK_MINUTES} minutter. Åpne den på telefonen eller datamaskinen du vil logge inn på.`,
    'Har du ikke bedt om lenken, kan du se bort fra denne e-posten. Ingen kommer inn uten lenken.',
    '',
    `Hilsen ${input.school}`,
  ].join('\n');
}

/** Whom a link for the address goes to: the account's person, else the one person without one. */
async function recipientOf(deps: Deps, email: string): Promise<LinkRecipient | undefined> {
  const { db } = deps.database;
  const byAccount = await recipientByAccount(db, email);
  if (byAccount) return byAccount;
  // Two people with the address and no account: which one signs in cannot be told, so neither.
  const withoutAccount = await recipientsWithoutAccount(db, email);
  return withoutAccount.length === 1 ? withoutAccount[0] : undefined;
}

/**
 * Asks for a link: when the address is a person's, a link is stored (as a hash) and its e-mail
 * queued in one transaction. Throttled per address typed in and per client address.
 */
export async function requestSignInLink(
  deps: Deps,
  input: { email: string; clientAddress: string },
): Promise<{ retryAfterSeconds: number } | SignInLinkRequested> {
  if (!mailerFor(deps.config)) throw new ProblemError('sign-in-link-unavailable');
  const start = await startSignIn(deps, { email: input.email, address: input.clientAddress }, 'email-link');
  if ('retryAfterSeconds' in start) return start;

  const nowMs = Date.now();
  if (nowMs - lastPrune > PRUNE_EVERY_MS) {
    lastPrune = nowMs;
    await deleteExpiredLinks(deps.database.db, new Date(nowMs).toISOString());
  }

  const answer = { expiresInMinutes: SIGN_IN_LINK_MINUTES };
  const recipient = await recipientOf(deps, input.email);
  if (!recipient) return answer;

  const token = randomBytes(32).toString('base64url');
  const createdAt = new Date(nowMs).toISOString();
  const expiresAt = new Date(nowMs + SIGN_IN_LINK_MINUTES * MINUTE_MS).toISOString();
  const school = await findSchool(deps.database.db, recipient.schoolId);
  const schoolName = school?.long_name ?? 'skolen';
  await write(deps, recipient.schoolId, async (trx) => {
    await insertLink(trx, {
      token_hash: hashToken(token),
      person_id: recipient.personId,
      school_id: recipient.schoolId,
      expires_at: expiresAt,
      created_at: createdAt,
    });
    await enqueueJob(trx, {
      schoolId: recipient.schoolId,
      kind: 'email.send',
      payload: {
        to: recipient.email,
        subject: `Logg inn i Tun – ${school?.short_name ?? 'skolen'}`,
        text: mailText({
          firstName: recipient.firstName,
          school: schoolName,
          url: `${deps.config.publicUrl}/login/link?token=${token}`,
        }),
      },
    });
  });
  deps.jobs.kick();
  return answer;
}

/**
 * Uses a link, in one transaction: spends it (and the person's other open links), gives a
 * person without an account one, marks the address verified and records the sign-in. Answers
 * the account to open a session for.
 */
export async function useSignInLink(deps: Deps, token: string): Promise<{ userId: string }> {
  const { db, dialect } = deps.database;
  const tokenHash = hashToken(token);
  const link = await findLink(db, tokenHash);
  if (!link) throw new ProblemError('sign-in-link-invalid');
  const now = nowIso();
  if (link.used_at !== null || link.expires_at <= now) throw new ProblemError('sign-in-link-gone');

  return write(deps, link.school_id, async (trx, publish) => {
    if (!(await claimLink(trx, tokenHash, now))) throw new ProblemError('sign-in-link-gone');
    const person = await findPerson(trx, link.school_id, link.person_id);
    // Leaving deletes a person's links, erasure their row: only a person changed since remains.
    if (!person || person.left_on !== null) throw new ProblemError('sign-in-link-invalid');
    const email = person.email;
    if (person.user_id === null && email === null) throw new ProblemError('sign-in-link-invalid');
    const account = await accountForMailbox(trx, dialect, {
      userId: person.user_id,
      email: email ?? '',
      name: fullName(personName(person)),
    });
    // Someone else's account took the address between the mail and its use.
    if (!account) throw new ProblemError('sign-in-link-invalid');
    if (person.user_id === null) {
      await attachAccount(trx, person.id, account.userId, now);
      publish('people', [person.id]);
    }
    await spendOpenLinks(trx, person.id, now);
    await recordAudit(trx, {
      schoolId: link.school_id,
      actorPersonId: person.id,
      action: 'sign-in',
      entity: 'person',
      entityId: person.id,
      after: { method: 'email-link', account: account.created ? 'created' : 'existing' },
    });
    return { userId: account.userId };
  });
}
