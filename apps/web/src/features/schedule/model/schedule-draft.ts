/**
 * The schedule editor's local copy of a schedule (a draft) and the pure operations on it. The
 * editor keeps the whole week here and sends it in one PUT; these functions never mutate.
 */
import {
  SCHEDULE_ENTRIES_PER_DAY_MAX,
  WEEK_DAYS,
  type Schedule,
  type ScheduleEntryInput,
  type ScheduleInput,
  type WeekDay,
} from '@tun/shared/calendar';
import { fieldPath } from '../../../lib/form-errors';

/**
 * An entry as the editor holds it. `key` is the editor's own handle (React keys, editing): a new
 * or copied entry has no server id until it is saved, so the id cannot serve.
 */
export type DraftEntry = ScheduleEntryInput & { key: string };
export type DraftDays = Record<WeekDay, DraftEntry[]>;

export interface ScheduleDraft {
  name: string;
  /** YYYY-MM-DD; null for the normal week. */
  validFrom: string | null;
  validTo: string | null;
  days: DraftDays;
}

export const ENTRY_FIELDS = [
  'name',
  'from',
  'to',
  'type',
  'mandatory',
  'roomUsed',
  'forClasses',
  'forElectives',
  'groupsAttending',
] as const;
export type EntryField = (typeof ENTRY_FIELDS)[number];

export const SETTINGS_FIELDS = ['name', 'validFrom', 'validTo'] as const;
export type SettingsField = (typeof SETTINGS_FIELDS)[number];

// '~' never occurs in a server id (entryIdSchema), so a new key cannot collide with a saved one.
let keyCounter = 0;
export function newEntryKey(): string {
  keyCounter += 1;
  return `~${keyCounter}`;
}

/** By start, then end, then name: the order a day is read in. */
export function compareEntries(
  a: Pick<ScheduleEntryInput, 'from' | 'to' | 'name'>,
  b: Pick<ScheduleEntryInput, 'from' | 'to' | 'name'>,
): number {
  if (a.from !== b.from) return a.from < b.from ? -1 : 1;
  if (a.to !== b.to) return a.to < b.to ? -1 : 1;
  return a.name.localeCompare(b.name, 'nb');
}

/** A sorted copy; the sort is stable, so equal entries keep the order they had. */
export function sortEntries<T extends Pick<ScheduleEntryInput, 'from' | 'to' | 'name'>>(
  entries: readonly T[],
): T[] {
  return [...entries].sort(compareEntries);
}

function mapDays(days: DraftDays, change: (entries: DraftEntry[], day: WeekDay) => DraftEntry[]): DraftDays {
  return Object.fromEntries(WEEK_DAYS.map((day) => [day, change(days[day], day)])) as DraftDays;
}

/** The schedule as the server sent it, each day sorted. Saved entries keep their id as their key. */
export function draftOf(schedule: Pick<Schedule, 'name' | 'validFrom' | 'validTo' | 'days'>): ScheduleDraft {
  return {
    name: schedule.name,
    validFrom: schedule.validFrom,
    validTo: schedule.validTo,
    days: Object.fromEntries(
      WEEK_DAYS.map((day) => [
        day,
        sortEntries((schedule.days[day] ?? []).map((entry) => ({ ...entry, key: entry.id }))),
      ]),
    ) as DraftDays,
  };
}

/** The entry as the server takes it: no editor key, and no id for a new or copied entry. */
export function entryInputOf(entry: DraftEntry): ScheduleEntryInput {
  const input: ScheduleEntryInput = {
    name: entry.name,
    from: entry.from,
    to: entry.to,
    type: entry.type,
    mandatory: entry.mandatory,
    groupsAttending: [...entry.groupsAttending],
    roomUsed: entry.roomUsed,
    forClasses: [...entry.forClasses],
    forElectives: [...entry.forElectives],
  };
  return entry.id === undefined ? input : { id: entry.id, ...input };
}

/** The whole document for PUT; the days go in the order they are shown, so error indexes match. */
export function scheduleInputOf(
  draft: ScheduleDraft,
): ScheduleInput & { days: Record<WeekDay, ScheduleEntryInput[]> } {
  return {
    name: draft.name.trim(),
    validFrom: draft.validFrom,
    validTo: draft.validTo,
    days: Object.fromEntries(WEEK_DAYS.map((day) => [day, draft.days[day].map(entryInputOf)])) as Record<
      WeekDay,
      ScheduleEntryInput[]
    >,
  };
}

/** Same content, whatever the editor keys: drives «Ulagrede endringer». */
export function sameDraft(a: ScheduleDraft, b: ScheduleDraft): boolean {
  return JSON.stringify(scheduleInputOf(a)) === JSON.stringify(scheduleInputOf(b));
}

/** Adds a new entry, or replaces the one with the same key, keeping the day sorted. */
export function putEntry(days: DraftDays, day: WeekDay, entry: DraftEntry): DraftDays {
  return mapDays(days, (entries, current) => {
    if (current !== day) return entries;
    const index = entries.findIndex((existing) => existing.key === entry.key);
    const next =
      index === -1 ? [...entries, entry] : entries.map((existing, i) => (i === index ? entry : existing));
    return sortEntries(next);
  });
}

export function removeEntry(days: DraftDays, day: WeekDay, key: string): DraftDays {
  return mapDays(days, (entries, current) =>
    current === day ? entries.filter((entry) => entry.key !== key) : entries,
  );
}

/** A copy is a new entry: the server gives it its own id, so the original's id must not go along. */
export function copyOfEntry(entry: DraftEntry): DraftEntry {
  const { id: _id, key: _key, ...fields } = entry;
  return {
    ...fields,
    groupsAttending: [...fields.groupsAttending],
    forClasses: [...fields.forClasses],
    forElectives: [...fields.forElectives],
    key: newEntryKey(),
  };
}

/** Copies one entry of `source` to each of `targets` (the source day itself is skipped). */
export function copyEntryToDays(
  days: DraftDays,
  source: WeekDay,
  key: string,
  targets: readonly WeekDay[],
): DraftDays {
  const entry = days[source].find((candidate) => candidate.key === key);
  if (!entry) return days;
  return mapDays(days, (entries, day) =>
    day !== source && targets.includes(day) ? sortEntries([...entries, copyOfEntry(entry)]) : entries,
  );
}

export type CopyDayMode = 'append' | 'replace';

/** Copies every entry of `source` to `targets`, after what is there or instead of it. */
export function copyDayToDays(
  days: DraftDays,
  source: WeekDay,
  targets: readonly WeekDay[],
  mode: CopyDayMode,
): DraftDays {
  const copies = () => days[source].map(copyOfEntry);
  return mapDays(days, (entries, day) => {
    if (day === source || !targets.includes(day)) return entries;
    return sortEntries(mode === 'replace' ? copies() : [...entries, ...copies()]);
  });
}

/** How many entries each target day would hold after copying; for the per-day limit. */
export function countsAfterCopy(
  days: DraftDays,
  targets: readonly WeekDay[],
  added: number,
  mode: CopyDayMode,
): Record<WeekDay, number> {
  return Object.fromEntries(
    WEEK_DAYS.map((day) => [
      day,
      targets.includes(day) ? (mode === 'replace' ? added : days[day].length + added) : days[day].length,
    ]),
  ) as Record<WeekDay, number>;
}

/** Days that would hold more entries than the server takes in one day. */
export function daysOverLimit(counts: Record<WeekDay, number>): WeekDay[] {
  return WEEK_DAYS.filter((day) => counts[day] > SCHEDULE_ENTRIES_PER_DAY_MAX);
}

// ---------------------------------------------------------------------------------------------
// Server field errors (problem+json errors[].path such as 'body.days.Mo.2.roomUsed').

export interface DraftErrors {
  /** On the schedule's own fields (name and dates of a named schedule). */
  settings: Partial<Record<SettingsField, string>>;
  /** By entry key, then field. */
  entries: Record<string, Partial<Record<EntryField, string>>>;
  /** Errors whose path names nothing the editor shows (kept so they are not lost). */
  other: string[];
}

export const noErrors = (): DraftErrors => ({ settings: {}, entries: {}, other: [] });

const isWeekDay = (value: string | undefined): value is WeekDay =>
  value !== undefined && (WEEK_DAYS as readonly string[]).includes(value);

/**
 * Puts the server's errors on what they are about. The draft must be the one that was sent:
 * an entry index counts within its day in the order sent (which is the draft's order).
 */
export function draftErrorsOf(
  draft: ScheduleDraft,
  problems: readonly { path: string; message: string }[],
): DraftErrors {
  const result = noErrors();
  for (const { path, message } of problems) {
    const parts = fieldPath(path);
    const [first, day, index, field] = parts;
    if (first === 'days' && isWeekDay(day) && index !== undefined) {
      const entry = draft.days[day][Number(index)];
      const entryField = ENTRY_FIELDS.find((candidate) => candidate === field) ?? 'name';
      if (entry) {
        const errors = (result.entries[entry.key] ??= {});
        errors[entryField] ??= message;
        continue;
      }
    }
    const setting = SETTINGS_FIELDS.find((candidate) => candidate === first);
    if (setting && parts.length === 1) {
      result.settings[setting] ??= message;
      continue;
    }
    result.other.push(message);
  }
  return result;
}

/** The first entry (in week order) with an error, to open it for fixing. */
export function firstEntryWithError(
  draft: ScheduleDraft,
  errors: DraftErrors,
): { day: WeekDay; entry: DraftEntry } | undefined {
  for (const day of WEEK_DAYS) {
    const entry = draft.days[day].find((candidate) => errors.entries[candidate.key]);
    if (entry) return { day, entry };
  }
  return undefined;
}
