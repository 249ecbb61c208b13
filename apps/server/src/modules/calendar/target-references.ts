/**
 * What a deleted line, elective or temporary group leaves behind in the calendar, and how the
 * calendar lets go of it (docs/decisions/013-deleting-lines-electives-groups.md). The references
 * endpoints count with `planRelease` and the deletions apply the same plan inside their own
 * transaction, so what the dialog promised is what happens.
 */
import type { CalendarReferences, ScheduleEntry, StoredEvent } from '@tun/shared';
import type { Queryable, Trx } from '../../db/database';
import type { Publish } from '../../db/write';
import {
  deleteEntry,
  deleteEventRow,
  entriesNaming,
  eventsNaming,
  findEventRow,
  setEntryTargets,
  setEventGroups,
  toStoredEvent,
  touchSchedules,
} from './calendar.repository';
import { markDeleted } from './calendar.service';
import { releaseEntry, releaseEvent, type Release, type Targets } from './target-release';

interface Plan {
  entries: { scheduleId: string; entry: ScheduleEntry; release: Release<Targets> }[];
  events: { event: StoredEvent; replacesStart: string | null; release: Release<readonly string[]> }[];
}

async function planRelease(db: Queryable, schoolId: string, targetId: string): Promise<Plan> {
  const gone = (id: string) => id === targetId;
  const [entries, events] = await Promise.all([
    entriesNaming(db, schoolId, targetId),
    eventsNaming(db, schoolId, targetId),
  ]);
  return {
    entries: entries
      .map(({ scheduleId, entry }) => ({ scheduleId, entry, release: releaseEntry(entry, gone) }))
      .filter((item) => item.release.action !== 'keep'),
    events: events
      .map((row) => {
        const event = toStoredEvent(row);
        return { event, replacesStart: row.replaces_start, release: releaseEvent(event, gone) };
      })
      .filter((item) => item.release.action !== 'keep'),
  };
}

export async function countTargetReferences(
  db: Queryable,
  schoolId: string,
  targetId: string,
): Promise<CalendarReferences> {
  const plan = await planRelease(db, schoolId, targetId);
  // A deletion marker only hides an occurrence; nobody sees it change.
  const events = plan.events.filter((item) => !item.event.repDeleted);
  return {
    scheduleEntriesChanged: plan.entries.filter((item) => item.release.action === 'change').length,
    scheduleEntriesRemoved: plan.entries.filter((item) => item.release.action === 'remove').length,
    eventsChanged: events.filter((item) => item.release.action === 'change').length,
    eventsRemoved: events.filter((item) => item.release.action === 'remove').length,
  };
}

/**
 * Lets go of a line, elective or group that is being deleted, in the deleting transaction.
 * A removed override leaves its occurrence deleted, as deleting it by hand does: otherwise the
 * lesson it stood in for would come back, for everyone the entry still names.
 */
export async function releaseTarget(trx: Trx, schoolId: string, targetId: string, publish: Publish) {
  const plan = await planRelease(trx, schoolId, targetId);
  const changed = new Set<string>();
  for (const { scheduleId, entry, release } of plan.entries) {
    if (release.action === 'remove') await deleteEntry(trx, schoolId, entry.id);
    else if (release.action === 'change') await setEntryTargets(trx, schoolId, entry.id, release.next);
    changed.add(scheduleId);
  }
  await touchSchedules(trx, schoolId, [...changed]);
  for (const { event, replacesStart, release } of plan.events) {
    changed.add(event.id);
    if (release.action === 'change') {
      await setEventGroups(trx, schoolId, event.id, release.next);
    } else if (release.action === 'remove' && event.repDeleted) {
      // A marker keeps hiding its occurrence; it only stops naming the target.
      await setEventGroups(trx, schoolId, event.id, []);
    } else if (release.action === 'remove') {
      await deleteEventRow(trx, schoolId, event.id);
      if (event.overrides !== null && !(await findEventRow(trx, schoolId, event.overrides))) {
        await markDeleted(trx, schoolId, event.overrides, { ...event, groupsAttending: [] }, replacesStart);
        changed.add(event.overrides);
      }
    }
  }
  if (changed.size > 0) publish('calendar', [...changed]);
}
