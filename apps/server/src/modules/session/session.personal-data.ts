/**
 * The sign-in account (better-auth's user and account rows) and its sessions. The export gives
 * the address, times and browsers, never tokens or hashes. Sessions end when the person leaves
 * (and a person who has left cannot sign in again until the leave is undone); erasure removes
 * the account with its passwords.
 */
import { deleteAccount } from '../people/directory.service';
import type { PersonalData } from '../privacy/personal-data';
import { deleteSessionsOfUser, findAccount, sessionsOf } from './session.repository';

// Session tokens are credentials and stay out of the file; the rest describes the person's use.
const SESSION_FIELDS = ['createdAt', 'updatedAt', 'expiresAt', 'ipAddress', 'userAgent'] as const;

function iso(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

export const sessionPersonalData: PersonalData = {
  name: 'session',
  columns: { person: ['user_id'], session: ['userId'], account: ['userId'] },
  export: async (db, _schoolId, person) => {
    if (person.user_id === null) return { account: null, sessions: [] };
    const [account, sessions] = await Promise.all([
      findAccount(db, person.user_id),
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
    if (person.user_id !== null) await deleteSessionsOfUser(trx, person.user_id);
  },
  erase: async (trx, _schoolId, person) => {
    if (person.user_id !== null) await deleteAccount(trx, person.user_id);
  },
};
