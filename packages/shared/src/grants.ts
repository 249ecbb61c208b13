/**
 * What a person may do, as the session carries it to the web (grantsOf in ./policy gives it):
 * apart from the policy table, which the web's start does not need to decide what to show.
 */
import type { Action } from './policy';

/** The actions a person has on every record, and those they have on their own records only. */
export interface Grants {
  actions: Action[];
  ownActions: Action[];
}

/**
 * Whether grants allow the action on every record, or (with `own`) at least on the person's own:
 * what a page shows and fetches. The server still decides each request.
 */
export function grantsAllow(grants: Grants, action: Action, options: { own?: boolean } = {}): boolean {
  return grants.actions.includes(action) || (options.own === true && grants.ownActions.includes(action));
}
