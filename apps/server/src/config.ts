/**
 * Settings come from the environment and are checked once at start-up: a wrong setting stops
 * the start with a message that names it, instead of failing later in the middle of a request.
 */
import { createECDH } from 'node:crypto';
import { resolve } from 'node:path';
import { z } from 'zod';

/** Sizes are counted as the SPEC counts them (256 KB = 256 × 1024 bytes). */
const MB = 1024 * 1024;
// S3's bucket naming rules, loosely: what every S3-compatible server accepts.
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const BUCKET_NAME_MESSAGE = 'must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens';
const REGION = /^[a-z0-9][a-z0-9-]{0,62}$/;
const REGION_MESSAGE = 'must be a region name such as us-east-1 or eu-north-1';

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const BASE64URL_MESSAGE = 'must be base64url, as web-push generate-vapid-keys prints it';

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
  // Up to an hour: a scheduled post is published at most this late.
  JOB_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).default(5000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  S3_URL: z
    .string()
    .regex(/^s3:\/\//, 'must start with s3:// (s3://KEY:SECRET@host:port/bucket?region=…&tls=false)')
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  S3_BUCKET: z.string().regex(BUCKET_NAME, BUCKET_NAME_MESSAGE).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().regex(REGION, REGION_MESSAGE).optional(),
  S3_FORCE_PATH_STYLE: booleanish.optional(),
  // Up to S3's largest object (5 TiB).
  FILE_SIZE_LIMIT_MB: z.coerce
    .number()
    .int()
    .min(1)
    .max(5 * 1024 * 1024)
    .default(2048),
  FILE_QUOTA_MB: z.coerce
    .number()
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER / MB)
    .default(51_200),
  FILE_UPLOAD_EXPIRY_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  VAPID_PUBLIC_KEY: z.string().regex(BASE64URL, BASE64URL_MESSAGE).optional(),
  VAPID_PRIVATE_KEY: z.string().regex(BASE64URL, BASE64URL_MESSAGE).optional(),
  // Push services write here when something is wrong with what we send (RFC 8292 §2.1).
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// address')
    .optional(),
  PUSH_ALLOW_HTTP: booleanish.default(false),
});

/** The S3 settings that go together, as an alternative to S3_URL. */
const S3_PARTS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_OPTIONS = ['S3_REGION', 'S3_FORCE_PATH_STYLE'] as const;

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
  /** How often each instance looks for due jobs (jobs/job-runner.ts); a write can ask sooner. */
  jobPollMs: number;
  logLevel: string;
  webDist: string;
  files: FilesConfig;
  push: PushConfig;
}

/** Web push (modules/push): the server's VAPID identity and which push endpoints it sends to. */
export interface PushConfig {
  /** Set by VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; otherwise generated once and stored. */
  vapidKeys: VapidKeys | undefined;
  /** Who the push services may contact: VAPID_SUBJECT, else PUBLIC_URL when https, else MAIL_FROM. */
  subject: string;
  /**
   * Whether a device may name a plain http:// endpoint. Browsers' push services are all https;
   * the tests' own push service is not. Off, so that nobody can make the server post to an
   * unencrypted address of their choosing.
   */
  allowHttpEndpoints: boolean;
}

/** base64url, as web-push makes them: the P-256 public key (65 bytes) and private key (32 bytes). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** Where the file archive keeps bytes (storage/), and its limits. */
export type FileStorageConfig =
  | { kind: 'disk'; dir: string }
  | {
      kind: 's3';
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
    };

export interface FilesConfig {
  storage: FileStorageConfig;
  /** The largest file one upload may bring. */
  sizeLimitBytes: number;
  /** What one school may store, unfinished uploads counted at their full size. */
  quotaBytes: number;
  /** Unfinished uploads older than this are removed with their bytes. */
  uploadExpiryMs: number;
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
  const storage = fileStorage(s, present);
  if (typeof storage === 'string') throw new ConfigError(`Invalid settings:\n${storage}`);
  const vapidKeys = vapidKeysOf(s);
  if (typeof vapidKeys === 'string') throw new ConfigError(`Invalid settings:\n${vapidKeys}`);
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
    jobPollMs: s.JOB_POLL_MS,
    logLevel: s.LOG_LEVEL,
    webDist: resolve(s.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    files: {
      storage,
      sizeLimitBytes: s.FILE_SIZE_LIMIT_MB * MB,
      quotaBytes: s.FILE_QUOTA_MB * MB,
      uploadExpiryMs: s.FILE_UPLOAD_EXPIRY_HOURS * 3_600_000,
    },
    push: {
      vapidKeys,
      subject:
        s.VAPID_SUBJECT ??
        (s.PUBLIC_URL?.startsWith('https://')
          ? s.PUBLIC_URL.replace(/\/$/, '')
          : `mailto:${addressOf(s.MAIL_FROM)}`),
      allowHttpEndpoints: s.PUSH_ALLOW_HTTP,
    },
    ...defaults,
  };
}

type Settings = z.infer<typeof settingsSchema>;

/** The address of `Name <address>`, or the whole value when it is a bare address. */
function addressOf(mailFrom: string): string {
  return (/<([^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim();
}

/**
 * Both VAPID keys or neither (then they are generated once and stored), and a pair that belongs
 * together: a public key of another pair would make every push service refuse every message,
 * found only when the first notification fails. Returns the lines of the error message otherwise.
 */
function vapidKeysOf(s: Settings): VapidKeys | undefined | string {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = s;
  if (publicKey === undefined && privateKey === undefined) return undefined;
  if (publicKey === undefined || privateKey === undefined)
    return `  ${publicKey === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'}: required with ${
      publicKey === undefined ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'
    } (or set neither, and Tun makes a pair)`;
  const publicBytes = Buffer.from(publicKey, 'base64url');
  if (publicBytes.length !== 65 || publicBytes[0] !== 4)
    return '  VAPID_PUBLIC_KEY: must be a P-256 public key (65 bytes, base64url)';
  const privateBytes = Buffer.from(privateKey, 'base64url');
  if (privateBytes.length !== 32)
    return '  VAPID_PRIVATE_KEY: must be a P-256 private key (32 bytes, base64url)';
  const ecdh = createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(privateBytes);
  } catch {
    return '  VAPID_PRIVATE_KEY: is not a P-256 private key';
  }
  if (!ecdh.getPublicKey().equals(publicBytes))
    return '  VAPID_PUBLIC_KEY: does not belong to VAPID_PRIVATE_KEY (set the two of one pair)';
  return { publicKey, privateKey };
}

/**
 * Disk unless S3 is configured, by S3_URL or by the four S3_* settings, never half: a typo in
 * one of them must stop the start, not quietly leave each instance writing to its own disk.
 * Returns the lines of the error message when the settings do not fit together.
 */
function fileStorage(s: Settings, present: Record<string, unknown>): FileStorageConfig | string {
  const given = (names: readonly string[]) => names.filter((name) => present[name] !== undefined);
  if (s.S3_URL !== undefined) {
    const mixed = given([...S3_PARTS, ...S3_OPTIONS]);
    if (mixed.length > 0) return `  S3_URL: set it or ${mixed.join(', ')}, not both`;
    return parseS3Url(s.S3_URL);
  }
  const parts = given(S3_PARTS);
  if (parts.length === 0) {
    const options = given(S3_OPTIONS);
    if (options.length > 0) return `  ${options.join(', ')}: only used with S3_URL or ${S3_PARTS.join(', ')}`;
    return { kind: 'disk', dir: resolve(s.DATA_DIR, 'files') };
  }
  const missing = S3_PARTS.filter((name) => present[name] === undefined);
  if (missing.length > 0) return `  ${missing.join(', ')}: required with ${parts.join(', ')} (or use S3_URL)`;
  return {
    kind: 's3',
    endpoint: s.S3_ENDPOINT!.replace(/\/$/, ''),
    bucket: s.S3_BUCKET!,
    region: s.S3_REGION ?? 'us-east-1',
    accessKeyId: s.S3_ACCESS_KEY_ID!,
    secretAccessKey: s.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: s.S3_FORCE_PATH_STYLE ?? true,
  };
}

/**
 * `s3://KEY:SECRET@host[:port]/bucket[?region=…&tls=false&pathStyle=false]`: one setting for the
 * whole connection, like DATABASE_URL. Key and secret are percent-encoded when they hold
 * reserved characters (a secret's `/` or `+` becomes %2F or %2B). HTTPS unless `tls=false`.
 */
function parseS3Url(value: string): FileStorageConfig | string {
  const fail = (why: string) => `  S3_URL: ${why} (s3://KEY:SECRET@host:port/bucket?region=…&tls=false)`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail('is not a URL');
  }
  if (!url.hostname) return fail('names no host');
  if (!url.username || !url.password) return fail('needs the access key and secret before the @');
  const bucket = url.pathname.replace(/^\/|\/$/g, '');
  if (!bucket) return fail('names no bucket after the host');
  if (!BUCKET_NAME.test(bucket)) return fail(`bucket ${BUCKET_NAME_MESSAGE}`);
  const known = new Set(['region', 'tls', 'pathStyle']);
  const unknown = [...url.searchParams.keys()].filter((key) => !known.has(key));
  if (unknown.length > 0)
    return fail(`unknown option ${unknown.join(', ')}; options are region, tls, pathStyle`);
  const flag = (name: string, fallback: boolean): boolean | string => {
    const raw = url.searchParams.get(name);
    if (raw === null) return fallback;
    const parsed = booleanish.safeParse(raw);
    return parsed.success ? parsed.data : fail(`${name} must be true or false`);
  };
  const tls = flag('tls', true);
  if (typeof tls === 'string') return tls;
  const forcePathStyle = flag('pathStyle', true);
  if (typeof forcePathStyle === 'string') return forcePathStyle;
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!REGION.test(region)) return fail(`region ${REGION_MESSAGE}`);
  let accessKeyId: string;
  let secretAccessKey: string;
  try {
    accessKeyId = decodeURIComponent(url.username);
    secretAccessKey = decodeURIComponent(url.password);
  } catch {
    return fail('has a badly percent-encoded key or secret');
  }
  return {
    kind: 's3',
    endpoint: `${tls ? 'https' : 'http'}://${url.host}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    forcePathStyle,
  };
}
