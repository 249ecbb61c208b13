import { randomUUID } from 'node:crypto';
import {
  AUDIENCES as AUDIENCE_LIST,
  fullName,
  rolesOfAudience,
  type Role,
  type SetupInput,
} from '@tun/shared';
import { createCredentialAccount } from '../src/auth/accounts';
import { write } from '../src/db/write';
import { addRoles, insertPerson } from '../src/modules/people/people.repository';
import { insertSchool } from '../src/modules/school/school.repository';
import type { TestApp } from './helper';

export const PASSWORD = 'riktig-passord-123';

export const setupInput = (overrides: Partial<SetupInput['admin']> = {}): SetupInput => ({
  school: { shortName: 'Fjordtun', longName: 'Fjordtun folkehøgskole' },
  admin: {
    name: { first: 'Astrid', last: 'Rektor' },
    email: 'rektor@fjordtun.no',
    password: PASSWORD,
    ...overrides,
  },
});

/** Runs the first-run wizard through the API; returns the school and the admin's cookie. */
export async function setupSchool(t: TestApp) {
  const input = setupInput();
  const response = await t.request({ method: 'POST', url: '/api/v1/setup', payload: input });
  if (response.statusCode !== 201) throw new Error(`setup failed: ${response.body}`);
  const { schoolId, personId } = response.json<{ schoolId: string; personId: string }>();
  return { schoolId, adminId: personId, adminCookie: await login(t, input.admin.email, PASSWORD) };
}

/** A school made directly in the database (the wizard makes only the first). */
export async function createSchool(t: TestApp, shortName = 'Nabotun') {
  const schoolId = randomUUID();
  await write(t.ctx, schoolId, (trx) =>
    insertSchool(trx, { id: schoolId, shortName, longName: `${shortName} folkehøgskole` }),
  );
  return schoolId;
}

let counter = 0;

/** A person of the school with the given roles and, unless told otherwise, a login. */
export async function createMember(
  t: TestApp,
  schoolId: string,
  roles: Role[],
  options: { login?: boolean } = {},
) {
  counter += 1;
  const email = `person${counter}-${randomUUID().slice(0, 8)}@fjordtun.no`;
  const name = { first: 'Test', last: `Person${counter}` };
  const personId = await write(t.ctx, schoolId, async (trx) => {
    const userId =
      options.login === false
        ? null
        : await createCredentialAccount(
            trx,
            { auth: t.ctx.auth, dialect: t.ctx.database.dialect },
            { email, name: fullName(name), password: PASSWORD },
          );
    const id = await insertPerson(trx, { schoolId, userId, name, email });
    await addRoles(trx, schoolId, id, roles);
    return id;
  });
  return { personId, email };
}

/** An account that belongs to no school (no directory entry). */
export async function createOrphanAccount(t: TestApp) {
  const email = `orphan-${randomUUID().slice(0, 8)}@example.no`;
  await write(t.ctx, 'none', (trx) =>
    createCredentialAccount(
      trx,
      { auth: t.ctx.auth, dialect: t.ctx.database.dialect },
      { email, name: 'Uten Skole', password: PASSWORD },
    ),
  );
  return email;
}

/** Signs in and returns the cookie header for further requests. */
export async function login(t: TestApp, email: string, password = PASSWORD): Promise<string> {
  const response = await t.request({ method: 'POST', url: '/api/v1/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed (${response.statusCode}): ${response.body}`);
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

/** Every audience of the permission table, with the roles that make it. */
export const AUDIENCES = AUDIENCE_LIST.map((name) => ({ name, roles: rolesOfAudience(name) }));
