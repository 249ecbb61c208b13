/**
 * The screen's rules, free of React: what runs now and what comes next, the school's clock, and
 * which post is up. Everything derives from the time passed in, so the screen keeps no state
 * that could grow over the weeks it stays on.
 */
import type { ScreenProgrammeEvent } from '@tun/shared/screens';
import { schoolDateTimeFormatOnFirstUse } from '@tun/shared/time';

/** How long each post stays up when there are several. */
export const POST_ROTATION_MS = 20_000;
/** At most this many events are listed under «Senere i dag»; the rest would not fit at TV size. */
export const NEXT_EVENTS_MAX = 5;
export const NOW_EVENTS_MAX = 3;

// en-GB with h23: «07:05», never «7:05 a.m.», whatever the UI language.
const clockFormat = schoolDateTimeFormatOnFirstUse('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** HH:mm at the school, as isScreenDark compares it. */
export function schoolClock(now: Date): string {
  return clockFormat().format(now);
}

export interface NowAndNext {
  now: ScreenProgrammeEvent[];
  next: ScreenProgrammeEvent[];
  /** Events left out of `next` for room. */
  moreCount: number;
}

/**
 * The server sends today's events not yet over, by start; between two fetches some end, so
 * they are sorted again against the screen's clock.
 */
export function nowAndNext(events: readonly ScreenProgrammeEvent[], now: Date): NowAndNext {
  const at = now.getTime();
  const running: ScreenProgrammeEvent[] = [];
  const coming: ScreenProgrammeEvent[] = [];
  for (const event of events) {
    const start = Date.parse(event.start);
    const end = Date.parse(event.end);
    if (end <= at) continue;
    if (start <= at) running.push(event);
    else coming.push(event);
  }
  return {
    now: running.slice(0, NOW_EVENTS_MAX),
    next: coming.slice(0, NEXT_EVENTS_MAX),
    moreCount: Math.max(0, coming.length - NEXT_EVENTS_MAX) + Math.max(0, running.length - NOW_EVENTS_MAX),
  };
}

/** The post up at this moment: a calm rotation taken from the clock, with no timer of its own. */
export function currentPostIndex(count: number, now: Date): number {
  if (count <= 1) return 0;
  return Math.floor(now.getTime() / POST_ROTATION_MS) % count;
}
