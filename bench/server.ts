/**
 * The server under test runs as in production: the built bundle in a process of its own, on a
 * database of its own that is removed again afterwards. Measuring in-process (app.inject) would
 * leave out the HTTP stack and share the event loop with the load generator.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { get } from 'node:http';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';

export type Dialect = 'sqlite' | 'postgres';

export const ROOT = join(import.meta.dirname, '..');
export const SERVER_ENTRY = join(ROOT, 'apps/server/dist/main.js');
export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
/**
 * The node flags and environment `npm start` runs the server with (heap and malloc settings,
 * docs/decisions/030-memory.md): without them the bench would measure memory as no school sees it.
 */
const SERVER_PROCESS = JSON.parse(readFileSync(join(ROOT, 'scripts/server-process.json'), 'utf8')) as {
  nodeFlags: string[];
  env: Record<string, string>;
};

/** A build older than its sources would measure code that is no longer there. */
export function staleBuildWarning(): string | undefined {
  if (!existsSync(SERVER_ENTRY)) return undefined;
  const built = statSync(SERVER_ENTRY).mtimeMs;
  for (const dir of ['apps/server/src', 'packages/shared/src']) {
    for (const entry of readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && statSync(join(entry.parentPath, entry.name)).mtimeMs > built) {
        return `${SERVER_ENTRY} is older than ${join(entry.parentPath, entry.name)}; run npm run build -w @tun/server.`;
      }
    }
  }
  return undefined;
}

/** Which code was measured, so that results from different runs can be told apart. */
export function sourceVersion(): { commit: string | null; dirty: boolean | null } {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const status = execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' });
    return { commit, dirty: status.trim() !== '' };
  } catch {
    return { commit: null, dirty: null };
  }
}

export interface BenchDatabase {
  dialect: Dialect;
  /** DATA_DIR and, for PostgreSQL, DATABASE_URL, as the server reads them. */
  env: Record<string, string>;
  /** The server's DATA_DIR: on PostgreSQL it still keeps the file archive there. */
  dataDir: string;
  /** The directory or connection string; bench/generate will write there directly. */
  location: string;
  /** For messages: the directory or the database's name, never a password. */
  label: string;
  drop(): Promise<void>;
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createDatabase(
  dialect: Dialect,
  adminUrl = DEFAULT_POSTGRES_URL,
): Promise<BenchDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'tun-bench-'));
    return {
      dialect,
      env: { DATA_DIR: dir },
      dataDir: dir,
      location: dir,
      label: dir,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `tun_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Uploaded files go to DATA_DIR/files on PostgreSQL too: a folder of the run's own, not ./data.
  const dir = mkdtempSync(join(tmpdir(), 'tun-bench-'));
  return {
    dialect,
    env: { DATABASE_URL: url.toString(), DATA_DIR: dir },
    dataDir: dir,
    location: url.toString(),
    label: `PostgreSQL database ${name}`,
    drop: async () => {
      rmSync(dir, { recursive: true, force: true });
      // With force: a server that did not exit cleanly may still hold connections.
      await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

/** Whether anything listens on the port; a refused connection means no PostgreSQL here. */
export function answersOnTcp(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function healthStatus(url: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    // A fresh connection each time: a kept-alive socket would outlive a server that died.
    const request = get(`${url}/api/v1/health`, { agent: false, timeout: 1000 }, (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    request.once('timeout', () => request.destroy());
    request.once('error', () => resolve(undefined));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RunningServer {
  url: string;
  pid: number | undefined;
  /** From spawn to the first 200 from /api/v1/health. */
  startMs: number;
  /** The last lines the server wrote (LOG_LEVEL=warn, so warnings and errors only). */
  logTail(): string[];
  /** SIGTERM, then SIGKILL if it has not exited after a grace period; resolves once it has exited. */
  stop(): Promise<void>;
}

const KEPT_LOG_LINES = 200;
const POLL_MS = 10;

export interface ServerOptions {
  timeoutMs?: number;
  /** SMTP_URL: with it, notifications queue e-mails and the job runner sends them there. */
  smtpUrl?: string;
  /** WEB_DIST: another build of the web app to serve (the browser bench's reference). */
  webDist?: string;
}

export async function startServer(
  database: BenchDatabase,
  options: ServerOptions = {},
): Promise<RunningServer> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Only what the server needs: the developer's own DATABASE_URL, BETTER_AUTH_* or a tsx
  // NODE_OPTIONS must not leak into the process that is measured.
  const env: Record<string, string> = {
    ...SERVER_PROCESS.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '1000',
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
    ...database.env,
  };
  for (const key of ['PATH', 'HOME', 'TZ', 'LANG']) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }

  const log: string[] = [];
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_PROCESS.nodeFlags, SERVER_ENTRY], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let exitReason: string | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exitReason = signal ? `signal ${signal}` : `exit code ${String(code)}`;
      resolve();
    });
    child.once('error', (error) => {
      exitReason = error.message;
      resolve();
    });
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      log.push(line);
      if (log.length > KEPT_LOG_LINES) log.shift();
    });
  }

  const stop = async () => {
    if (exitReason !== undefined) return;
    child.kill('SIGTERM');
    // The server gives open requests 10 s before it exits on its own.
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killer);
  };

  const failStart = async (why: string): Promise<never> => {
    await stop();
    const tail = log.slice(-20).join('\n');
    throw new Error(
      `The ${database.dialect} server did not start: ${why}.${tail ? `\nIts last output:\n${tail}` : ''}`,
    );
  };

  for (;;) {
    if (exitReason !== undefined) return failStart(`it ended (${exitReason})`);
    const status = await healthStatus(url);
    if (status === 200) break;
    if (performance.now() - started > timeoutMs) {
      return failStart(`no answer from /api/v1/health within ${timeoutMs / 1000} s`);
    }
    await sleep(POLL_MS);
  }
  return {
    url,
    pid: child.pid,
    startMs: performance.now() - started,
    logTail: () => [...log],
    stop,
  };
}
