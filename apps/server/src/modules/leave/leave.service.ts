/**
 * Leave (permisjon): applying, deciding, withdrawing and shortening (decision 027). An approved
 * leave is absence registered in advance for every event in its period: the attendance module
 * reads approved leave as a source of it, and refreshes the records already written when one
 * changes.
 */
import type { Leave, LeaveDecisionInput, LeaveInput, LeaveList, LeavePeriod, LeaveQuery } from '@tun/shared';
import type { RequestPrincipal } from '../../auth/principal';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';

type Deps = Pick<AppContext, 'database' | 'live' | 'config'>;
type Actor = Pick<RequestPrincipal, 'schoolId' | 'personId' | 'roles'>;

export async function listLeave(_db: Queryable, _actor: Actor, _query: LeaveQuery): Promise<LeaveList> {
  throw new Error('not built yet');
}

export async function getLeave(_db: Queryable, _actor: Actor, _id: string): Promise<Leave> {
  throw new Error('not built yet');
}

export async function applyForLeave(_deps: Deps, _actor: Actor, _input: LeaveInput): Promise<Leave> {
  throw new Error('not built yet');
}

export async function editLeave(_deps: Deps, _actor: Actor, _id: string, _input: LeaveInput): Promise<Leave> {
  throw new Error('not built yet');
}

export async function changeLeavePeriod(
  _deps: Deps,
  _actor: Actor,
  _id: string,
  _period: LeavePeriod,
): Promise<Leave> {
  throw new Error('not built yet');
}

export async function decideLeave(
  _deps: Deps,
  _actor: Actor,
  _id: string,
  _input: LeaveDecisionInput,
): Promise<Leave> {
  throw new Error('not built yet');
}

export async function withdrawLeave(_deps: Deps, _actor: Actor, _id: string): Promise<Leave> {
  throw new Error('not built yet');
}
