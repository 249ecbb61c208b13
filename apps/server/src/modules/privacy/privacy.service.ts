/**
 * GDPR for one person: everything Tun stores about them (article 15), and erasure (article 17).
 * Both loop over the registry of personal data (personal-data-registry.ts), where each module
 * says what it keeps and how it goes; docs/decisions/011-leaving-and-erasure.md says what stays.
 */
import { fullName } from '@tun/shared';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/database';
import { personName } from '../../db/rows';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import { findPerson } from '../people/directory.service';
import { assertAdminRemains, lockSchool } from '../people/people.service';
import { findSchool } from '../school/school.service';
import { erasePersonalData, exportPersonalData } from './personal-data-registry';

interface Actor {
  schoolId: string;
  personId: string;
}

export type PrivacyExport = Record<string, unknown> & { exportedAt: string; format: string };

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
  const school = await findSchool(db, actor.schoolId);
  const data: PrivacyExport = {
    format: 'tun-personopplysninger/1',
    exportedAt,
    school: school ? { id: school.id, shortName: school.short_name, longName: school.long_name } : null,
    ...(await exportPersonalData(db, actor.schoolId, person)),
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

/**
 * Erases a person in one transaction, every module in the registry's order. Refused for
 * oneself and for the school's last admin.
 */
export async function erasePerson(ctx: AppContext, actor: Actor, personId: string): Promise<void> {
  const { schoolId } = actor;
  await write(ctx, schoolId, async (trx, publish) => {
    const person = await findPerson(trx, schoolId, personId);
    if (!person) throw new ProblemError('not-found');
    if (person.id === actor.personId) throw new ProblemError('erase-self');
    // As for the users page's delete: two admins erasing each other at once must not both win.
    await lockSchool(trx, schoolId);
    await erasePersonalData(trx, schoolId, person, publish);
    await assertAdminRemains(trx, schoolId);
    // The fact of the erasure, without anything that names the person.
    await recordAudit(trx, {
      schoolId,
      actorPersonId: actor.personId,
      action: 'erase',
      entity: 'person',
      entityId: personId,
      after: { erased: true, hadAccount: person.user_id !== null },
    });
  });
}
