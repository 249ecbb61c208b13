/**
 * What a person may do with posts (SPEC §6 «Posts»: admin, teacher, janitor and kitchen change,
 * everyone views). Staff write posts; an author edits and deletes their own, an admin any
 * (docs/decisions/021-posts-and-notifications.md).
 */
import type { PostPolicies } from '../posts';
import { canAll, type Principal } from '../policy';
import { audiencesOf } from '../roles';

/** Write new posts. */
export function mayWritePosts(principal: Principal): boolean {
  return canAll(principal.roles, 'posts:change');
}

/** Admins (and developers) moderate: they edit and delete any post and see every post. */
export function mayModeratePosts(principal: Principal): boolean {
  const audiences = audiencesOf(principal.roles);
  return audiences.includes('admin') || audiences.includes('developer');
}

/** `authorId` is null once the author is erased. */
export function postPoliciesOf(principal: Principal, authorId: string | null): PostPolicies {
  const own = authorId !== null && authorId === principal.personId && mayWritePosts(principal);
  const moderate = mayModeratePosts(principal);
  return { edit: own || moderate, delete: own || moderate, seeReads: own || moderate };
}
