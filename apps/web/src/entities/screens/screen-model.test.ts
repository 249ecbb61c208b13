import type { ScreenProgrammeEvent } from '@tun/shared/screens';
import { describe, expect, it } from 'vitest';
import { NEXT_EVENTS_MAX, POST_ROTATION_MS, currentPostIndex, nowAndNext, schoolClock } from './screen-model';

function event(id: string, start: string, end: string): ScreenProgrammeEvent {
  return { id, name: id, start, end, type: 'activity', roomName: null, lineNames: [] };
}

describe('nowAndNext', () => {
  const now = new Date('2026-03-02T10:00:00Z');

  it('splits what runs from what comes, and leaves out what is over', () => {
    const result = nowAndNext(
      [
        event('over', '2026-03-02T08:00:00Z', '2026-03-02T10:00:00Z'),
        event('running', '2026-03-02T09:30:00Z', '2026-03-02T11:00:00Z'),
        event('starts-now', '2026-03-02T10:00:00Z', '2026-03-02T10:45:00Z'),
        event('later', '2026-03-02T12:00:00Z', '2026-03-02T13:00:00Z'),
      ],
      now,
    );
    expect(result.now.map((e) => e.id)).toEqual(['running', 'starts-now']);
    expect(result.next.map((e) => e.id)).toEqual(['later']);
    expect(result.moreCount).toBe(0);
  });

  it('lists only as many coming events as fit, and counts the rest', () => {
    const coming = Array.from({ length: NEXT_EVENTS_MAX + 2 }, (_, i) =>
      event(`e${i}`, `2026-03-02T${String(11 + i).padStart(2, '0')}:00:00Z`, '2026-03-02T22:00:00Z'),
    );
    const result = nowAndNext(coming, now);
    expect(result.next).toHaveLength(NEXT_EVENTS_MAX);
    expect(result.moreCount).toBe(2);
  });
});

describe('currentPostIndex', () => {
  it('turns to the next post every POST_ROTATION_MS, round and round', () => {
    const start = new Date(POST_ROTATION_MS * 30);
    expect(currentPostIndex(1, start)).toBe(0);
    expect(currentPostIndex(0, start)).toBe(0);
    expect(currentPostIndex(3, start)).toBe(0);
    expect(currentPostIndex(3, new Date(start.getTime() + POST_ROTATION_MS))).toBe(1);
    expect(currentPostIndex(3, new Date(start.getTime() + 3 * POST_ROTATION_MS))).toBe(0);
  });
});

describe('schoolClock', () => {
  it('gives the time of day at the school, in winter and in summer', () => {
    expect(schoolClock(new Date('2026-01-15T22:30:00Z'))).toBe('23:30');
    expect(schoolClock(new Date('2026-07-15T04:05:00Z'))).toBe('06:05');
  });
});
