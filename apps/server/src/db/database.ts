import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, type Transaction } from 'kysely';
import type pgModule from 'pg';
import type { DB } from './schema';
import { startWalCheckpoints } from './wal-checkpoints';
import { lazyRequire } from '../lazy-require';

const pg = lazyRequire<typeof pgModule>('pg');

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
    const pool = new (pg().Pool)({ connectionString: options.databaseUrl, max: 10 });
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
  const reader = openReader(file);
  readers.set(db, reader);
  return {
    db,
    dialect: 'sqlite',
    close: async () => {
      readers.delete(db);
      reader.close();
      await checkpoints.stop();
      await db.destroy();
    },
  };
}

/**
 * Reads that run at once on a SQLite connection of their own (decision 036): compiled queries
 * outside a transaction (db/prepared-query.ts). Kysely's one connection is shared by every
 * request through a queue, so its reads wait for any transaction in progress and go through
 * about twenty promises each; this one runs the statement there and then. In WAL mode it sees what
 * was committed when the statement began, never a transaction still open on the other one.
 */
interface DirectReader {
  prepare(sql: string): SQLite.Statement;
  close(): void;
}

const readers = new WeakMap<Queryable, DirectReader>();

/** The database's reader, for a query on the database itself: a transaction reads in itself. */
export function directReader(db: Queryable): DirectReader | undefined {
  return db.isTransaction ? undefined : readers.get(db);
}

function openReader(file: string): DirectReader {
  const sqlite = new SQLite(file, { fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  // Only reads come here; a write by mistake fails rather than bypass write() (db/write.ts).
  sqlite.pragma('query_only = ON');
  return { prepare: (sql) => sqlite.prepare(sql), close: () => sqlite.close() };
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
