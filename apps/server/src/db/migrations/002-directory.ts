import type { Kysely } from 'kysely';

/**
 * The school directory: rooms, lines (SPEC "groups"/classes) with their staff and members,
 * electives with members, temporary groups with members, and one-time password links.
 * Membership tables carry school_id too, so that every query can be scoped and indexed by it.
 */
export function directory() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('room')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('room_school_idx').on('room').columns(['school_id', 'name']).execute();

      await db.schema
        .createTable('line')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('short_name', 'text', (c) => c.notNull())
        .addColumn('color', 'text', (c) => c.notNull())
        // SPEC: stored only when set.
        .addColumn('main_room_id', 'text', (c) => c.references('room.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('line_school_idx').on('line').columns(['school_id', 'name']).execute();

      // Teachers and assistants of a line.
      await db.schema
        .createTable('line_staff')
        .addColumn('line_id', 'text', (c) => c.notNull().references('line.id').onDelete('cascade'))
        .addColumn('person_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
        .addColumn('school_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('line_staff_pk', ['line_id', 'person_id', 'kind'])
        .execute();
      await db.schema.createIndex('line_staff_person_idx').on('line_staff').columns(['person_id']).execute();

      // SPEC User.memberOf: the lines a person belongs to.
      await db.schema
        .createTable('line_member')
        .addColumn('line_id', 'text', (c) => c.notNull().references('line.id').onDelete('cascade'))
        .addColumn('person_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
        .addColumn('school_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('line_member_pk', ['line_id', 'person_id'])
        .execute();
      await db.schema
        .createIndex('line_member_person_idx')
        .on('line_member')
        .columns(['person_id'])
        .execute();
      await db.schema
        .createIndex('line_member_school_idx')
        .on('line_member')
        .columns(['school_id', 'line_id'])
        .execute();

      await db.schema
        .createTable('elective')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('color', 'text', (c) => c.notNull())
        .addColumn('main_room_id', 'text', (c) => c.references('room.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('elective_school_idx')
        .on('elective')
        .columns(['school_id', 'name'])
        .execute();

      await db.schema
        .createTable('elective_member')
        .addColumn('elective_id', 'text', (c) => c.notNull().references('elective.id').onDelete('cascade'))
        .addColumn('person_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
        .addColumn('school_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('elective_member_pk', ['elective_id', 'person_id'])
        .execute();
      await db.schema
        .createIndex('elective_member_person_idx')
        .on('elective_member')
        .columns(['person_id'])
        .execute();

      await db.schema
        .createTable('temp_group')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        // A calendar date (YYYY-MM-DD) in the school's zone; after it the group is archived.
        .addColumn('end_date', 'text')
        .addColumn('created_by', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('temp_group_school_idx')
        .on('temp_group')
        .columns(['school_id', 'end_date'])
        .execute();

      await db.schema
        .createTable('temp_group_member')
        .addColumn('group_id', 'text', (c) => c.notNull().references('temp_group.id').onDelete('cascade'))
        .addColumn('person_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
        .addColumn('school_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('temp_group_member_pk', ['group_id', 'person_id'])
        .execute();
      await db.schema
        .createIndex('temp_group_member_person_idx')
        .on('temp_group_member')
        .columns(['person_id'])
        .execute();

      // One-time links to set a password. Only a hash of the token is stored.
      await db.schema
        .createTable('password_link')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('person_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
        .addColumn('school_id', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('password_link_person_idx')
        .on('password_link')
        .columns(['person_id'])
        .execute();
    },
  };
}
