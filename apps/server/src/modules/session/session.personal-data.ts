/**
 * The sign-in account (better-auth's user and account rows) and its sessions. The export gives
 * the address, times and browsers, never tokens or hashes. Sessions end when the person leaves
 * (and a person who has left cannot sign in again until the leave is undone); erasure removes
 * the account with its passwords.
 */
import type { Queryable } from '../../db/database';
import { deleteAccount } from '../people/people.repository';
import type { PersonalData } from '../privacy/personal-data';

// Session tokens are credentials and stay out of the file; the rest describes the person's use.
const SESSION_FIELDS = ['createdAt', 'updatedAt', 'expiresAt', 'ipAddress', 'userAgent'] as const;

function iso(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/** better-auth's session rows; read whole because it keeps more columns (address, agent) than we type. */
async function sessionsOf(db: Queryable, userId: string): Promise<Record<string, unknown>[]> {
  return db.selectFrom('session').selectAll().where('userId', '=', userId).execute() as Promise<
    Record<string, unknown>[]
  >;
}

export const sessionPersonalData: PersonalData = {
  name: 'session',
  columns: { person: ['user_id'], session: ['userId'], account: ['userId'] },
  export: async (db, _schoolId, person) => {
    if (person.user_id === null) return { account: null, sessions: [] };
    const [account, sessions] = await Promise.all([
      db
        .selectFrom('user')
        .select(['email', 'emailVerified', 'createdAt', 'updatedAt'])
        .where('id', '=', person.user_id)
        .executeTakeFirst(),
      sessionsOf(db, person.user_id),
    ]);
    return {
      account: account
        ? {
            email: account.email,
            emailVerified: Boolean(account.emailVerified),
            createdAt: iso(account.createdAt),
            updatedAt: iso(account.updatedAt),
          }
        : null,
      sessions: sessions.map((session) =>
        Object.fromEntries(SESSION_FIELDS.map((field) => [field, iso(session[field]) ?? null])),
      ),
    };
  },
  leave: async (trx, _schoolId, person) => {
    if (person.user_id !== null)
      await trx.deleteFrom('session').where('userId', '=', person.user_id).execute();
  },
  erase: async (trx, _schoolId, person) => {
    if (person.user_id !== null) await deleteAccount(trx, person.user_id);
  },
};
