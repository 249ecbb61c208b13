import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Schools, people, their roles, the audit log and the live-event log. Every row of a school's
 * data carries school_id so that every query can be scoped (and indexed) by school.
 */
export function platform(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('installation')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('set_up_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('setting')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('school')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('short_name', 'text', (c) => c.notNull())
        .addColumn('long_name', 'text', (c) => c.notNull())
        .addColumn('supervision_phone', 'text')
        .addColumn('lat', 'double precision')
        .addColumn('lon', 'double precision')
        .addColumn('current_supervision', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('person')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.unique().references('user.id').onDelete('set null'))
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('middle_name', 'text')
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('room', 'text')
        .addColumn('email', 'text')
        .addColumn('phone', 'text')
        .addColumn('user_mutable_data', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('person_school_idx')
        .on('person')
        .columns(['school_id', 'last_name'])
        .execute();

      await db.schema
        .createTable('person_role')
        .addColumn('person_id', 'text', (c) => c.notNull().references('person.id').onDelete('cascade'))
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('person_role_pk', ['person_id', 'role'])
        .execute();
      await db.schema
        .createIndex('person_role_school_idx')
        .on('person_role')
        .columns(['school_id', 'role'])
        .execute();

      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('school_id', 'text', (c) => c.notNull().references('school.id').onDelete('cascade'))
        .addColumn('actor_person_id', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text', (c) => c.notNull())
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('audit_log_entity_idx')
        .on('audit_log')
        .columns(['school_id', 'entity', 'entity_id'])
        .execute();

      // Ids must grow across instances so that Last-Event-ID can resume on any of them.
      await db.schema
        .createTable('live_event')
        .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('school_id', 'text', (c) => c.notNull())
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('ids', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('live_event_school_idx')
        .on('live_event')
        .columns(['school_id', 'id'])
        .execute();
    },
  };
}
