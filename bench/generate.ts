/**
 * The large school of PERFORMANCE.md, written straight into the benchmark's database (the
 * server has migrated it already): 400 students, 40 staff, 60 rooms, 12 lines, 30 electives,
 * the same for the same seed. Later issues add the timetable, attendance, posts and menus.
 */
import { generateSchool, LARGE_SIZE, type GeneratedSchool } from '../apps/server/src/demo/generate-school';
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
    return await opened.db.transaction().execute((trx) => generateSchool(trx, schoolId, LARGE_SIZE, seed));
  } finally {
    await opened.close();
  }
}
