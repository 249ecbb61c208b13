import type { School, SchoolUpdate } from '@tun/shared';
import { nowIso, type Queryable } from '../../db/database';
import type { SchoolRow } from '../../db/schema';

export function toSchool(row: SchoolRow): School {
  return {
    id: row.id,
    shortName: row.short_name,
    longName: row.long_name,
    supervisionPhone: row.supervision_phone,
    position: row.lat === null || row.lon === null ? null : { lat: row.lat, lon: row.lon },
    currentSupervision: row.current_supervision,
  };
}

export async function findSchool(db: Queryable, schoolId: string): Promise<SchoolRow | undefined> {
  return db.selectFrom('school').selectAll().where('id', '=', schoolId).executeTakeFirst();
}

export async function insertSchool(
  trx: Queryable,
  school: { id: string; shortName: string; longName: string },
) {
  const now = nowIso();
  await trx
    .insertInto('school')
    .values({
      id: school.id,
      short_name: school.shortName,
      long_name: school.longName,
      supervision_phone: null,
      lat: null,
      lon: null,
      current_supervision: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function updateSchool(trx: Queryable, schoolId: string, update: SchoolUpdate): Promise<void> {
  await trx
    .updateTable('school')
    .set({
      ...(update.shortName === undefined ? {} : { short_name: update.shortName }),
      ...(update.longName === undefined ? {} : { long_name: update.longName }),
      ...(update.supervisionPhone === undefined ? {} : { supervision_phone: update.supervisionPhone }),
      ...(update.position === undefined
        ? {}
        : { lat: update.position?.lat ?? null, lon: update.position?.lon ?? null }),
      updated_at: nowIso(),
    })
    .where('id', '=', schoolId)
    .execute();
}
