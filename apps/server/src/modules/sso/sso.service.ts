/**
 * A school's single sign-on settings (docs/decisions/035-single-sign-on.md): the providers an
 * admin adds, and whether staff must sign in through one of them.
 */
import { randomUUID } from 'node:crypto';
import {
  isStaff,
  type SignInMethod,
  type PersonSsoIdentity,
  type SsoProvider,
  type SsoProviderCreate,
  type SsoProviderUpdate,
  type SsoSettings,
  type SsoSignInOption,
} from '@tun/shared';
import type { AppContext } from '../../context';
import type { RequestPrincipal } from '../../auth/principal';
import { sessionMethod } from '../../auth/auth.repository';
import { nowIso, type Queryable } from '../../db/database';
import type { SsoProviderTable } from '../../db/schema';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import { findPerson } from '../people/directory.service';
import { clientSecrets, discover, redirectUri } from './sso-client';
import * as repository from './sso.repository';

type Deps = Pick<AppContext, 'database' | 'live' | 'config' | 'auth'>;
type Admin = Pick<RequestPrincipal, 'schoolId' | 'personId'>;

function view(row: SsoProviderTable & { linked_people: number | string | null }): SsoProvider {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    issuer: row.issuer,
    clientId: row.client_id,
    domain: row.domain,
    matchByEmail: row.match_by_email === 1,
    matchByFeideId: row.match_by_feide_id === 1,
    linkedPeople: Number(row.linked_people ?? 0),
    createdAt: row.created_at,
  };
}

async function providerView(db: Queryable, schoolId: string, id: string): Promise<SsoProvider> {
  const row = (await repository.providersOfSchool(db, schoolId)).find((provider) => provider.id === id);
  if (!row) throw new ProblemError('not-found');
  return view(row);
}

export async function ssoSettings(
  deps: Pick<Deps, 'database' | 'config'>,
  schoolId: string,
): Promise<SsoSettings> {
  const { db } = deps.database;
  const [providers, required] = await Promise.all([
    repository.providersOfSchool(db, schoolId),
    repository.requiredForStaff(db, schoolId),
  ]);
  return {
    requiredForStaff: required,
    providers: providers.map(view),
    redirectUri: redirectUri(deps.config.publicUrl),
  };
}

/** The login page's buttons: every school's providers. */
export async function ssoSignInOptions(db: Queryable): Promise<SsoSignInOption[]> {
  return (await repository.signInOptions(db)).map((row) => ({
    id: row.id,
    kind: row.kind,
    name: row.name,
    school: row.short_name,
  }));
}

function audited(input: Partial<SsoProviderCreate>) {
  // Never the secret, only that it changed.
  const { clientSecret, ...rest } = input;
  return clientSecret === undefined ? rest : { ...rest, clientSecret: 'changed' };
}

export async function addProvider(deps: Deps, admin: Admin, input: SsoProviderCreate): Promise<SsoProvider> {
  // A provider that cannot be discovered would only fail later, on the login page.
  await discover(input.issuer, input.clientId, input.clientSecret);
  const now = nowIso();
  const row: SsoProviderTable = {
    id: randomUUID(),
    school_id: admin.schoolId,
    kind: input.kind,
    name: input.name,
    issuer: input.issuer,
    client_id: input.clientId,
    client_secret: (await clientSecrets(deps.auth)).seal(input.clientSecret),
    domain: input.domain,
    match_by_email: input.matchByEmail ? 1 : 0,
    match_by_feide_id: input.matchByFeideId ? 1 : 0,
    created_at: now,
    updated_at: now,
  };
  return write(deps, admin.schoolId, async (trx, publish) => {
    await repository.insertProvider(trx, row);
    await recordAudit(trx, {
      schoolId: admin.schoolId,
      actorPersonId: admin.personId,
      action: 'sso-provider-add',
      entity: 'school',
      entityId: admin.schoolId,
      after: { provider: row.id, ...audited(input) },
    });
    publish('school', [admin.schoolId]);
    return providerView(trx, admin.schoolId, row.id);
  });
}

export async function changeProvider(
  deps: Deps,
  admin: Admin,
  id: string,
  input: SsoProviderUpdate,
): Promise<SsoProvider> {
  const { db } = deps.database;
  const existing = await repository.findProvider(db, admin.schoolId, id);
  if (!existing) throw new ProblemError('not-found');
  const box = await clientSecrets(deps.auth);
  const issuer = input.issuer ?? existing.issuer;
  const clientId = input.clientId ?? existing.client_id;
  const secret = input.clientSecret ?? box.open(existing.client_secret);
  if (input.issuer !== undefined || input.clientId !== undefined || input.clientSecret !== undefined) {
    await discover(issuer, clientId, secret);
  }
  return write(deps, admin.schoolId, async (trx, publish) => {
    await repository.updateProvider(trx, admin.schoolId, id, {
      kind: input.kind,
      name: input.name,
      issuer: input.issuer,
      client_id: input.clientId,
      client_secret: input.clientSecret === undefined ? undefined : box.seal(input.clientSecret),
      domain: input.domain,
      match_by_email: input.matchByEmail === undefined ? undefined : Number(input.matchByEmail),
      match_by_feide_id: input.matchByFeideId === undefined ? undefined : Number(input.matchByFeideId),
      updated_at: nowIso(),
    });
    await recordAudit(trx, {
      schoolId: admin.schoolId,
      actorPersonId: admin.personId,
      action: 'sso-provider-change',
      entity: 'school',
      entityId: admin.schoolId,
      after: { provider: id, ...audited(input) },
    });
    publish('school', [admin.schoolId]);
    return providerView(trx, admin.schoolId, id);
  });
}

export async function removeProvider(deps: Deps, admin: Admin, id: string): Promise<void> {
  await write(deps, admin.schoolId, async (trx, publish) => {
    if (!(await repository.deleteProvider(trx, admin.schoolId, id))) throw new ProblemError('not-found');
    // Staff who must use a provider need one left.
    if (
      (await repository.requiredForStaff(trx, admin.schoolId)) &&
      (await repository.countProviders(trx, admin.schoolId)) === 0
    ) {
      throw new ProblemError('sso-provider-required');
    }
    await recordAudit(trx, {
      schoolId: admin.schoolId,
      actorPersonId: admin.personId,
      action: 'sso-provider-remove',
      entity: 'school',
      entityId: admin.schoolId,
      after: { provider: id },
    });
    publish('school', [admin.schoolId]);
  });
}

/**
 * Requires staff to sign in through a provider, or stops requiring it. Switching it on takes an
 * admin who signed in through one in this session: the proof that it works for them before it
 * is the only way in for every member of staff.
 */
export async function setRequiredForStaff(
  deps: Deps,
  admin: Admin & Pick<RequestPrincipal, 'sessionId'>,
  required: boolean,
): Promise<void> {
  if (required && (await sessionMethod(deps.database.db, admin.sessionId)) !== 'oidc') {
    throw new ProblemError('sso-required-needs-sso-session');
  }
  await write(deps, admin.schoolId, async (trx, publish) => {
    await repository.setRequiredForStaff(trx, admin.schoolId, required);
    await recordAudit(trx, {
      schoolId: admin.schoolId,
      actorPersonId: admin.personId,
      action: 'sso-requirement',
      entity: 'school',
      entityId: admin.schoolId,
      after: { requiredForStaff: required },
    });
    publish('school', [admin.schoolId]);
  });
}

/** The accounts at the school's providers linked to a person; another school's is not found. */
export async function identitiesOfPerson(
  deps: Pick<Deps, 'database'>,
  admin: Pick<Admin, 'schoolId'>,
  personId: string,
): Promise<PersonSsoIdentity[]> {
  const { db } = deps.database;
  if (!(await findPerson(db, admin.schoolId, personId))) throw new ProblemError('not-found');
  return (await repository.identitiesOf(db, admin.schoolId, personId)).map((row) => ({
    id: row.id,
    provider: row.name,
    kind: row.kind,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  }));
}

/**
 * Unlinks an account at a provider from a person (a wrong match, or an account the person no
 * longer has): its next sign-in is a first one again, matched only as the provider allows.
 */
export async function unlinkIdentity(deps: Deps, admin: Admin, personId: string, id: string): Promise<void> {
  await write(deps, admin.schoolId, async (trx, publish) => {
    if (!(await repository.deleteIdentity(trx, admin.schoolId, personId, id))) {
      throw new ProblemError('not-found');
    }
    await recordAudit(trx, {
      schoolId: admin.schoolId,
      actorPersonId: admin.personId,
      action: 'sso-unlink',
      entity: 'person',
      entityId: personId,
      after: { identity: id },
    });
    publish('people', [personId]);
  });
}

/**
 * Refuses a sign-in by another way than the school's provider for staff, when the school
 * requires it. A TV's pairing is no person's sign-in.
 */
export async function refuseIfSsoRequired(
  db: Queryable,
  entry: { schoolId: string; roles: Parameters<typeof isStaff>[0] },
  method: SignInMethod,
): Promise<void> {
  if (method === 'oidc' || method === 'tv-pairing' || !isStaff(entry.roles)) return;
  if (await repository.requiredForStaff(db, entry.schoolId)) throw new ProblemError('sso-required');
}
