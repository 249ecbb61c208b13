import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin connection string of the PostgreSQL server for tests, or '' when there is none. */
    postgresUrl: string;
  }
}

/**
 * Finds the PostgreSQL server for the integration tests: TEST_DATABASE_URL, or the one that
 * answers on 127.0.0.1:5432. With TUN_REQUIRE_POSTGRES=1 (as in CI) its absence fails the run
 * instead of leaving the PostgreSQL suite out.
 */
export default async function setup(project: TestProject): Promise<void> {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    project.provide('postgresUrl', url);
  } catch (error) {
    if (process.env.TUN_REQUIRE_POSTGRES === '1') {
      throw new Error(`PostgreSQL is required for this run but ${url} does not answer: ${String(error)}`);
    }
    console.warn(`PostgreSQL at ${url} does not answer; running the SQLite suite only.`);
    project.provide('postgresUrl', '');
  } finally {
    await client.end().catch(() => {});
  }
}
