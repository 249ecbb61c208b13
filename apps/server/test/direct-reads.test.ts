/**
 * Compiled queries on SQLite read on a connection of their own (decision 036): outside a
 * transaction they neither wait for one in progress nor see what it has not committed; inside
 * one they read through it and see its own writes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database';
import { preparedQuery } from '../src/db/prepared-query';

const schoolById = preparedQuery((db, value: (name: 'id') => string) =>
  db.selectFrom('school').select(['id', 'short_name']).where('id', '=', value('id')),
);

describe('compiled reads on SQLite', () => {
  let dir: string;
  let database: Database;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tun-reads-'));
    database = openDatabase({ dataDir: dir });
    // Only the columns read here: the query is typed by the schema, the table is the test's own.
    await sql`create table school (id text primary key, short_name text not null)`.execute(database.db);
    await sql`insert into school (id, short_name) values ('a', 'Alfa')`.execute(database.db);
  });

  afterEach(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads what was committed while a transaction is still open, without waiting for it', async () => {
    const { db } = database;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedInTransaction = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx
        .insertInto('school')
        .values({ id: 'b', short_name: 'Bravo' } as never)
        .execute();
      await trx
        .updateTable('school')
        .set({ short_name: 'Alfa 2' } as never)
        .where('id', '=', 'a')
        .execute();
      inserted();
      await released;
    });
    await insertedInTransaction;

    // Through Kysely's one connection this would wait for the transaction, which waits for it.
    expect(await schoolById(db, { id: 'a' })).toEqual([{ id: 'a', short_name: 'Alfa' }]);
    expect(await schoolById(db, { id: 'b' })).toEqual([]);

    release();
    await transaction;
    expect(await schoolById(db, { id: 'a' })).toEqual([{ id: 'a', short_name: 'Alfa 2' }]);
    expect(await schoolById(db, { id: 'b' })).toEqual([{ id: 'b', short_name: 'Bravo' }]);
  });

  it('reads through a transaction, and sees what it wrote', async () => {
    await database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('school')
        .values({ id: 'c', short_name: 'Charlie' } as never)
        .execute();
      expect(await schoolById(trx, { id: 'c' })).toEqual([{ id: 'c', short_name: 'Charlie' }]);
    });
  });

  it('sees a write on the database at once', async () => {
    const { db } = database;
    expect(await schoolById(db, { id: 'd' })).toEqual([]);
    await db
      .insertInto('school')
      .values({ id: 'd', short_name: 'Delta' } as never)
      .execute();
    expect(await schoolById(db, { id: 'd' })).toEqual([{ id: 'd', short_name: 'Delta' }]);
  });

  it('answers the rows Kysely would, named by their columns', async () => {
    const { db } = database;
    await sql`create table record (school_id text, id integer, note text)`.execute(db);
    await sql`insert into record values ('a', 1, null), ('a', 2, 'Syk'), ('b', 3, 'Borte')`.execute(db);
    const records = preparedQuery((on, value: (name: 'school') => string) =>
      on
        .selectFrom('record' as 'school')
        .select(['id', 'note as short_name', 'school_id as id'] as never)
        .where('school_id' as 'id', '=', value('school')),
    );
    const direct = await records(db, { school: 'a' });
    const built = await db.transaction().execute((trx) => records(trx, { school: 'a' }));
    // A name given twice keeps the last value, in both.
    expect(direct).toEqual([
      { id: 'a', short_name: null },
      { id: 'a', short_name: 'Syk' },
    ]);
    expect(direct).toEqual(built);
  });
});
