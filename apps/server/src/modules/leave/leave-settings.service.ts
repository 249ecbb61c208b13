import { DEFAULT_LEAVE_SETTINGS, type LeaveSettings } from '@tun/shared';
import type { RequestPrincipal } from '../../auth/principal';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';

type Deps = Pick<AppContext, 'database' | 'live'>;

/** The school's rules for leave; the defaults until an admin saves them. */
export async function getLeaveSettings(_db: Queryable, _schoolId: string): Promise<LeaveSettings> {
  return DEFAULT_LEAVE_SETTINGS;
}

export async function saveLeaveSettings(
  _deps: Deps,
  _actor: Pick<RequestPrincipal, 'schoolId' | 'personId' | 'roles'>,
  _input: LeaveSettings,
): Promise<LeaveSettings> {
  throw new Error('not built yet');
}
