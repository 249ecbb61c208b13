/**
 * The data the scenarios run against, made once per dialect after the server has migrated its
 * database and before the first scenario.
 *
 * The first-run school and its admin are made through the public setup route; the large
 * school of PERFORMANCE.md then comes from bench/generate, written to the database directly
 * (BenchDatabase.location) because bulk data through the API would take longer than the
 * benchmark. Whatever ids and accounts scenarios need (a student, an event, a tag)
 * then belong on Dataset, so that scenarios look them up instead of making data themselves.
 */
import type { LoginInput, SetupInput } from '@tun/shared';
import { generateLargeSchool, generateOtherSchool } from './generate';
import type { GeneratedPosts } from './posts';
import type { BenchDatabase } from './server';

export interface Account extends LoginInput {
  /** The session cookie, ready for a `cookie` header. */
  cookie: string;
}

export interface Dataset {
  schoolId: string;
  admin: Account & { personId: string };
  studentIds: string[];
  /** An event today whose sheet has 60 students. */
  sheetEventId: string;
  /** The temporary group of those 60 students. */
  sheetGroupId: string;
  roomIds: string[];
  /** The school's posts, and the student whose feed is measured. */
  posts: GeneratedPosts;
  /** Schools in the database: the measured one and others of the same size beside it. */
  schools: number;
  /** How long writing the generated data took (all schools), in seconds. */
  generationSeconds: number;
}

export interface DatasetOptions {
  /** Schools in one database (PERFORMANCE.md's `--schools N`); the scenarios use one of them. */
  schools?: number;
  /** Weeks of attendance of each other school (the measured one always has 40). */
  otherAttendanceWeeks?: number;
}

const SETUP: SetupInput = {
  school: { shortName: 'Bench', longName: 'Bench folkehøgskole' },
  admin: {
    name: { first: 'Bench', last: 'Admin' },
    email: 'bench@tun.example',
    password: 'bench-passord-123',
  },
};

async function failure(what: string, response: Response): Promise<Error> {
  return new Error(`${what} answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
}

export async function login(baseUrl: string, credentials: LoginInput): Promise<Account> {
  const response = await fetch(`${baseUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (response.status !== 200) throw await failure('POST /api/v1/login', response);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';', 1)[0])
    .join('; ');
  if (!cookie.includes('tun.session_token=')) throw new Error(`POST /api/v1/login set no session cookie`);
  return { ...credentials, cookie };
}

export async function prepareDataset(
  baseUrl: string,
  database: BenchDatabase,
  { schools = 1, otherAttendanceWeeks = 40 }: DatasetOptions = {},
): Promise<Dataset> {
  const response = await fetch(`${baseUrl}/api/v1/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(SETUP),
  });
  if (response.status !== 201) throw await failure('POST /api/v1/setup', response);
  const { schoolId, personId } = (await response.json()) as { schoolId: string; personId: string };
  const admin = await login(baseUrl, { email: SETUP.admin.email, password: SETUP.admin.password });
  // The measured school's rows in the middle of each table: its scoped queries find half of the
  // other schools' rows before and half after its own.
  const started = performance.now();
  const others = Array.from({ length: schools - 1 }, (_, index) => index + 1);
  const last = others.at(-1);
  // PostgreSQL's vacuum once, after the last school.
  const other = (index: number) =>
    generateOtherSchool(database, index, {
      seed: 1 + index,
      attendanceWeeks: otherAttendanceWeeks,
      vacuum: index === last,
    });
  const half = Math.floor(others.length / 2);
  for (const index of others.slice(0, half)) await other(index);
  const school = await generateLargeSchool(database, schoolId, { vacuum: last === undefined });
  for (const index of others.slice(half)) await other(index);
  const generationSeconds = (performance.now() - started) / 1000;
  return {
    schoolId,
    admin: { ...admin, personId },
    studentIds: school.studentIds,
    sheetEventId: school.sheetEventId,
    sheetGroupId: school.sheetGroupId,
    roomIds: school.roomIds,
    posts: school.posts,
    schools,
    generationSeconds,
  };
}
