import { SPEC_MESSAGES, type School, type SchoolUpdate } from '@tun/shared';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import type { SchoolRow } from '../../db/schema';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { addNormalWeek } from '../calendar/calendar.service';
import { insertSchool, toSchool, updateSchool } from './school.repository';
import * as repository from './school.repository';

type Deps = Pick<AppContext, 'database' | 'live'>;

/** The school's row as stored, if there is one (getSchool answers 404 instead). */
export async function findSchool(db: Queryable, schoolId: string): Promise<SchoolRow | undefined> {
  return repository.findSchool(db, schoolId);
}

export async function getSchool(db: Queryable, schoolId: string): Promise<School> {
  const row = await findSchool(db, schoolId);
  if (!row) throw new ProblemError('not-found', SPEC_MESSAGES.schoolMissing);
  return toSchool(row);
}

/** A new school, in the caller's transaction (the first-run wizard's, or a test's). */
export async function addSchool(
  trx: Queryable,
  school: { id: string; shortName: string; longName: string },
): Promise<void> {
  await insertSchool(trx, school);
  await addNormalWeek(trx, school.id);
}

export async function changeSchool(deps: Deps, schoolId: string, update: SchoolUpdate): Promise<School> {
  const row = await write(deps, schoolId, async (trx, publish) => {
    await updateSchool(trx, schoolId, update);
    publish('school', [schoolId]);
    return findSchool(trx, schoolId);
  });
  if (!row) throw new ProblemError('not-found');
  return toSchool(row);
}
