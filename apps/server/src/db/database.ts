import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<DB>;
export type Trx = Transaction<DB>;
/** Repositories take either the database or an open transaction. */
export type Queryable = Db | Trx;

export interface Database {
  db: Db;
  dialect: Dialect;
  /** For PostgreSQL: the connection string, so the live bus can open its LISTEN connection. */
  url?: string;
  close(): Promise<void>;
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => {});
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', url: options.databaseUrl, close: () => db.destroy() };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SQLite(join(options.dataDir, 'tun.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** Now as stored: ISO-8601 in UTC. */
export function nowIso(): string {
  return new Date().toISOString();
}
