/**
 * The rule for letting go of lines, electives and groups that are gone
 * (docs/decisions/013-deleting-lines-electives-groups.md). An empty target list means the whole
 * school, so whatever loses every target is removed, never emptied.
 */
import type { ScheduleEntry, StoredEvent } from '@tun/shared';

export type Targets = Pick<ScheduleEntry, 'forClasses' | 'forElectives' | 'groupsAttending'>;

export type Release<T> = { action: 'keep' } | { action: 'remove' } | { action: 'change'; next: T };

/**
 * An entry without those of its targets that are gone. An entry fans out over forClasses and
 * forElectives when it has any (groupsAttending is then not used); otherwise groupsAttending
 * names who attends. Losing every target of the kind in use removes it.
 */
export function releaseEntry(entry: Targets, gone: (id: string) => boolean): Release<Targets> {
  const keep = (ids: readonly string[]) => ids.filter((id) => !gone(id));
  const next: Targets = {
    forClasses: keep(entry.forClasses),
    forElectives: keep(entry.forElectives),
    groupsAttending: keep(entry.groupsAttending),
  };
  const fanned = entry.forClasses.length + entry.forElectives.length > 0;
  if (fanned && next.forClasses.length + next.forElectives.length === 0) return { action: 'remove' };
  if (!fanned && entry.groupsAttending.length > 0 && next.groupsAttending.length === 0) {
    return { action: 'remove' };
  }
  const changed =
    next.forClasses.length !== entry.forClasses.length ||
    next.forElectives.length !== entry.forElectives.length ||
    next.groupsAttending.length !== entry.groupsAttending.length;
  return changed ? { action: 'change', next } : { action: 'keep' };
}

/** A stored event without the targets that are gone; one left with none is removed. */
export function releaseEvent(
  event: Pick<StoredEvent, 'groupsAttending'>,
  gone: (id: string) => boolean,
): Release<readonly string[]> {
  const next = event.groupsAttending.filter((id) => !gone(id));
  if (next.length === event.groupsAttending.length) return { action: 'keep' };
  return next.length === 0 ? { action: 'remove' } : { action: 'change', next };
}
