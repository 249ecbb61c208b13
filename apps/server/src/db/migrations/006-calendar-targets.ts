import type { Kysely } from 'kysely';

/**
 * Before decision 013, deleting a line, an elective or a temporary group left its id in schedule
 * entries and events; emptied of targets they became whole-school lessons, and the normal week
 * could no longer be saved as it was. This applies the rule of 013 to what was left behind:
 * ids that name nothing are dropped, an entry or event left with no target is removed, and a
 * removed override leaves its occurrence deleted. The rule is written out here rather than
 * imported, so that this migration does tomorrow what it did today.
 */

interface Tables {
  line: { id: string; school_id: string };
  elective: { id: string; school_id: string };
  temp_group: { id: string; school_id: string };
  schedule_entry: {
    school_id: string;
    id: string;
    schedule_id: string;
    for_classes: string;
    for_electives: string;
    groups_attending: string;
  };
  schedule: { school_id: string; id: string; updated_at: string };
  calendar_event: {
    school_id: string;
    id: string;
    name: string;
    time_start: string;
    time_end: string;
    type: string;
    mandatory: number;
    room_id: string | null;
    groups_attending: string;
    overrides: string | null;
    rep_deleted: number;
    replaces_start: string | null;
    created_by: string | null;
    created_at: string;
    updated_at: string;
  };
}

const parse = (json: string) => JSON.parse(json) as string[];

export function calendarTargets() {
  return {
    async up(untyped: Kysely<unknown>): Promise<void> {
      const db = untyped as unknown as Kysely<Tables>;
      const now = new Date().toISOString();
      const known = new Set<string>();
      for (const table of ['line', 'elective', 'temp_group'] as const) {
        const rows = await db.selectFrom(table).select(['school_id', 'id']).execute();
        for (const row of rows) known.add(`${row.school_id} ${row.id}`);
      }

      const entries = await db.selectFrom('schedule_entry').selectAll().execute();
      const touched = new Map<string, Set<string>>();
      for (const entry of entries) {
        const exists = (id: string) => known.has(`${entry.school_id} ${id}`);
        const lists = [entry.for_classes, entry.for_electives, entry.groups_attending].map(parse);
        const [classes, electives, groups] = lists.map((ids) => ids.filter(exists)) as [
          string[],
          string[],
          string[],
        ];
        const [classesBefore, electivesBefore, groupsBefore] = lists as [string[], string[], string[]];
        if (
          classes.length === classesBefore.length &&
          electives.length === electivesBefore.length &&
          groups.length === groupsBefore.length
        ) {
          continue;
        }
        const fanned = classesBefore.length + electivesBefore.length > 0;
        if (fanned ? classes.length + electives.length === 0 : groups.length === 0) {
          await db
            .deleteFrom('schedule_entry')
            .where('school_id', '=', entry.school_id)
            .where('id', '=', entry.id)
            .execute();
        } else {
          await db
            .updateTable('schedule_entry')
            .set({
              for_classes: JSON.stringify(classes),
              for_electives: JSON.stringify(electives),
              groups_attending: JSON.stringify(groups),
            })
            .where('school_id', '=', entry.school_id)
            .where('id', '=', entry.id)
            .execute();
        }
        const schedules = touched.get(entry.school_id) ?? new Set<string>();
        schedules.add(entry.schedule_id);
        touched.set(entry.school_id, schedules);
      }
      for (const [schoolId, schedules] of touched) {
        await db
          .updateTable('schedule')
          .set({ updated_at: now })
          .where('school_id', '=', schoolId)
          .where('id', 'in', [...schedules])
          .execute();
      }

      const events = await db
        .selectFrom('calendar_event')
        .selectAll()
        .where('groups_attending', '!=', '[]')
        .execute();
      for (const event of events) {
        const before = parse(event.groups_attending);
        const after = before.filter((id) => known.has(`${event.school_id} ${id}`));
        if (after.length === before.length) continue;
        if (after.length > 0 || event.rep_deleted === 1) {
          // A deletion marker stays: it still hides its occurrence.
          await db
            .updateTable('calendar_event')
            .set({ groups_attending: JSON.stringify(after), updated_at: now })
            .where('school_id', '=', event.school_id)
            .where('id', '=', event.id)
            .execute();
          continue;
        }
        await db
          .deleteFrom('calendar_event')
          .where('school_id', '=', event.school_id)
          .where('id', '=', event.id)
          .execute();
        if (event.overrides === null) continue;
        const marker = await db
          .selectFrom('calendar_event')
          .select('id')
          .where('school_id', '=', event.school_id)
          .where('id', '=', event.overrides)
          .executeTakeFirst();
        if (marker) continue;
        const start = event.replaces_start ?? event.time_start;
        await db
          .insertInto('calendar_event')
          .values({
            school_id: event.school_id,
            id: event.overrides,
            name: event.name,
            time_start: start,
            time_end: start,
            type: event.type,
            mandatory: event.mandatory,
            room_id: null,
            groups_attending: '[]',
            overrides: null,
            rep_deleted: 1,
            replaces_start: start,
            created_by: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
    },
  };
}
