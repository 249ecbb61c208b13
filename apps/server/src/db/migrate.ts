import { Migrator, sql, type Migration } from 'kysely';
import { getMigrations } from 'better-auth/db/migration';
import type { BetterAuthOptions } from 'better-auth';
import type { Database } from './database';
import { platform } from './migrations/001-platform';
import { directory } from './migrations/002-directory';
import { calendar } from './migrations/003-calendar';
import { attendance } from './migrations/004-attendance';
import { leaving } from './migrations/005-leaving';
import { calendarTargets } from './migrations/006-calendar-targets';
import { signInThrottle } from './migrations/007-sign-in-throttle';
import { files } from './migrations/008-files';
import { postsAndNotifications } from './migrations/009-posts-and-notifications';
import { installedApp } from './migrations/010-installed-app';
import { infoScreens } from './migrations/011-info-screens';
import { emergencyRaisedBy } from './migrations/012-emergency-raised-by';
import { foodPlanner } from './migrations/013-food-planner';
import { janitorCases } from './migrations/014-janitor-cases';
import { leaveAndHouse } from './migrations/015-leave-and-house';
import { liveEventPeople } from './migrations/016-live-event-people';
import { lineMemberByPerson } from './migrations/017-line-member-by-person';
import { attendanceSumsPerStudent } from './migrations/018-attendance-sums-per-student';
import { signInLinks } from './migrations/019-sign-in-links';
import { passkeys } from './migrations/020-passkeys';
import { sessionMethod } from './migrations/021-session-method';
import { singleSignOn } from './migrations/022-single-sign-on';
import { jobBySchoolAndKind } from './migrations/023-job-by-school-and-kind';
import { attendanceSchoolDate } from './migrations/024-attendance-school-date';

/**
 * Our migrations, in order. They are imported rather than read from a folder so that the
 * bundled server carries them. Never edit a migration that has shipped: add the next one.
 */
function ourMigrations(database: Database): Record<string, Migration> {
  return {
    '001-platform': platform(database.dialect),
    '002-directory': directory(),
    '003-calendar': calendar(),
    '004-attendance': attendance(),
    '005-leaving': leaving(),
    '006-calendar-targets': calendarTargets(),
    '007-sign-in-throttle': signInThrottle(),
    '008-files': files(),
    '009-posts-and-notifications': postsAndNotifications(),
    '010-installed-app': installedApp(),
    '011-info-screens': infoScreens(),
    '012-emergency-raised-by': emergencyRaisedBy(),
    '013-food-planner': foodPlanner(),
    '014-janitor-cases': janitorCases(),
    '015-leave-and-house': leaveAndHouse(),
    '016-live-event-people': liveEventPeople(),
    '017-line-member-by-person': lineMemberByPerson(),
    '018-attendance-sums-per-student': attendanceSumsPerStudent(),
    '019-sign-in-links': signInLinks(),
    '020-passkeys': passkeys(),
    '021-session-method': sessionMethod(),
    '022-single-sign-on': singleSignOn(),
    '023-job-by-school-and-kind': jobBySchoolAndKind(),
    '024-attendance-school-date': attendanceSchoolDate(),
  };
}

/**
 * Brings the database up to date: better-auth's tables first (ours reference its user table),
 * then ours. On PostgreSQL an advisory lock keeps instances that start together from racing.
 */
export async function migrate(database: Database, authOptions: BetterAuthOptions): Promise<void> {
  const run = async () => {
    const auth = await getMigrations(authOptions);
    await auth.runMigrations();
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => ourMigrations(database) },
    });
    const { error, results } = await migrator.migrateToLatest();
    if (error) {
      const failed = results?.find((result) => result.status === 'Error')?.migrationName;
      throw new Error(`Migration ${failed ?? ''} failed: ${String(error)}`, { cause: error });
    }
  };
  if (database.dialect !== 'postgres') return run();
  // The lock belongs to one connection, so take it inside a connection and hold it throughout.
  await database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(7401)`.execute(connection);
    try {
      await run();
    } finally {
      await sql`select pg_advisory_unlock(7401)`.execute(connection);
    }
  });
}
