/**
 * Sign-in is better-auth: e-mail and password, sessions stored in the database, httpOnly
 * cookies. Tun calls it through its server API from its own routes (/api/v1/login, …) so that
 * errors are Norwegian problem documents and the school membership is checked; better-auth's
 * own HTTP handler is not mounted (docs/decisions/003-auth.md).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@tun/shared';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { findSetting, insertSettingOnce } from './auth.repository';

export const SESSION_DAYS = 30;

export function authOptions(config: Config, database: Database, secret: string): BetterAuthOptions {
  return {
    appName: 'Tun',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    database: { db: database.db, type: database.dialect },
    emailAndPassword: {
      enabled: true,
      // People are created by the school, never by signing up.
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    // Login attempts are limited by our own route, with a Norwegian answer.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      cookiePrefix: 'tun',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      database: { generateId: () => randomUUID() },
    },
  };
}

export function createAuth(options: BetterAuthOptions) {
  return betterAuth(options);
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * The secret that signs session cookies: AUTH_SECRET when set; otherwise one generated at the
 * first start and kept in the database, so that every instance on the same database agrees.
 */
export async function loadAuthSecret(config: Config, database: Database): Promise<string> {
  if (config.authSecret) return config.authSecret;
  const { db } = database;
  const existing = await findSetting(db, 'auth_secret');
  if (existing !== undefined) return existing;
  await insertSettingOnce(db, 'auth_secret', randomBytes(32).toString('base64url'));
  const stored = await findSetting(db, 'auth_secret');
  if (stored === undefined) throw new Error('auth_secret was not stored');
  return stored;
}
