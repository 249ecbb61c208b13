import { ATTENDANCE_MESSAGES, type PreliminaryList } from '@tun/shared/attendance';
import type { CalendarEvent } from '@tun/shared/calendar';
import type { Person } from '@tun/shared/people';
import { describe, expect, it } from 'vitest';
import {
  eventsOfDay,
  expectedStudents,
  filterStudents,
  markAll,
  markCounts,
  marksFromProposal,
  pageOf,
  peopleIndex,
  preliminaryByStudent,
  proposalInput,
  recentDays,
  recentRange,
  recordCounts,
  recordErrors,
  sortedRecords,
  withMark,
} from './proposal-model';
import { dayLabel, eventWhen } from './proposal-format';

function person(id: string, first: string, last: string, extra: Partial<Person> = {}): Person {
  return {
    id,
    name: { first, last },
    email: null,
    phone: null,
    room: null,
    memberOf: [],
    roles: [],
    hasLogin: false,
    userMutableData: {},
    leftOn: null,
    erased: false,
    ...extra,
  };
}

function event(id: string, start: string, extra: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    id,
    name: id,
    start,
    end: new Date(Date.parse(start) + 3_600_000).toISOString(),
    type: 'class',
    mandatory: true,
    groupsAttending: [],
    roomUsed: null,
    ...extra,
  } as CalendarEvent;
}

const people = [
  person('s1', 'Åse', 'Li', { memberOf: ['line-a'] }),
  person('s2', 'Bjørn', 'Aune', { memberOf: ['line-b'] }),
  person('s3', 'Cecilie', 'Berg'),
  person('t1', 'Tone', 'Lærer', { roles: ['teacher'], memberOf: ['line-a'] }),
  person('p1', 'Per', 'Stipendiat', { roles: ['stipp'] }),
];
const electives = [{ id: 'el-1', members: ['s3', 't1'] }];
const groups = [{ id: 'gr-1', members: ['s2'] }];

describe('days and ranges', () => {
  it('counts back over month ends, newest first', () => {
    expect(recentDays('2026-12-02', 3)).toEqual(['2026-12-02', '2026-12-01', '2026-11-30', '2026-11-29']);
    expect(recentDays('2026-12-02')).toHaveLength(8);
  });

  it('spans whole school days in Oslo time, across a clock change', () => {
    expect(recentRange('2026-11-30', 7)).toEqual({
      from: '2026-11-22T23:00:00.000Z',
      to: '2026-11-30T23:00:00.000Z',
    });
    // Summer time ends on 25 October 2026: the first day is at +02:00, the last at +01:00.
    expect(recentRange('2026-10-28', 7)).toEqual({
      from: '2026-10-20T22:00:00.000Z',
      to: '2026-10-28T23:00:00.000Z',
    });
  });

  it("lists a day's events by time, by the school's date", () => {
    const events = [
      event('late', '2026-11-23T18:00:00Z'),
      event('b', '2026-11-23T08:00:00Z'),
      event('a', '2026-11-23T08:00:00Z'),
      // 00:30 on the 24th in Oslo.
      event('next', '2026-11-23T23:30:00Z'),
    ];
    expect(eventsOfDay(events, '2026-11-23').map((e) => e.id)).toEqual(['a', 'b', 'late']);
    expect(eventsOfDay(events, '2026-11-24').map((e) => e.id)).toEqual(['next']);
  });
});

describe('expected students', () => {
  it('takes every student (no roles) for a whole-school event, in sheet order', () => {
    expect(expectedStudents([], { people, electives, groups }, 'nb').map((s) => s.name)).toEqual([
      'Bjørn Aune',
      'Cecilie Berg',
      'Åse Li',
    ]);
    // By last name, as on the teacher's sheet, not by first name.
    // Norwegian order: Ø and Å after Z, and «Aa» is read as Å.
    const others = [
      person('x', 'Ola', 'Øye'),
      person('y', 'Åse', 'Berg'),
      person('z', 'Kari', 'Berg'),
      person('w', 'Per', 'Aas'),
    ];
    expect(expectedStudents([], { people: others, electives, groups }, 'nb').map((s) => s.name)).toEqual([
      'Kari Berg',
      'Åse Berg',
      'Ola Øye',
      'Per Aas',
    ]);
  });

  it("takes the members of the event's lines, electives and groups, never staff or scholars", () => {
    expect(expectedStudents(['line-a'], { people, electives, groups }, 'nb').map((s) => s.id)).toEqual([
      's1',
    ]);
    expect(expectedStudents(['el-1'], { people, electives, groups }, 'nb').map((s) => s.id)).toEqual(['s3']);
    expect(
      expectedStudents(['gr-1', 'line-a'], { people, electives, groups }, 'nb').map((s) => s.id),
    ).toEqual(['s2', 's1']);
    expect(expectedStudents(['gone'], { people, electives, groups }, 'nb')).toEqual([]);
  });
});

describe('marks and the body sent', () => {
  const students = [
    { id: 's1', name: 'Åse Li' },
    { id: 's2', name: 'Bjørn Aas' },
  ];

  it('sends every student; an unmarked one without a status, notes trimmed or null', () => {
    const marks = withMark(withMark({}, 's1', { status: 'justifiedLeave' }), 's1', { note: '  Lege ' });
    expect(proposalInput(students, marks)).toEqual({
      records: [
        { studentId: 's1', manualStatus: 'justifiedLeave', note: 'Lege' },
        { studentId: 's2', manualStatus: null, note: null },
      ],
    });
    expect(proposalInput(students, withMark({}, 's2', { note: '   ' })).records[1]!.note).toBeNull();
  });

  it('marks everyone present and keeps the notes', () => {
    const marks = markAll(students, { s2: { status: 'notAttending', note: 'Syk' } }, 'attending');
    expect(marks).toEqual({ s1: { status: 'attending' }, s2: { status: 'attending', note: 'Syk' } });
    expect(markCounts(students, marks)).toEqual({
      attending: 2,
      notAttending: 0,
      justifiedLeave: 0,
      unmarked: 0,
    });
    expect(markCounts(students, {})).toMatchObject({ unmarked: 2 });
  });

  it('goes on from a proposal sent before', () => {
    const marks = marksFromProposal({
      records: [
        { studentId: 's1', manualStatus: 'attending', note: null },
        { studentId: 's2', manualStatus: null, note: 'Kom sent' },
      ],
    });
    expect(proposalInput(students, marks).records).toEqual([
      { studentId: 's1', manualStatus: 'attending', note: null },
      { studentId: 's2', manualStatus: null, note: 'Kom sent' },
    ]);
    expect(marksFromProposal(undefined)).toEqual({});
  });

  it("counts a proposal's records by status", () => {
    expect(
      recordCounts([
        { studentId: 's1', manualStatus: 'attending', note: null },
        { studentId: 's2', manualStatus: null, note: null },
        { studentId: 's3', manualStatus: 'attending', note: null },
      ]),
    ).toEqual({ attending: 2, notAttending: 0, justifiedLeave: 0, unmarked: 1 });
  });

  it('lists records in sheet order, unknown people last', () => {
    const { names, order } = peopleIndex(people, 'nb');
    expect(names.get('s1')).toBe('Åse Li');
    const records = ['x', 's1', 's2', 's3'].map((studentId) => ({
      studentId,
      manualStatus: null,
      note: null,
    }));
    expect(sortedRecords(records, order).map((r) => r.studentId)).toEqual(['s2', 's3', 's1', 'x']);
  });
});

describe('absence registered in advance', () => {
  const list: PreliminaryList = {
    days: [
      {
        date: '2026-11-23',
        studentId: 's1',
        preliminaryStatus: 'justifiedLeave',
        note: null,
        preliminaryBy: null,
      },
      {
        date: '2026-11-23',
        studentId: 's2',
        preliminaryStatus: 'justifiedLeave',
        note: null,
        preliminaryBy: null,
      },
      {
        date: '2026-11-24',
        studentId: 's3',
        preliminaryStatus: 'justifiedLeave',
        note: null,
        preliminaryBy: null,
      },
    ],
    events: [
      {
        eventId: 'ev',
        studentId: 's2',
        eventStart: '2026-11-23T08:00:00Z',
        preliminaryStatus: 'notAttending',
        note: null,
        preliminaryBy: null,
      },
      {
        eventId: 'other',
        studentId: 's3',
        eventStart: '2026-11-23T08:00:00Z',
        preliminaryStatus: 'notAttending',
        note: null,
        preliminaryBy: null,
      },
    ],
  };

  it("applies the event's own registration over the day's", () => {
    expect([...preliminaryByStudent(list, event('ev', '2026-11-23T08:00:00Z'))]).toEqual([
      ['s1', 'justifiedLeave'],
      ['s2', 'notAttending'],
    ]);
    expect(preliminaryByStudent(undefined, event('ev', '2026-11-23T08:00:00Z')).size).toBe(0);
  });
});

describe('paging and formats', () => {
  it('pages a list', () => {
    expect(pageOf([1, 2, 3, 4, 5], 2, 2)).toEqual([3, 4]);
    expect(pageOf([1, 2, 3], 3, 2)).toEqual([]);
  });

  it('says when an event is, in Oslo time, in Norwegian', () => {
    expect(eventWhen('2026-11-23T08:00:00Z', '2026-11-23T10:30:00Z', 'nb')).toMatch(
      /^man\. 23\. nov\.?,? 09:00\s?–\s?11:30$/,
    );
    expect(eventWhen('2026-11-23T08:00:00Z', null, 'nb')).toMatch(/09:00$/);
    expect(dayLabel('2026-11-23', 'nb')).toBe('mandag 23. november');
  });
});

describe('refusals', () => {
  it('names the students the server refused', () => {
    const students = [
      { id: 's1', name: 'Åse Li' },
      { id: 's2', name: 'Bjørn Aas' },
    ];
    expect(
      recordErrors(
        [
          { path: 'body.records.1.studentId', message: ATTENDANCE_MESSAGES.studentMissing },
          { path: 'body.records', message: 'Too many' },
        ],
        students,
      ),
    ).toEqual([
      { studentId: 's2', name: 'Bjørn Aas', message: ATTENDANCE_MESSAGES.studentMissing },
      { studentId: null, name: null, message: 'Too many' },
    ]);
    expect(recordErrors(undefined, students)).toEqual([]);
  });
});

describe('finding a student', () => {
  const students = [
    { id: 's1', name: 'Åse Li' },
    { id: 's2', name: 'Bjørn Aas' },
    { id: 's3', name: 'Cecilie Berg' },
  ];

  it('matches every word, ignoring case and accents', () => {
    expect(filterStudents(students, 'as').map((s) => s.id)).toEqual(['s1', 's2']);
    expect(filterStudents(students, 'BJØRN aas').map((s) => s.id)).toEqual(['s2']);
    expect(filterStudents(students, '  ')).toHaveLength(3);
    expect(filterStudents(students, 'x')).toEqual([]);
  });
});
