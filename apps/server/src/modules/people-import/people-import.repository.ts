import type { Queryable } from '../../db/database';

export interface LineName {
  id: string;
  name: string;
  short_name: string;
}

export async function linesOfSchool(db: Queryable, schoolId: string): Promise<LineName[]> {
  return db
    .selectFrom('line')
    .select(['id', 'name', 'short_name'])
    .where('school_id', '=', schoolId)
    .orderBy('name')
    .execute();
}

/** The e-mail addresses the school's people have, lower-cased. */
export async function emailsOfSchool(db: Queryable, schoolId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('person')
    .select('email')
    .where('school_id', '=', schoolId)
    .where('email', 'is not', null)
    .execute();
  return new Set(rows.flatMap((row) => (row.email ? [row.email.toLowerCase()] : [])));
}

/** The Feide ids the school's people have, lower-cased: Feide compares them ignoring case. */
export async function feideIdsOfSchool(db: Queryable, schoolId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('person')
    .select('feide_id')
    .where('school_id', '=', schoolId)
    .where('feide_id', 'is not', null)
    .execute();
  return new Set(rows.flatMap((row) => (row.feide_id ? [row.feide_id.toLowerCase()] : [])));
}

/**
 * Which of the addresses a person of this school signs in with. Other schools' accounts are not
 * asked: their addresses are theirs to know (docs/decisions/015-input-bounds-and-writers.md).
 */
export async function emailsWithAccount(
  db: Queryable,
  schoolId: string,
  emails: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  const unique = [...new Set(emails)];
  // In chunks: databases limit the number of parameters in one statement.
  for (let start = 0; start < unique.length; start += 500) {
    const rows = await db
      .selectFrom('user')
      .innerJoin('person', 'person.user_id', 'user.id')
      .select('user.email')
      .where('person.school_id', '=', schoolId)
      .where('user.email', 'in', unique.slice(start, start + 500))
      .execute();
    for (const row of rows) found.add(row.email.toLowerCase());
  }
  return found;
}
