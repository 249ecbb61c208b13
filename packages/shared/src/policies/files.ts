/**
 * What a person may do with the file archive's files and folders (SPEC §6 «Files»: admins and
 * teachers change, everyone views). Nobody owns a file in the permission table: whoever may
 * change the archive may rename, move and delete every file and folder in it.
 */
import type { FileEntryPolicies } from '../files';
import { canAll, type Principal } from '../policy';

/** Upload, create folders, rename, move and delete. */
export function mayChangeFiles(principal: Principal): boolean {
  return canAll(principal.roles, 'files:change');
}

export function fileEntryPoliciesOf(principal: Principal): FileEntryPolicies {
  return { change: mayChangeFiles(principal) };
}
