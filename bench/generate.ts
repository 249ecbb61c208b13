/**
 * The large school of PERFORMANCE.md, written straight into the benchmark's database (the
 * server has migrated it already): 400 students, 40 staff, 60 rooms, 12 lines, 30 electives,
 * a normal week of about 120 entries, one-off events and 40 weeks of attendance (some 350,000
 * records) and 5,000 posts (bench/posts.ts), the same for the same seed. Later issues add menus.
 */
import { generateSchool, LARGE_SIZE, type GeneratedSchool } from '../apps/server/src/demo/generate-school';
import { generateAttendance } from '../apps/server/src/demo/generate-attendance';
import { generateTimetable } from '../apps/server/src/demo/generate-timetable';
import { randomUUID } from 'node:crypto';
import { schoolTimeToInstant, todayInSchoolZone } from '@tun/shared';
import { sql } from 'kysely';
import { openDatabase, type Queryable } from '../apps/server/src/db/database';
import { addSchool } from '../apps/server/src/modules/school/school.service';
import { generateFoodData } from './food';
import { generatePosts, type GeneratedPosts } from './posts';
import type { BenchDatabase } from './server';

export interface LargeSchool extends GeneratedSchool {
  /** An event today for a group of exactly 60 students: the attendance sheet of PERFORMANCE.md. */
  sheetEventId: string;
  sheetGroupId: string;
  posts: GeneratedPosts;
}

/** A temporary group of 60 students and a one-off event for it today, 10:00 to 11:30 at the school. */
async function sixtyStudentEvent(
  trx: Queryable,
  schoolId: string,
  school: GeneratedSchool,
): Promise<{ sheetEventId: string; sheetGroupId: string }> {
  const now = new Date().toISOString();
  const groupId = randomUUID();
  await trx
    .insertInto('temp_group')
    .values({
      id: groupId,
      school_id: schoolId,
      name: 'Prosjektgruppe',
      end_date: null,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await trx
    .insertInto('temp_group_member')
    .values(
      school.studentIds
        .slice(0, 60)
        .map((personId) => ({ group_id: groupId, person_id: personId, school_id: schoolId })),
    )
    .execute();
  const eventId = randomUUID();
  const today = todayInSchoolZone();
  await trx
    .insertInto('calendar_event')
    .values({
      school_id: schoolId,
      id: eventId,
      name: 'Prosjektarbeid',
      time_start: new Date(schoolTimeToInstant(today, '10:00')).toISOString(),
      time_end: new Date(schoolTimeToInstant(today, '11:30')).toISOString(),
      type: 'class',
      mandatory: 1,
      room_id: school.roomIds[0] ?? null,
      groups_attending: JSON.stringify([groupId]),
      overrides: null,
      rep_deleted: 0,
      replaces_start: null,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { sheetEventId: eventId, sheetGroupId: groupId };
}

function openBenchDatabase(database: BenchDatabase) {
  return openDatabase(
    database.dialect === 'postgres'
      ? { databaseUrl: database.location, dataDir: '' }
      : { dataDir: database.location },
  );
}

export interface LargeSchoolOptions {
  /** Different schools from different seeds; the same seed gives the same school. */
  seed?: number;
  /** Weeks of attendance before today (40: a school year so far and some). */
  attendanceWeeks?: number;
  /** PostgreSQL's vacuum after loading; when more schools follow, once after the last is enough. */
  vacuum?: boolean;
}

export async function generateLargeSchool(
  database: BenchDatabase,
  schoolId: string,
  { seed = 1, attendanceWeeks = 40, vacuum = true }: LargeSchoolOptions = {},
): Promise<LargeSchool> {
  const opened = openBenchDatabase(database);
  try {
    const school = await opened.db.transaction().execute(async (trx) => {
      const school = await generateSchool(trx, schoolId, LARGE_SIZE, seed);
      // 40 weeks of one-off events: 30 behind today (the school year so far) and 10 ahead.
      await generateTimetable(trx, schoolId, school, { weeksBack: 30, weeksAhead: 10 });
      await generateAttendance(trx, schoolId, {
        weeks: attendanceWeeks,
        registeredBy: school.staffIds[0] ?? null,
      });
      const sheet = await sixtyStudentEvent(trx, schoolId, school);
      const posts = await generatePosts(trx, schoolId, { ...school, groupId: sheet.sheetGroupId }, seed);
      await generateFoodData(trx, schoolId, school, seed);
      return { ...school, ...sheet, posts };
    });
    // A database in use has been vacuumed and analysed by autovacuum; a freshly loaded one not
    // yet, and without the visibility map PostgreSQL cannot sum from the index alone.
    if (vacuum && database.dialect === 'postgres') await sql`vacuum analyze`.execute(opened.db);
    return school;
  } finally {
    await opened.close();
  }
}

/**
 * Another school of the same size in the same database (PERFORMANCE.md's `--schools N`): its own
 * school row, ids and tenancy, and seed, so its names, timetable and attendance differ from the
 * measured school's while its row counts are the same. Nobody signs in there; it is only data
 * that the measured school's scoped queries must skip.
 */
export async function generateOtherSchool(
  database: BenchDatabase,
  index: number,
  options: LargeSchoolOptions,
): Promise<string> {
  const schoolId = randomUUID();
  const opened = openBenchDatabase(database);
  try {
    // As the first-run wizard makes a school: its row and its normal week.
    await opened.db.transaction().execute((trx) =>
      addSchool(trx, {
        id: schoolId,
        shortName: `Skole ${index}`,
        longName: `Skole ${index} folkehøgskole`,
      }),
    );
  } finally {
    await opened.close();
  }
  await generateLargeSchool(database, schoolId, options);
  return schoolId;
}
