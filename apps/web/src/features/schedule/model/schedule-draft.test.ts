import type { Schedule, ScheduleEntry } from '@tun/shared/calendar';
import { describe, expect, it } from 'vitest';
import {
  copyDayToDays,
  copyEntryToDays,
  countsAfterCopy,
  daysOverLimit,
  draftErrorsOf,
  draftOf,
  firstEntryWithError,
  putEntry,
  removeEntry,
  sameDraft,
  scheduleInputOf,
  sortEntries,
  type DraftEntry,
} from './schedule-draft';

function entry(id: string, from: string, to: string, name = id): ScheduleEntry {
  return {
    id,
    name,
    from,
    to,
    type: 'class',
    mandatory: true,
    groupsAttending: [],
    roomUsed: 'room-1',
    forClasses: ['line-1'],
    forElectives: [],
  };
}

function schedule(days: Partial<Schedule['days']>): Schedule {
  return {
    id: 'normalWeek',
    name: 'Normaluke',
    validFrom: null,
    validTo: null,
    days: { Mo: [], Tu: [], We: [], Th: [], Fr: [], Sa: [], Su: [], ...days },
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

describe('sortEntries', () => {
  it('orders by start, then end, then name', () => {
    const sorted = sortEntries([
      entry('c', '10:00', '11:00'),
      entry('b', '08:00', '09:00', 'Zebra'),
      entry('a', '08:00', '09:00', 'Alpha'),
      entry('d', '08:00', '08:30'),
    ]);
    expect(sorted.map((e) => e.id)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('does not change its input', () => {
    const input = [entry('b', '10:00', '11:00'), entry('a', '08:00', '09:00')];
    sortEntries(input);
    expect(input.map((e) => e.id)).toEqual(['b', 'a']);
  });
});

describe('draftOf', () => {
  it('sorts each day and keys saved entries by their id', () => {
    const draft = draftOf(
      schedule({ Mo: [entry('late', '12:00', '13:00'), entry('early', '08:00', '09:00')] }),
    );
    expect(draft.days.Mo.map((e) => e.key)).toEqual(['early', 'late']);
    expect(draft.days.Tu).toEqual([]);
  });
});

describe('copying', () => {
  const base = draftOf(
    schedule({
      Mo: [entry('breakfast', '08:00', '08:30'), entry('lesson', '09:00', '10:00')],
      Tu: [entry('tu', '07:00', '07:30')],
    }),
  );

  it('copies an entry to other days without its id and with new keys', () => {
    const days = copyEntryToDays(base.days, 'Mo', 'lesson', ['Tu', 'We', 'Mo']);
    expect(days.Mo).toBe(base.days.Mo);
    const copy = days.We[0]!;
    expect(copy.id).toBeUndefined();
    expect(copy.key).not.toBe('lesson');
    expect(copy.name).toBe('lesson');
    expect(copy.forClasses).toEqual(['line-1']);
    expect(copy.forClasses).not.toBe(base.days.Mo[1]!.forClasses);
    // Sorted into the day's existing entries.
    expect(days.Tu.map((e) => e.name)).toEqual(['tu', 'lesson']);
    expect(new Set([days.Tu[1]!.key, days.We[0]!.key]).size).toBe(2);
  });

  it('appends a whole day to other days', () => {
    const days = copyDayToDays(base.days, 'Mo', ['Tu', 'Fr'], 'append');
    expect(days.Tu.map((e) => e.name)).toEqual(['tu', 'breakfast', 'lesson']);
    expect(days.Fr.map((e) => e.name)).toEqual(['breakfast', 'lesson']);
    expect(days.We).toEqual([]);
    expect([...days.Tu, ...days.Fr].filter((e) => e.name !== 'tu').every((e) => e.id === undefined)).toBe(
      true,
    );
  });

  it('replaces the target days when asked to', () => {
    const days = copyDayToDays(base.days, 'Mo', ['Tu'], 'replace');
    expect(days.Tu.map((e) => e.name)).toEqual(['breakfast', 'lesson']);
    expect(days.Mo).toBe(base.days.Mo);
  });

  it('counts what the days would hold and finds days over the limit', () => {
    const counts = countsAfterCopy(base.days, ['Tu', 'We'], 2, 'append');
    expect(counts).toMatchObject({ Mo: 2, Tu: 3, We: 2, Th: 0 });
    expect(countsAfterCopy(base.days, ['Tu'], 2, 'replace').Tu).toBe(2);
    expect(daysOverLimit({ ...counts, Sa: 61 })).toEqual(['Sa']);
  });
});

describe('editing', () => {
  const base = draftOf(schedule({ Mo: [entry('a', '08:00', '09:00'), entry('b', '10:00', '11:00')] }));

  it('puts a changed entry back in order and removes one', () => {
    const moved: DraftEntry = { ...base.days.Mo[0]!, from: '12:00', to: '13:00' };
    const days = putEntry(base.days, 'Mo', moved);
    expect(days.Mo.map((e) => e.key)).toEqual(['b', 'a']);
    expect(removeEntry(days, 'Mo', 'a').Mo.map((e) => e.key)).toEqual(['b']);
  });

  it('tells a changed draft from an unchanged one, whatever the keys', () => {
    expect(
      sameDraft(
        base,
        draftOf(schedule({ Mo: [entry('b', '10:00', '11:00'), entry('a', '08:00', '09:00')] })),
      ),
    ).toBe(true);
    expect(sameDraft(base, { ...base, days: removeEntry(base.days, 'Mo', 'a') })).toBe(false);
    const relabelled = {
      ...base,
      days: { ...base.days, Mo: base.days.Mo.map((e) => ({ ...e, key: `x${e.key}` })) },
    };
    expect(sameDraft(base, relabelled)).toBe(true);
  });

  it('sends copies without ids and saved entries with theirs', () => {
    const days = copyEntryToDays(base.days, 'Mo', 'a', ['Tu']);
    const input = scheduleInputOf({ ...base, days });
    expect(input.days.Mo[0]).toMatchObject({ id: 'a' });
    expect(input.days.Tu[0]).not.toHaveProperty('id');
    expect(input.days.Tu[0]).not.toHaveProperty('key');
  });
});

describe('draftErrorsOf', () => {
  const base = draftOf(
    schedule({
      Mo: [entry('a', '08:00', '09:00'), entry('b', '10:00', '11:00')],
      We: [entry('c', '08:00', '09:00')],
    }),
  );

  it('puts entry errors on the entry and field the path names', () => {
    const errors = draftErrorsOf(base, [
      { path: 'body.days.Mo.1.roomUsed', message: 'Ukjent rom' },
      { path: 'body.days.We.0.forClasses.0', message: 'Ukjent linje' },
      { path: 'body.validTo', message: 'Sluttdato må være etter startdato' },
      { path: 'body.days.Tu.4.name', message: 'Finnes ikke' },
    ]);
    expect(errors.entries).toEqual({ b: { roomUsed: 'Ukjent rom' }, c: { forClasses: 'Ukjent linje' } });
    expect(errors.settings).toEqual({ validTo: 'Sluttdato må være etter startdato' });
    expect(errors.other).toEqual(['Finnes ikke']);
    expect(firstEntryWithError(base, errors)).toMatchObject({ day: 'Mo', entry: { key: 'b' } });
  });
});
