import type { Auth } from './auth/auth';
import type { Config } from './config';
import type { Database } from './db/database';
import type { LiveBus } from './live/bus';

/** What route modules and services are built from; passed explicitly, never imported globally. */
export interface AppContext {
  config: Config;
  database: Database;
  auth: Auth;
  live: LiveBus;
}
