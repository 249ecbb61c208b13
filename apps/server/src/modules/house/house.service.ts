/**
 * The house tonight (decision 027): the students and scholars who sleep in the house, less those
 * away for the night on approved leave; the supervisor's evening check; who is in the house now.
 */
import type { HouseCheckInput, HouseTonight } from '@tun/shared';
import type { RequestPrincipal } from '../../auth/principal';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';

type Deps = Pick<AppContext, 'database' | 'live'>;
type Actor = Pick<RequestPrincipal, 'schoolId' | 'personId' | 'roles'>;

export async function houseTonight(_db: Queryable, _actor: Actor): Promise<HouseTonight> {
  throw new Error('not built yet');
}

export async function checkHousePerson(_deps: Deps, _actor: Actor, _input: HouseCheckInput): Promise<void> {
  throw new Error('not built yet');
}
