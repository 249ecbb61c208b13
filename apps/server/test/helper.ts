/**
 * Builds the app on a fresh real database of either dialect: a new SQLite file, or a new
 * PostgreSQL database that is dropped again when the test app closes.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { AppContext } from '../src/context';
import type { Dialect } from '../src/db/database';

export function dialects(): Dialect[] {
  return inject('postgresUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestDatabase {
  env: Record<string, string>;
  drop(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('postgresUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new, empty database: its settings (DATA_DIR or DATABASE_URL) and how to remove it. */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'tun-test-'));
    return { env: { DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `tun_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(inject('postgresUrl'));
  url.pathname = `/${name}`;
  // The file archive keeps its bytes under DATA_DIR on PostgreSQL too: a folder of its own, so a
  // test never writes into the working directory.
  const dir = mkdtempSync(join(tmpdir(), 'tun-test-'));
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: dir },
    drop: async () => {
      await adminQuery(`drop database if exists ${name} with (force)`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  dialect: Dialect;
  request(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * An app on a database that already exists: a second instance beside the first, as behind a load
 * balancer. Closing it leaves the database to its owner.
 */
export async function createTestAppOn(
  database: TestDatabase,
  dialect: Dialect,
  env: Record<string, string> = {},
): Promise<TestApp> {
  const { app, ctx } = await buildApp(loadConfig({ LOG_LEVEL: 'silent', ...database.env, ...env }));
  return {
    app,
    ctx,
    dialect,
    request: ({ cookie, headers, ...rest }) =>
      app.inject({ ...rest, headers: { ...headers, ...(cookie ? { cookie } : {}) } }),
    close: () => app.close(),
  };
}

export async function createTestApp(
  dialect: Dialect,
  options: BuildOptions & { env?: Record<string, string>; config?: Partial<Config> } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(dialect);
  const config = loadConfig({ LOG_LEVEL: 'silent', ...database.env, ...options.env }, options.config);
  let built: Awaited<ReturnType<typeof buildApp>>;
  try {
    built = await buildApp(config, options);
  } catch (error) {
    await database.drop();
    throw error;
  }
  const { app, ctx } = built;
  return {
    app,
    ctx,
    dialect,
    request: ({ cookie, headers, ...rest }) =>
      app.inject({ ...rest, headers: { ...headers, ...(cookie ? { cookie } : {}) } }),
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
