/**
 * The house tonight (decision 027): the students and scholars who sleep in the house, less those
 * away for the night on approved leave; the supervisor's evening check; who is in the house now.
 */
import {
  addDays,
  canAll,
  canOwn,
  HOUSE_NIGHT_MIDPOINT,
  HOUSE_NIGHT_TURNS_AT,
  schoolTimeToInstant,
  todayInSchoolZone,
  type HouseAway,
  type HouseCheck,
  type HouseCheckInput,
  type HousePerson,
  type HouseTonight,
  type PersonName,
} from '@tun/shared';
import type { RequestPrincipal } from '../../auth/principal';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { personName } from '../../db/rows';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import { approvedLeaveBetween, type ApprovedLeave } from '../leave/leave-periods.service';
import { currentSupervisorId } from '../supervision/supervision.service';
import {
  checksOfNight,
  deleteCheck,
  findCheck,
  isResidentOf,
  putCheck,
  residentsOfSchool,
} from './house.repository';

type Deps = Pick<AppContext, 'database' | 'live'>;
type Actor = Pick<RequestPrincipal, 'schoolId' | 'personId' | 'roles'>;

/** The moment the house is looked at; tests set it. */
export const houseClock = { now: (): number => Date.now() };

/**
 * The night a moment belongs to, named by the school date it begins on: the moment's date, or
 * the day before until HOUSE_NIGHT_TURNS_AT (at 02:00 and at 09:00 it is still last night).
 */
export function nightOf(now: number): string {
  const today = todayInSchoolZone(new Date(now));
  return now < schoolTimeToInstant(today, HOUSE_NIGHT_TURNS_AT) ? addDays(today, -1) : today;
}

/**
 * Staff may always; a scholar («own» grant) only while they hold the school's supervision duty.
 * The route lets no one else through; a student is refused here too, should a caller forget.
 */
async function assertMayUse(db: Queryable, actor: Actor, action: 'house:view' | 'house:check') {
  if (canAll(actor.roles, action)) return;
  if (!canOwn(actor.roles, action)) throw new ProblemError('forbidden');
  if ((await currentSupervisorId(db, actor.schoolId)) !== actor.personId) {
    throw new ProblemError('house-not-on-duty');
  }
}

const collator = new Intl.Collator('nb', { numeric: true, sensitivity: 'base' });

/** By room («Rom 2» before «Rom 10»; no room last), then by last and first name. */
function byRoomThenName(
  a: { room: string | null; name: PersonName; personId: string },
  b: { room: string | null; name: PersonName; personId: string },
): number {
  if (a.room !== b.room) {
    if (a.room === null) return 1;
    if (b.room === null) return -1;
    const rooms = collator.compare(a.room, b.room);
    if (rooms !== 0) return rooms;
  }
  return (
    collator.compare(a.name.last, b.name.last) ||
    collator.compare(a.name.first, b.name.first) ||
    collator.compare(a.name.middle ?? '', b.name.middle ?? '') ||
    (a.personId < b.personId ? -1 : a.personId > b.personId ? 1 : 0)
  );
}

/** Whether a leave's period [start, end) holds the instant. */
function holds(leave: Pick<ApprovedLeave, 'start' | 'end'>, instant: number): boolean {
  return Date.parse(leave.start) <= instant && instant < Date.parse(leave.end);
}

/**
 * Who sleeps in the house tonight, with tonight's checks and who is in the house now; and who is
 * away for the night. Five queries (six for a scholar), whatever the number of people.
 */
export async function houseTonight(db: Queryable, actor: Actor): Promise<HouseTonight> {
  await assertMayUse(db, actor, 'house:view');
  const now = houseClock.now();
  const today = todayInSchoolZone(new Date(now));
  const night = nightOf(now);
  // A leave that sleeps away covers the night when it covers 03:00 the following morning.
  const midpoint = schoolTimeToInstant(addDays(night, 1), HOUSE_NIGHT_MIDPOINT);
  const range = {
    from: new Date(Math.min(now, midpoint)).toISOString(),
    to: new Date(Math.max(now, midpoint) + 1).toISOString(),
  };
  const [{ people: rows, lines }, checks, leaves] = await Promise.all([
    residentsOfSchool(db, actor.schoolId, today),
    checksOfNight(db, actor.schoolId, night),
    approvedLeaveBetween(db, actor.schoolId, range),
  ]);

  const linesOf = new Map<string, string[]>();
  for (const row of lines) linesOf.set(row.person_id, [...(linesOf.get(row.person_id) ?? []), row.line_id]);
  const checkOf = new Map(checks.map((row) => [row.person_id, row]));
  const awayForTheNight = new Map<string, ApprovedLeave>();
  const awayNow = new Set<string>();
  for (const leave of leaves) {
    if (leave.sleepsAway && holds(leave, midpoint) && !awayForTheNight.has(leave.studentId)) {
      awayForTheNight.set(leave.studentId, leave);
    }
    if (holds(leave, now)) awayNow.add(leave.studentId);
  }

  const people: HousePerson[] = [];
  const away: HouseAway[] = [];
  for (const row of rows) {
    const base = {
      personId: row.id,
      name: personName(row),
      room: row.room?.trim() ? row.room : null,
    };
    const leave = awayForTheNight.get(row.id);
    if (leave) {
      away.push({
        ...base,
        leaveId: leave.id,
        category: leave.category,
        start: leave.start,
        end: leave.end,
        phone: leave.phone ?? row.phone,
      });
      continue;
    }
    const checked = checkOf.get(row.id);
    const check = checked
      ? { status: checked.status as HouseCheck, at: checked.checked_at, by: checked.checked_by }
      : null;
    const isAwayNow = awayNow.has(row.id);
    people.push({
      ...base,
      phone: row.phone,
      lineIds: linesOf.get(row.id) ?? [],
      check,
      awayNow: isAwayNow,
      inHouseNow: !isAwayNow && check?.status !== 'out',
    });
  }
  return {
    night,
    at: new Date(now).toISOString(),
    people: people.sort(byRoomThenName),
    away: away.sort(byRoomThenName),
  };
}

/**
 * The supervisor's check of one of the house's people tonight: «Inne» or «Ikke inne» as of now
 * (the latest replaces the earlier), or cleared with null.
 */
export async function checkHousePerson(deps: Deps, actor: Actor, input: HouseCheckInput): Promise<void> {
  const now = houseClock.now();
  const night = nightOf(now);
  const today = todayInSchoolZone(new Date(now));
  await write(deps, actor.schoolId, async (trx, publish) => {
    await assertMayUse(trx, actor, 'house:check');
    if (!(await isResidentOf(trx, actor.schoolId, input.personId, today))) {
      throw new ProblemError('not-found', 'Personen bor ikke i huset.');
    }
    const before = await findCheck(trx, actor.schoolId, night, input.personId);
    const checkedAt = new Date(now).toISOString();
    if (input.status === null) {
      // Clearing what is not there changes nothing and announces nothing.
      if (!before) return;
      await deleteCheck(trx, actor.schoolId, night, input.personId);
    } else {
      await putCheck(trx, {
        school_id: actor.schoolId,
        night,
        person_id: input.personId,
        status: input.status,
        checked_at: checkedAt,
        checked_by: actor.personId,
      });
    }
    await recordAudit(trx, {
      schoolId: actor.schoolId,
      actorPersonId: actor.personId,
      action: input.status === null ? 'clear' : 'check',
      entity: 'house_check',
      entityId: `${night}-${input.personId}`,
      before: before ? { status: before.status, checkedAt: before.checked_at } : null,
      after: input.status === null ? null : { status: input.status, checkedAt },
    });
    publish('house', [input.personId]);
  });
}
