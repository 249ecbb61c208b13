import type { LeaveSettings } from '@tun/shared';
import type { RequestPrincipal } from '../../auth/principal';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { leaveSettingsOf } from './leave-periods.service';

type Deps = Pick<AppContext, 'database' | 'live'>;

/** The school's rules for leave; the defaults until an admin saves them. */
export async function getLeaveSettings(db: Queryable, schoolId: string): Promise<LeaveSettings> {
  return leaveSettingsOf(db, schoolId);
}

export async function saveLeaveSettings(
  _deps: Deps,
  _actor: Pick<RequestPrincipal, 'schoolId' | 'personId' | 'roles'>,
  _input: LeaveSettings,
): Promise<LeaveSettings> {
  throw new Error('not built yet');
}
