/**
 * The large school of PERFORMANCE.md, written straight into the benchmark's database (the
 * server has migrated it already): 400 students, 40 staff, 60 rooms, 12 lines, 30 electives,
 * a normal week of about 120 entries and 40 weeks of one-off events, the same for the same
 * seed. Later issues add attendance, posts and menus.
 */
import { generateSchool, LARGE_SIZE, type GeneratedSchool } from '../apps/server/src/demo/generate-school';
import { generateTimetable } from '../apps/server/src/demo/generate-timetable';
import { openDatabase } from '../apps/server/src/db/database';
import type { BenchDatabase } from './server';

export async function generateLargeSchool(
  database: BenchDatabase,
  schoolId: string,
  seed = 1,
): Promise<GeneratedSchool> {
  const opened = openDatabase(
    database.dialect === 'postgres'
      ? { databaseUrl: database.location, dataDir: '' }
      : { dataDir: database.location },
  );
  try {
    return await opened.db.transaction().execute(async (trx) => {
      const school = await generateSchool(trx, schoolId, LARGE_SIZE, seed);
      // 40 weeks of one-off events: 30 behind today (the school year so far) and 10 ahead.
      await generateTimetable(trx, schoolId, school, { weeksBack: 30, weeksAhead: 10 });
      return school;
    });
  } finally {
    await opened.close();
  }
}
