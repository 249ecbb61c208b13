/**
 * SQLite's checkpoints run on their own thread (decision 002, «Checkpoints»): the server's
 * connection never copies the log back itself, yet the log is copied into the database file
 * and cut back to its limit, and nothing written is lost.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../src/db/database';

const MB = 1024 * 1024;

describe('checkpoints of SQLite', () => {
  let dir: string;
  let database: Database | undefined;

  afterEach(async () => {
    await database?.close();
    database = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  const open = () => {
    database = openDatabase({ dataDir: dir });
    return database.db;
  };
  const sizeOf = (name: string) => {
    try {
      return statSync(join(dir, name)).size;
    } catch {
      return 0;
    }
  };
  /** `megabytes` of rows, in one transaction. */
  const writeRows = async (first: number, megabytes: number) => {
    await database!.db.transaction().execute(async (trx) => {
      for (let index = first; index < first + megabytes * 16; index += 1) {
        await sql`insert into filler (id, data) values (${index}, randomblob(65536))`.execute(trx);
      }
    });
  };

  it('copies the log into the database file on the other thread, and keeps every row', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tun-wal-'));
    const db = open();
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    expect(rows[0]?.wal_autocheckpoint).toBe(0);
    await sql`create table filler (id integer primary key, data blob)`.execute(db);
    await sql`create table marks (id integer primary key)`.execute(db);

    // 6 MB is past the 1,000 pages (4 MB) at which the log is checkpointed.
    await writeRows(0, 6);
    expect(sizeOf('tun.db-wal')).toBeGreaterThan(6 * MB);

    // Once the other thread's checkpoint has copied, synced and marked the whole log done, the next
    // write starts the log again from its beginning, cut back to 4 MB. The database file reaches
    // its size before the checkpoint ends, so that is no sign: each look writes a small row, which
    // a checkpoint still running sees appended to the log, and the next one copies.
    let marks = 0;
    await vi.waitFor(
      async () => {
        await sql`insert into marks default values`.execute(db);
        marks += 1;
        expect(sizeOf('tun.db-wal')).toBeLessThanOrEqual(4 * MB);
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(sizeOf('tun.db')).toBeGreaterThan(6 * MB);

    // Later writes go to the log's beginning, within those 4 MB.
    await writeRows(1000, 1);
    expect(sizeOf('tun.db-wal')).toBeLessThanOrEqual(4 * MB);

    await database!.close();
    database = undefined;
    const reopened = open();
    const count = await sql<{ n: number }>`select count(*) as n from filler`.execute(reopened);
    expect(count.rows[0]?.n).toBe(6 * 16 + 16);
    const marked = await sql<{ n: number }>`select count(*) as n from marks`.execute(reopened);
    expect(marked.rows[0]?.n).toBe(marks);
  });
});
