/**
 * Settings come from the environment and are checked once at start-up: a wrong setting stops
 * the start with a message that names it, instead of failing later in the middle of a request.
 */
import { resolve } from 'node:path';
import { z } from 'zod';

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const settingsSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Tun <tun@localhost>'),
  TRUST_PROXY: booleanish.default(false),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  LOGIN_ADDRESS_LIMIT: z.coerce.number().int().min(1).optional(),
  LOGIN_LOCKOUT_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(1000).default(25_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where people reach Tun; links in e-mails and the allowed Origin. */
  publicUrl: string;
  /** True when PUBLIC_URL was given (then it alone is the allowed origin). */
  publicUrlFixed: boolean;
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  trustProxy: boolean;
  /** Failed sign-ins one account may have within the lockout window, from any address. */
  loginRateLimit: number;
  /** Failed sign-ins one address may have within the window, across accounts. */
  loginAddressLimit: number;
  /** The window failures are counted in, and how long a lockout lasts. */
  loginLockoutMinutes: number;
  liveHeartbeatMs: number;
  logLevel: string;
  webDist: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, defaults: Partial<Config> = {}): Config {
  // Empty values count as unset, as they do in most .env files.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = settingsSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const s = parsed.data;
  const port = s.PORT;
  return {
    port,
    host: s.HOST,
    dataDir: resolve(s.DATA_DIR),
    databaseUrl: s.DATABASE_URL,
    publicUrl: (s.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    publicUrlFixed: s.PUBLIC_URL !== undefined,
    authSecret: s.AUTH_SECRET,
    smtpUrl: s.SMTP_URL,
    mailFrom: s.MAIL_FROM,
    trustProxy: s.TRUST_PROXY,
    loginRateLimit: s.LOGIN_RATE_LIMIT,
    // A school signs in from one address: room for several people's typos by default.
    loginAddressLimit: s.LOGIN_ADDRESS_LIMIT ?? 5 * s.LOGIN_RATE_LIMIT,
    loginLockoutMinutes: s.LOGIN_LOCKOUT_MINUTES,
    liveHeartbeatMs: s.LIVE_HEARTBEAT_MS,
    logLevel: s.LOG_LEVEL,
    webDist: resolve(s.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    ...defaults,
  };
}
