import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, type Transaction } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';
import { startWalCheckpoints } from './wal-checkpoints';

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
  const file = join(options.dataDir, 'tun.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  const checkpoints = startWalCheckpoints(sqlite, file);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: 'sqlite',
    close: async () => {
      await checkpoints.stop();
      await db.destroy();
    },
  };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; preparing costs more than running most of ours. The same SQL
 * text reuses its prepared statement (the least recently used are let go, since lists of ids
 * make SQL of many lengths). Safe because better-sqlite3 runs a statement to completion at once.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

/** Now as stored: ISO-8601 in UTC. */
export function nowIso(): string {
  return new Date().toISOString();
}
