import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TAG_SCAN_BUFFER_MS, effectiveStatus, tagScanStatus } from './attendance';
import { ATTENDANCE_STATUSES } from './attendance-status';

const status = fc.option(fc.constantFrom(...ATTENDANCE_STATUSES), { nil: null });

describe('effective status (SPEC §4)', () => {
  it('is the manual status when set, else the preliminary, else the tag status, else notAttending', () => {
    fc.assert(
      fc.property(status, status, status, (manualStatus, preliminaryStatus, nfcStatus) => {
        const result = effectiveStatus({ manualStatus, preliminaryStatus, nfcStatus });
        const expected = manualStatus ?? preliminaryStatus ?? nfcStatus ?? 'notAttending';
        expect(result).toBe(expected);
        if (manualStatus !== null) expect(result).toBe(manualStatus);
        if (manualStatus === null && preliminaryStatus !== null) expect(result).toBe(preliminaryStatus);
      }),
    );
  });

  it('is notAttending for no record at all', () => {
    expect(effectiveStatus(null)).toBe('notAttending');
    expect(effectiveStatus({})).toBe('notAttending');
  });

  it('never depends on a status that a higher one overrides', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ATTENDANCE_STATUSES),
        status,
        status,
        status,
        status,
        (manual, p1, p2, n1, n2) => {
          expect(effectiveStatus({ manualStatus: manual, preliminaryStatus: p1, nfcStatus: n1 })).toBe(
            effectiveStatus({ manualStatus: manual, preliminaryStatus: p2, nfcStatus: n2 }),
          );
        },
      ),
    );
  });
});

describe('tag validation (SPEC §4, §9)', () => {
  const event = { start: Date.parse('2026-11-23T08:00:00Z'), end: Date.parse('2026-11-23T10:30:00Z') };
  const room = { keyOfTheDay: 'dagens-nokkel' };
  it('accepts the key of the day from 10 minutes before the start until the end, both included', () => {
    expect(tagScanStatus({ key: 'dagens-nokkel', at: event.start - TAG_SCAN_BUFFER_MS }, room, event)).toBe(
      'attending',
    );
    expect(tagScanStatus({ key: 'dagens-nokkel', at: event.end - 1 }, room, event)).toBe('attending');
    expect(tagScanStatus({ key: 'dagens-nokkel', at: event.end }, room, event)).toBe('attending');
  });
  it('refuses before the buffer, after the end, a wrong key and a room without key', () => {
    expect(
      tagScanStatus({ key: 'dagens-nokkel', at: event.start - TAG_SCAN_BUFFER_MS - 1 }, room, event),
    ).toBeUndefined();
    expect(tagScanStatus({ key: 'dagens-nokkel', at: event.end + 1 }, room, event)).toBeUndefined();
    expect(tagScanStatus({ key: 'gammel', at: event.start }, room, event)).toBeUndefined();
    expect(
      tagScanStatus({ key: 'dagens-nokkel', at: event.start }, { keyOfTheDay: null }, event),
    ).toBeUndefined();
  });
});

describe('the scan window (SPEC §4: start − 600 000 ms ≤ t ≤ end)', () => {
  const room = { keyOfTheDay: 'k' };
  it('holds exactly the instants between its two ends, both included', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_700_000_000_000, max: 1_900_000_000_000 }),
        fc.integer({ min: 1, max: 24 * 60 * 60_000 }),
        fc.integer({ min: -2 * 60 * 60_000, max: 26 * 60 * 60_000 }),
        (start, length, offset) => {
          const event = { start, end: start + length };
          const at = start + offset;
          const inside = event.start - TAG_SCAN_BUFFER_MS <= at && at <= event.end;
          expect(tagScanStatus({ key: 'k', at }, room, event)).toBe(inside ? 'attending' : undefined);
          expect(tagScanStatus({ key: 'k', at: event.end }, room, event)).toBe('attending');
          expect(tagScanStatus({ key: 'k', at: event.end + 1 }, room, event)).toBeUndefined();
          expect(tagScanStatus({ key: 'k', at: event.start - TAG_SCAN_BUFFER_MS }, room, event)).toBe(
            'attending',
          );
          expect(
            tagScanStatus({ key: 'k', at: event.start - TAG_SCAN_BUFFER_MS - 1 }, room, event),
          ).toBeUndefined();
        },
      ),
    );
  });
});
