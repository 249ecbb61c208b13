import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from './auth/auth';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Jobs } from './jobs/job-runner';
import type { LiveBus } from './live/bus';
import type { FileStorage } from './storage/file-storage';

/** What route modules and services are built from; passed explicitly, never imported globally. */
export interface AppContext {
  config: Config;
  database: Database;
  auth: Auth;
  live: LiveBus;
  /** The file archive's bytes (docs/decisions/020-files.md). */
  storage: FileStorage;
  /** Work due later, stored as rows (jobs/): `kick()` after a commit that made a job due now. */
  jobs: Jobs;
  /** For work that runs outside a request (sweeps) and failures nobody waits for. */
  log: FastifyBaseLogger;
}
