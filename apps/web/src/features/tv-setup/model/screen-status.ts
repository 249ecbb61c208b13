/** What the list of screens says about each one's state, free of React. */
import type { Screen } from '@tun/shared/screens';
import { todayInSchoolZone } from '@tun/shared/time';

/**
 * Tilkoblet (a TV reported in lately), Frakoblet (paired, but silent), or Ikke koblet til (no TV
 * signed in as the screen: new, or revoked).
 */
export type ScreenState = 'online' | 'offline' | 'unpaired';

export function screenState(screen: Pick<Screen, 'paired' | 'online'>): ScreenState {
  if (!screen.paired) return 'unpaired';
  return screen.online ? 'online' : 'offline';
}

/** «sist sett kl. 14:05» today; another day also names the date; never seen says so. */
export type LastSeen = { kind: 'never' } | { kind: 'today' | 'earlier'; at: Date };

export function lastSeen(lastSeenAt: string | null, now: Date): LastSeen {
  if (lastSeenAt === null) return { kind: 'never' };
  const at = new Date(lastSeenAt);
  return { kind: todayInSchoolZone(at) === todayInSchoolZone(now) ? 'today' : 'earlier', at };
}

/** Screens by name, as the list shows them (Norwegian order: æ, ø, å last). */
export function sortScreens(screens: readonly Screen[], locale = 'nb'): Screen[] {
  return [...screens].sort((a, b) => a.name.localeCompare(b.name, locale) || a.id.localeCompare(b.id));
}
