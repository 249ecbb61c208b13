import { grantsAllow, type Grants } from '@tun/shared/grants';
import type { Action } from '@tun/shared/policy';
import { useSession } from './get-session';

/** Any one of these actions opens a page or shows a nav item. Empty or absent: every signed-in user. */
export type Access = readonly Action[];

/**
 * May the user do this to every record, or (with `own`) at least to their own records?
 * The server decides; this only hides what it would refuse.
 */
export const can = grantsAllow;

/** A page is open when any of its actions is granted, own-only grants included. */
export function canAccess(grants: Grants, access: Access | undefined): boolean {
  if (!access || access.length === 0) return true;
  return access.some((action) => can(grants, action, { own: true }));
}

export function useCan(action: Action, options: { own?: boolean } = {}): boolean {
  return can(useSession(), action, options);
}
