/**
 * «Kopier uke» and «Gjenta rotasjon» as one copy request (POST /api/v1/food/menu/copy), and the
 * weeks whose menus it replaces, so the dialog can say which before anything is overwritten.
 */
import { MENU_ROTATION_WEEKS_MAX, type MenuCopyInput } from '@tun/shared/food';
import { daysBetween } from '@tun/shared/time';
import { weeksAfter } from './menu-week';

export type CopyMode = 'copy' | 'rotation';

/** How far ahead the dialog offers weeks: a school year and then some, within the server's limit. */
export const COPY_WEEKS_AHEAD = 52;

/**
 * Copy one week: to the chosen week only. Repeat a rotation: the `weeks` weeks from this week,
 * block after block, from the week after the rotation up to and including `until`.
 */
export function copyInput(
  mode: CopyMode,
  from: string,
  choice: { target: string; weeks: number; until: string },
): MenuCopyInput {
  if (mode === 'copy') return { from, weeks: 1, to: choice.target, until: choice.target };
  const weeks = Math.min(Math.max(Math.trunc(choice.weeks), 1), MENU_ROTATION_WEEKS_MAX);
  return { from, weeks, to: weeksAfter(from, weeks), until: choice.until };
}

/** The Mondays of the weeks a copy replaces, in order; none when `until` is before `to`. */
export function replacedWeeks(input: Pick<MenuCopyInput, 'to' | 'until'>): string[] {
  const count = Math.floor(daysBetween(input.to, input.until) / 7) + 1;
  return Array.from({ length: Math.max(0, Math.min(count, COPY_WEEKS_AHEAD + 1)) }, (_, index) =>
    weeksAfter(input.to, index),
  );
}

/** The weeks a single week may be copied to: the coming ones. */
export function copyTargets(from: string): string[] {
  return Array.from({ length: COPY_WEEKS_AHEAD }, (_, index) => weeksAfter(from, index + 1));
}

/** The weeks a rotation may run until: from its first copy on, as far ahead as the dialog offers. */
export function rotationEnds(from: string, weeks: number): string[] {
  const first = weeksAfter(from, weeks);
  const last = weeksAfter(from, COPY_WEEKS_AHEAD);
  const count = Math.floor(daysBetween(first, last) / 7) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, index) => weeksAfter(first, index));
}
