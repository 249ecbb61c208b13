/**
 * The audit log holds people as actors and, in its recorded values, as names and contact
 * details. It exports what is about the person and what they did. On erasure the entries stay
 * (the school documents that things changed), with the person's name and contact details
 * replaced in every entry that records them; their id as actor remains, a pseudonym that
 * resolves to the erased row «Slettet bruker».
 */
import { ERASED_PERSON_LABEL, fullName, shortFullName } from '@tun/shared';
import type { Queryable, Trx } from '../../db/database';
import { personName } from '../../db/rows';
import type { AuditLogTable, PersonRow } from '../../db/schema';
import { ERASED_NAME } from '../people/people.personal-data';
import type { PersonalData } from '../privacy/personal-data';
import { auditAbout, auditBy, auditMentioning, hasAuditBy, updateAuditValues } from './audit.repository';

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** An entry as the export shows it, values parsed. */
export function auditEntryView(row: AuditLogTable) {
  return {
    at: row.at,
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    actorPersonId: row.actor_person_id,
    before: parseJson(row.before),
    after: parseJson(row.after),
  };
}

/** Rewrites the recorded values of entries; JSON that is not an object is left as it is. */
export async function rewriteAuditValues(
  trx: Queryable,
  rows: readonly Pick<AuditLogTable, 'id' | 'before' | 'after'>[],
  change: (value: unknown) => unknown,
): Promise<void> {
  const rewrite = (text: string | null) => {
    const parsed = parseJson(text);
    return parsed === null || typeof parsed !== 'object' ? text : JSON.stringify(change(parsed));
  };
  for (const row of rows) {
    const before = rewrite(row.before);
    const after = rewrite(row.after);
    if (before !== row.before || after !== row.after) await updateAuditValues(trx, row.id, { before, after });
  }
}

/** In entries about the person, these fields are theirs whatever they hold. */
const PERSONAL_KEYS = new Set(['email', 'phone', 'room', 'feideId', 'profilePicURL']);

function norm(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('nb');
}

interface Identity {
  texts: Set<string>;
  first: string;
  last: string;
}

function identityOf(person: PersonRow): Identity {
  const name = personName(person);
  // Not the phone: a number can be shared (a family's), and would erase someone else's history.
  const texts = [
    person.email,
    fullName(name),
    shortFullName(name),
    `${name.last}, ${name.first}`,
    `${name.first} ${name.last}`,
  ].flatMap((text) => (text ? [norm(text)] : []));
  return { texts: new Set(texts), first: norm(name.first), last: norm(name.last) };
}

function isNameOf(value: Record<string, unknown>, identity: Identity): boolean {
  return (
    typeof value.first === 'string' &&
    typeof value.last === 'string' &&
    norm(value.first) === identity.first &&
    norm(value.last) === identity.last
  );
}

/**
 * The recorded value with the person's name and contact details replaced. With `about`, the
 * entry is about the person, so their personal fields go too, whatever they hold.
 */
export function pseudonymise(value: unknown, identity: Identity, about: boolean): unknown {
  if (typeof value === 'string') return identity.texts.has(norm(value)) ? ERASED_PERSON_LABEL : value;
  if (Array.isArray(value)) return value.map((item) => pseudonymise(item, identity, about));
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (isNameOf(record, identity)) return ERASED_NAME;
    return Object.fromEntries(
      Object.entries(record).map(([key, item]) => {
        if (about && PERSONAL_KEYS.has(key) && item !== null && item !== undefined) return [key, null];
        if (about && key === 'name' && item !== null && typeof item === 'object') return [key, ERASED_NAME];
        return [key, pseudonymise(item, identity, about)];
      }),
    );
  }
  return value;
}

function rewrite(text: string | null, identity: Identity, about: boolean): string | null {
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return identity.texts.has(norm(text)) ? JSON.stringify(ERASED_PERSON_LABEL) : text;
  }
  return JSON.stringify(pseudonymise(parsed, identity, about));
}

async function pseudonymiseAudit(trx: Trx, schoolId: string, person: PersonRow) {
  const identity = identityOf(person);
  const about = await auditAbout(trx, schoolId, person.id);
  const aboutIds = new Set(about.map((row) => row.id));
  const mentioning = await auditMentioning(
    trx,
    schoolId,
    [person.email, person.last_name].flatMap((text) => (text ? [text] : [])),
  );
  const rows = [
    ...about.map((row) => ({ ...row, about: true })),
    ...mentioning.filter((row) => !aboutIds.has(row.id)).map((row) => ({ ...row, about: false })),
  ];
  for (const row of rows) {
    const before = rewrite(row.before, identity, row.about);
    const after = rewrite(row.after, identity, row.about);
    if (before !== row.before || after !== row.after) await updateAuditValues(trx, row.id, { before, after });
  }
}

export const auditPersonalData: PersonalData = {
  name: 'audit',
  columns: { audit_log: ['actor_person_id'] },
  export: async (db, schoolId, person) => {
    const [about, by] = await Promise.all([
      auditAbout(db, schoolId, person.id),
      auditBy(db, schoolId, person.id),
    ]);
    return { auditAboutPerson: about.map(auditEntryView), auditByPerson: by.map(auditEntryView) };
  },
  // What someone did to others' records is the school's documentation; their own profile is not.
  hasHistory: hasAuditBy,
  erase: (trx, schoolId, person) => pseudonymiseAudit(trx, schoolId, person),
};
