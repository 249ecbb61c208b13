import { randomUUID } from 'node:crypto';
import { fullName, type SetupInput } from '@tun/shared';
import { createCredentialAccount, hashPassword } from '../../auth/accounts';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import { insertFirstAdmin } from '../people/people.service';
import { addSchool } from '../school/school.service';
import { insertInstallation, isInstalled } from './setup.repository';

export async function needsSetup(db: Queryable): Promise<boolean> {
  return !(await isInstalled(db));
}

function isUniqueViolation(error: unknown): boolean {
  const text = String((error as { code?: string })?.code ?? '') + String((error as Error)?.message ?? '');
  return /23505|SQLITE_CONSTRAINT|UNIQUE constraint/i.test(text);
}

/**
 * The first-run wizard: creates the school and its first admin in one transaction. The single
 * installation row makes a second wizard fail even when two arrive at the same moment.
 */
export async function runSetup(
  ctx: AppContext,
  input: SetupInput,
): Promise<{ schoolId: string; personId: string }> {
  if (!(await needsSetup(ctx.database.db))) throw new ProblemError('setup-done');
  const schoolId = randomUUID();
  const passwordHash = await hashPassword(ctx.auth, input.admin.password);
  try {
    return await write(ctx, schoolId, async (trx, publish) => {
      await insertInstallation(trx);
      await addSchool(trx, { id: schoolId, ...input.school });
      const userId = await createCredentialAccount(trx, ctx.database.dialect, {
        email: input.admin.email,
        name: fullName(input.admin.name),
        passwordHash,
      });
      const personId = await insertFirstAdmin(trx, {
        schoolId,
        userId,
        name: input.admin.name,
        email: input.admin.email,
      });
      await recordAudit(trx, {
        schoolId,
        actorPersonId: null,
        action: 'setup',
        entity: 'person',
        entityId: personId,
        after: { name: input.admin.name, email: input.admin.email, roles: ['admin'] },
      });
      publish('school', [schoolId]);
      publish('people', [personId]);
      return { schoolId, personId };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ProblemError('setup-done');
    throw error;
  }
}
