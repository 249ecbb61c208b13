/**
 * GDPR for one person: everything Tun stores about them (article 15), and erasure (article 17).
 * Erasure removes the person, their sign-in account and memberships; the audit log keeps that
 * changes happened, with the person's name and contact details replaced (see the decision
 * record on erasure for what later features keep and why).
 */
import { forgetEventCreator } from '../calendar/calendar.repository';
import {
  ERASED_PERSON_LABEL,
  fullName,
  isRole,
  ROLE_LABELS_NB,
  shortFullName,
  type LiveTopic,
} from '@tun/shared';
import type { AppContext } from '../../context';
import { nowIso, type Queryable, type Trx } from '../../db/database';
import type { PersonRow } from '../../db/schema';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.repository';
import { calendarFeedsOf } from '../calendar-feeds/calendar-feeds.repository';
import { findPerson, lockSchool, mutableData, personName, rolesOfPerson } from '../people/people.repository';
import { assertAdminRemains } from '../people/people.service';
import { findSchool } from '../school/school.repository';
import {
  accountOf,
  auditAbout,
  auditBy,
  auditMentioning,
  electivesOfPerson,
  groupsCreatedBy,
  groupsOfPerson,
  lineStaffOfPerson,
  linesOfPerson,
  passwordLinksOf,
  sessionsOf,
  updateAuditValues,
} from './privacy.repository';

interface Actor {
  schoolId: string;
  personId: string;
}

function iso(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function auditEntry(row: {
  at: string;
  action: string;
  entity: string;
  entity_id: string;
  actor_person_id: string | null;
  before: string | null;
  after: string | null;
}) {
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

// Session tokens are credentials and stay out of the file; the rest describes the person's use.
const SESSION_FIELDS = ['createdAt', 'updatedAt', 'expiresAt', 'ipAddress', 'userAgent'] as const;

async function collect(db: Queryable, schoolId: string, person: PersonRow) {
  const id = person.id;
  const [school, roles, lines, lineStaff, electives, groups, createdGroups, links, audit, auditByThem] =
    await Promise.all([
      findSchool(db, schoolId),
      rolesOfPerson(db, schoolId, id),
      linesOfPerson(db, schoolId, id),
      lineStaffOfPerson(db, schoolId, id),
      electivesOfPerson(db, schoolId, id),
      groupsOfPerson(db, schoolId, id),
      groupsCreatedBy(db, schoolId, id),
      passwordLinksOf(db, schoolId, id),
      auditAbout(db, schoolId, id),
      auditBy(db, schoolId, id),
    ]);
  const account = person.user_id ? await accountOf(db, person.user_id) : undefined;
  // Which calendars the person reads from outside Tun; the secret addresses are not kept.
  const calendarFeeds = await calendarFeedsOf(db, schoolId, id);
  const sessions = person.user_id ? await sessionsOf(db, person.user_id) : [];
  return {
    school: school ? { id: school.id, shortName: school.short_name, longName: school.long_name } : null,
    person: {
      id,
      name: personName(person),
      email: person.email,
      phone: person.phone,
      room: person.room,
      userMutableData: mutableData(person),
      createdAt: person.created_at,
      updatedAt: person.updated_at,
    },
    roles: roles.map((role) => ({ role, label: isRole(role) ? ROLE_LABELS_NB[role] : role })),
    lines: lines.map((line) => ({ id: line.id, name: line.name, shortName: line.short_name })),
    lineStaff: lineStaff.map((row) => ({ lineId: row.id, lineName: row.name, kind: row.kind })),
    electives,
    temporaryGroups: groups.map((group) => ({ id: group.id, name: group.name, endDate: group.end_date })),
    temporaryGroupsCreated: createdGroups.map((group) => ({
      id: group.id,
      name: group.name,
      createdAt: group.created_at,
    })),
    isCurrentSupervisor: school?.current_supervision === id,
    account: account
      ? {
          email: account.email,
          emailVerified: Boolean(account.emailVerified),
          createdAt: iso(account.createdAt),
          updatedAt: iso(account.updatedAt),
        }
      : null,
    sessions: sessions.map((session) =>
      Object.fromEntries(SESSION_FIELDS.map((field) => [field, iso(session[field]) ?? null])),
    ),
    passwordLinks: links.map((link) => ({
      createdAt: link.created_at,
      expiresAt: link.expires_at,
      usedAt: link.used_at,
    })),
    calendarFeeds,
    auditAboutPerson: audit.map(auditEntry),
    auditByPerson: auditByThem.map(auditEntry),
  };
}

export type PrivacyExport = Awaited<ReturnType<typeof collect>> & { exportedAt: string; format: string };

/** Letters a file name can carry anywhere: "Kari Ødegård" → "kari-odegard". */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/å/g, 'a')
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

/** Everything about one person, as a file for them; the export itself is audited. */
export async function exportPersonData(
  ctx: AppContext,
  actor: Actor,
  personId: string,
): Promise<{ fileName: string; data: PrivacyExport }> {
  const { db } = ctx.database;
  const person = await findPerson(db, actor.schoolId, personId);
  if (!person) throw new ProblemError('not-found');
  const exportedAt = nowIso();
  const data = {
    format: 'tun-personopplysninger/1',
    exportedAt,
    ...(await collect(db, actor.schoolId, person)),
  };
  await write(ctx, actor.schoolId, (trx) =>
    recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: 'privacy-export',
      entity: 'person',
      entityId: personId,
    }),
  );
  const name = slug(fullName(personName(person))) || 'person';
  return { fileName: `tun-personopplysninger-${name}-${exportedAt.slice(0, 10)}.json`, data };
}

// --- Erasure --------------------------------------------------------------------------------

const ERASED_NAME = { first: 'Slettet', last: 'bruker' };
/** In entries about the person, these fields are theirs whatever they hold. */
const PERSONAL_KEYS = new Set(['email', 'phone', 'room', 'profilePicURL']);

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

/**
 * Erases a person in one transaction: memberships, roles, links, the person, and their sign-in
 * account with its sessions. Refused for oneself and for the school's last admin.
 */
export async function erasePerson(ctx: AppContext, actor: Actor, personId: string): Promise<void> {
  const { schoolId } = actor;
  await write(ctx, schoolId, async (trx, publish) => {
    const person = await findPerson(trx, schoolId, personId);
    if (!person) throw new ProblemError('not-found');
    if (person.id === actor.personId) throw new ProblemError('erase-self');
    // As for the users page's delete: two admins erasing each other at once must not both win.
    await lockSchool(trx, schoolId);

    const lineIds = new Set<string>();
    for (const table of ['line_member', 'line_staff'] as const) {
      const rows = await trx
        .selectFrom(table)
        .select('line_id')
        .where('school_id', '=', schoolId)
        .where('person_id', '=', personId)
        .execute();
      for (const row of rows) lineIds.add(row.line_id);
    }
    const electiveIds = (
      await trx
        .selectFrom('elective_member')
        .select('elective_id')
        .where('school_id', '=', schoolId)
        .where('person_id', '=', personId)
        .execute()
    ).map((row) => row.elective_id);
    const groupRows = await trx
      .selectFrom('temp_group')
      .select('id')
      .where('school_id', '=', schoolId)
      .where((eb) =>
        eb.or([
          eb('created_by', '=', personId),
          eb(
            'id',
            'in',
            eb.selectFrom('temp_group_member').select('group_id').where('person_id', '=', personId),
          ),
        ]),
      )
      .execute();

    await pseudonymiseAudit(trx, schoolId, person);

    await trx.deleteFrom('password_link').where('person_id', '=', personId).execute();
    await trx.deleteFrom('line_member').where('person_id', '=', personId).execute();
    await trx.deleteFrom('line_staff').where('person_id', '=', personId).execute();
    await trx.deleteFrom('elective_member').where('person_id', '=', personId).execute();
    await trx.deleteFrom('temp_group_member').where('person_id', '=', personId).execute();
    // The group stays with its members; only who made it is forgotten.
    await trx
      .updateTable('temp_group')
      .set({ created_by: null })
      .where('school_id', '=', schoolId)
      .where('created_by', '=', personId)
      .execute();
    await forgetEventCreator(trx, schoolId, personId);
    const supervision = await trx
      .updateTable('school')
      .set({ current_supervision: null, updated_at: nowIso() })
      .where('id', '=', schoolId)
      .where('current_supervision', '=', personId)
      .executeTakeFirst();
    await trx.deleteFrom('person_role').where('person_id', '=', personId).execute();
    await trx.deleteFrom('person').where('id', '=', personId).where('school_id', '=', schoolId).execute();
    await assertAdminRemains(trx, schoolId);
    if (person.user_id !== null) {
      await trx.deleteFrom('session').where('userId', '=', person.user_id).execute();
      await trx.deleteFrom('account').where('userId', '=', person.user_id).execute();
      await trx.deleteFrom('user').where('id', '=', person.user_id).execute();
    }

    // The fact of the erasure, without anything that names the person.
    await recordAudit(trx, {
      schoolId,
      actorPersonId: actor.personId,
      action: 'erase',
      entity: 'person',
      entityId: personId,
      after: { erased: true, hadAccount: person.user_id !== null },
    });

    const announce = (topic: LiveTopic, ids: Iterable<string>) => {
      const list = [...ids];
      if (list.length > 0) publish(topic, list);
    };
    announce('people', [personId]);
    announce('lines', lineIds);
    announce('electives', electiveIds);
    announce(
      'groups',
      groupRows.map((row) => row.id),
    );
    if (Number(supervision.numUpdatedRows) > 0) announce('school', [schoolId]);
  });
}
