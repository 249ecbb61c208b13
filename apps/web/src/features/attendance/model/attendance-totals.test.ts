import { describe, expect, it } from 'vitest';
import { attendanceTotals, statusSource, totalsByStudent } from './attendance-totals';

describe('attendanceTotals', () => {
  it('sums events and minutes per status and the share of minutes attended', () => {
    const totals = attendanceTotals([
      { status: 'attending', eventDuration: 90, eventMandatory: true },
      { status: 'attending', eventDuration: 45, eventMandatory: true },
      { status: 'notAttending', eventDuration: 45, eventMandatory: true },
      { status: 'justifiedLeave', eventDuration: 60, eventMandatory: true },
    ]);
    expect(totals.events).toEqual({ attending: 2, notAttending: 1, justifiedLeave: 1 });
    expect(totals.minutes).toEqual({ attending: 135, notAttending: 45, justifiedLeave: 60 });
    expect(totals.totalEvents).toBe(4);
    expect(totals.totalMinutes).toBe(240);
    expect(totals.percent).toBe(56.2);
    expect(totals.below).toBe(true);
  });

  it('counts only mandatory events in the share, as the school-year report does', () => {
    const totals = attendanceTotals([
      { status: 'attending', eventDuration: 60, eventMandatory: true },
      { status: 'notAttending', eventDuration: 60, eventMandatory: true },
      { status: 'notAttending', eventDuration: 120, eventMandatory: false },
    ]);
    expect(totals.percent).toBe(50);
    expect(totals.minutes.notAttending).toBe(180);
  });

  it('has no share without registered minutes', () => {
    expect(attendanceTotals([]).percent).toBeNull();
    expect(
      attendanceTotals([{ status: 'attending', eventDuration: 0, eventMandatory: true }]).percent,
    ).toBeNull();
  });
});

describe('totalsByStudent', () => {
  it('has a row for every student asked for, and for anyone else with records', () => {
    const totals = totalsByStudent(
      [
        { studentId: 'a', status: 'attending', eventDuration: 60, eventMandatory: true },
        { studentId: 'x', status: 'notAttending', eventDuration: 30, eventMandatory: true },
        { studentId: 'a', status: 'notAttending', eventDuration: 60, eventMandatory: true },
      ],
      ['a', 'b'],
    );
    expect([...totals.keys()]).toEqual(['a', 'b', 'x']);
    expect(totals.get('a')!.percent).toBe(50);
    expect(totals.get('b')!.totalEvents).toBe(0);
    expect(totals.get('x')!.minutes.notAttending).toBe(30);
  });
});

describe('statusSource', () => {
  it('follows the order of the effective status', () => {
    const none = { manualStatus: null, preliminaryStatus: null, nfcStatus: null };
    expect(statusSource(none)).toBe('none');
    expect(statusSource({ ...none, nfcStatus: 'attending' })).toBe('tag');
    expect(statusSource({ ...none, nfcStatus: 'attending', preliminaryStatus: 'justifiedLeave' })).toBe(
      'preliminary',
    );
    expect(
      statusSource({
        manualStatus: 'notAttending',
        nfcStatus: 'attending',
        preliminaryStatus: 'justifiedLeave',
      }),
    ).toBe('manual');
  });
});
