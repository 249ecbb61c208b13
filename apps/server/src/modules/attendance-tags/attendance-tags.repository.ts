import type { Queryable } from '../../db/database';
import type { RoomTagTable } from '../../db/schema';

/** The room's tag, if it has one; another school's room has none. */
export async function findTag(
  db: Queryable,
  schoolId: string,
  roomId: string,
): Promise<RoomTagTable | undefined> {
  return db
    .selectFrom('room_tag')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('room_id', '=', roomId)
    .executeTakeFirst();
}

/** Gives the room a tag, or replaces its secret (every key made from the old one stops working). */
export async function putTag(trx: Queryable, row: RoomTagTable): Promise<void> {
  await trx
    .insertInto('room_tag')
    .values(row)
    .onConflict((oc) =>
      oc.column('room_id').doUpdateSet((eb) => ({
        secret: eb.ref('excluded.secret'),
        rotating: eb.ref('excluded.rotating'),
        created_at: eb.ref('excluded.created_at'),
      })),
    )
    .execute();
}

export async function setRotating(trx: Queryable, schoolId: string, roomId: string, rotating: boolean) {
  await trx
    .updateTable('room_tag')
    .set({ rotating: rotating ? 1 : 0 })
    .where('school_id', '=', schoolId)
    .where('room_id', '=', roomId)
    .execute();
}

export async function deleteTag(trx: Queryable, schoolId: string, roomId: string): Promise<void> {
  await trx.deleteFrom('room_tag').where('school_id', '=', schoolId).where('room_id', '=', roomId).execute();
}
