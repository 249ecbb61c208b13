/**
 * Passkeys (docs/decisions/033-passkeys.md): WebAuthn credentials a person registers on «Min
 * profil» and signs in with, checked by @simplewebauthn/server. Tun is the relying party of
 * PUBLIC_URL: its host name is the RP ID and its origin the only one accepted.
 */
import { randomUUID } from 'node:crypto';
import {
  fullName,
  type Passkey,
  type PasskeyOptions,
  type PasskeyRegistration,
  type PasskeySignIn,
} from '@tun/shared';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import type { PasskeyTable, WebauthnChallengeTable } from '../../db/schema';
import { personName } from '../../db/rows';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import { findPerson } from '../people/directory.service';
import * as repository from './passkeys.repository';

/** Loaded at the first passkey rather than at start (decision 037). */
const webAuthn = () => import('@simplewebauthn/server');

type Deps = Pick<AppContext, 'database' | 'live' | 'config'>;

/** The person registering, as their session names them. */
interface Owner {
  userId: string;
  personId: string;
  schoolId: string;
}

/** Long enough to answer the phone's prompt; a challenge is used once. */
const CHALLENGE_MINUTES = 5;
const PRUNE_EVERY_MS = 60_000;
let lastPrune = 0;

function relyingParty(config: Deps['config']) {
  const url = new URL(config.publicUrl);
  return { id: url.hostname, origin: url.origin };
}

function summary(row: Pick<PasskeyTable, 'id' | 'name' | 'created_at' | 'last_used_at'>): Passkey {
  return { id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}

/** The transports the browser reported at registration («internal», «hybrid», «usb»…). */
function transportsOf(row: Pick<PasskeyTable, 'transports'>): string[] {
  const parsed: unknown = JSON.parse(row.transports);
  return Array.isArray(parsed) ? parsed.filter((value): value is string => typeof value === 'string') : [];
}

async function storeChallenge(
  deps: Deps,
  challenge: string,
  purpose: WebauthnChallengeTable['purpose'],
): Promise<string> {
  const { db } = deps.database;
  const nowMs = Date.now();
  if (nowMs - lastPrune > PRUNE_EVERY_MS) {
    lastPrune = nowMs;
    await repository.deleteExpiredChallenges(db, new Date(nowMs).toISOString());
  }
  const id = randomUUID();
  const expiresAt = new Date(nowMs + CHALLENGE_MINUTES * 60_000).toISOString();
  await repository.insertChallenge(db, { id, challenge, purpose, expires_at: expiresAt });
  return id;
}

async function takeChallenge(deps: Deps, id: string, purpose: WebauthnChallengeTable['purpose']) {
  const challenge = await repository.takeChallenge(deps.database.db, id, purpose, nowIso());
  if (challenge === undefined) throw new ProblemError('passkey-challenge-gone');
  return challenge;
}

export async function passkeysOfPerson(deps: Deps, owner: Owner): Promise<Passkey[]> {
  return (await repository.passkeysOf(deps.database.db, owner.schoolId, owner.personId)).map(summary);
}

/** What the browser needs to make a passkey for the signed-in person. */
export async function registrationOptions(deps: Deps, owner: Owner): Promise<PasskeyOptions> {
  const { db } = deps.database;
  const person = await findPerson(db, owner.schoolId, owner.personId);
  if (!person) throw new ProblemError('not-found');
  const existing = await repository.passkeysOf(db, owner.schoolId, owner.personId);
  const name = fullName(personName(person));
  const { generateRegistrationOptions } = await webAuthn();
  const options = await generateRegistrationOptions({
    rpName: 'Tun',
    rpID: relyingParty(deps.config).id,
    userName: person.email ?? name,
    userDisplayName: name,
    userID: new TextEncoder().encode(owner.userId),
    attestationType: 'none',
    // The same authenticator twice would be two names for one key.
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    // A key the authenticator keeps, so that signing in needs no address first.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  return { challengeId: await storeChallenge(deps, options.challenge, 'register'), options: { ...options } };
}

/** Checks the browser's new credential against the challenge, and keeps its public key. */
export async function registerPasskey(
  deps: Deps,
  owner: Owner,
  input: PasskeyRegistration,
): Promise<Passkey> {
  const challenge = await takeChallenge(deps, input.challengeId, 'register');
  const rp = relyingParty(deps.config);
  const { verifyRegistrationResponse } = await webAuthn();
  const verification = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => undefined);
  if (!verification?.verified) throw new ProblemError('passkey-not-verified');
  const { credential } = verification.registrationInfo;

  const row: PasskeyTable = {
    id: randomUUID(),
    credential_id: credential.id,
    person_id: owner.personId,
    school_id: owner.schoolId,
    user_id: owner.userId,
    public_key: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: JSON.stringify(credential.transports ?? []),
    name: input.name,
    created_at: nowIso(),
    last_used_at: null,
  };
  await write(deps, owner.schoolId, async (trx) => {
    if (await repository.findPasskeyByCredential(trx, credential.id)) throw new ProblemError('conflict');
    await repository.insertPasskey(trx, row);
    await recordAudit(trx, {
      schoolId: owner.schoolId,
      actorPersonId: owner.personId,
      action: 'passkey-add',
      entity: 'person',
      entityId: owner.personId,
      after: { passkey: row.id, name: row.name },
    });
  });
  return summary(row);
}

/**
 * Removes a passkey of `personId`: the person's own, or, by an admin, someone's whose phone is
 * lost. Another person's or school's passkey is not found.
 */
export async function removePasskey(
  deps: Deps,
  actor: Pick<Owner, 'schoolId' | 'personId'>,
  personId: string,
  passkeyId: string,
): Promise<void> {
  await write(deps, actor.schoolId, async (trx, publish) => {
    if (!(await repository.deletePasskey(trx, actor.schoolId, personId, passkeyId))) {
      throw new ProblemError('not-found');
    }
    await recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: 'passkey-remove',
      entity: 'person',
      entityId: personId,
      after: { passkey: passkeyId },
    });
    // The person's details list them for the admin.
    publish('people', [personId]);
  });
}

/** Someone's passkeys, for an admin (a lost phone); another school's person is not found. */
export async function passkeysOfPersonForAdmin(
  deps: Deps,
  admin: Pick<Owner, 'schoolId'>,
  personId: string,
): Promise<Passkey[]> {
  const { db } = deps.database;
  if (!(await findPerson(db, admin.schoolId, personId))) throw new ProblemError('not-found');
  return (await repository.passkeysOf(db, admin.schoolId, personId)).map(summary);
}

/** What the browser needs to sign in with any passkey it keeps for Tun. */
export async function signInOptions(deps: Deps): Promise<PasskeyOptions> {
  const { generateAuthenticationOptions } = await webAuthn();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps.config).id,
    userVerification: 'preferred',
  });
  return { challengeId: await storeChallenge(deps, options.challenge, 'sign-in'), options: { ...options } };
}

/**
 * Checks a signature by a registered passkey against the challenge; answers the account to open
 * a session for. The signature counter is kept, and the sign-in recorded.
 */
export async function verifyPasskeySignIn(deps: Deps, input: PasskeySignIn): Promise<{ userId: string }> {
  const challenge = await takeChallenge(deps, input.challengeId, 'sign-in');
  const passkey = await repository.findPasskeyByCredential(deps.database.db, input.response.id);
  if (!passkey) throw new ProblemError('passkey-unknown');
  const rp = relyingParty(deps.config);
  const { verifyAuthenticationResponse } = await webAuthn();
  const verification = await verifyAuthenticationResponse({
    response: input.response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credential_id,
      publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
      counter: Number(passkey.counter),
      transports: transportsOf(passkey),
    },
    requireUserVerification: false,
  }).catch(() => undefined);
  if (!verification?.verified) throw new ProblemError('passkey-not-verified');

  const now = nowIso();
  await write(deps, passkey.school_id, async (trx) => {
    await repository.markPasskeyUsed(trx, passkey.id, verification.authenticationInfo.newCounter, now);
    await recordAudit(trx, {
      schoolId: passkey.school_id,
      actorPersonId: passkey.person_id,
      action: 'sign-in',
      entity: 'person',
      entityId: passkey.person_id,
      after: { method: 'passkey' },
    });
  });
  return { userId: passkey.user_id };
}
