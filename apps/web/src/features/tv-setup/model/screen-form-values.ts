/**
 * The layout editor's form (SPEC §2 /app/tv-setup): what it holds, how a stored screen becomes
 * form values and back, how panels are chosen and ordered, and which field a server error is
 * about. Free of React, so the rules are tested on their own.
 */
import {
  DEFAULT_SCREEN_LAYOUT,
  SCREEN_PANELS,
  type ScreenInput,
  type ScreenOrientation,
  type ScreenPanel,
} from '@tun/shared/screens';
import { fieldPath } from '../../../lib/form-errors';

export interface ScreenFormValues {
  name: string;
  place: string;
  orientation: ScreenOrientation;
  /**
   * Every panel, in the order the screen shows them; `shown` says which it shows. Keeping the
   * ones switched off in the list keeps their place when they are switched on again.
   */
  order: ScreenPanel[];
  shown: Record<ScreenPanel, boolean>;
  /** A room's id; '' for the whole school (a Select's value cannot be null and still be chosen). */
  roomId: string;
  dark: boolean;
  darkFrom: string;
  darkTo: string;
}

export type ScreenFormField = 'name' | 'place' | 'orientation' | 'panels' | 'roomId' | 'darkFrom' | 'darkTo';

/** What the form offers when a dark period is switched on: night, burn-in friendly. */
export const DEFAULT_DARK = { darkFrom: '23:00', darkTo: '06:30' } as const;

/** The screen's fields as the form needs them; a new screen gets the default layout. */
export interface ScreenFields {
  name: string;
  place: string;
  layout: { orientation: ScreenOrientation; panels: readonly ScreenPanel[]; roomId: string | null };
  schedule: { darkFrom: string; darkTo: string } | null;
}

export function valuesOf(screen?: ScreenFields): ScreenFormValues {
  const layout = screen?.layout ?? DEFAULT_SCREEN_LAYOUT;
  return {
    name: screen?.name ?? '',
    place: screen?.place ?? '',
    orientation: layout.orientation,
    order: [...layout.panels, ...SCREEN_PANELS.filter((panel) => !layout.panels.includes(panel))],
    shown: Object.fromEntries(SCREEN_PANELS.map((panel) => [panel, layout.panels.includes(panel)])) as Record<
      ScreenPanel,
      boolean
    >,
    roomId: layout.roomId ?? '',
    dark: screen?.schedule != null,
    darkFrom: screen?.schedule?.darkFrom ?? DEFAULT_DARK.darkFrom,
    darkTo: screen?.schedule?.darkTo ?? DEFAULT_DARK.darkTo,
  };
}

/** The panels the screen shows, in its order. */
export function shownPanels(values: Pick<ScreenFormValues, 'order' | 'shown'>): ScreenPanel[] {
  return values.order.filter((panel) => values.shown[panel]);
}

/** What is sent: names without surrounding spaces (as the server keeps them). */
export function inputOf(values: ScreenFormValues): ScreenInput {
  return {
    name: values.name.trim(),
    place: values.place.trim(),
    layout: {
      orientation: values.orientation,
      panels: shownPanels(values),
      roomId: values.roomId === '' ? null : values.roomId,
    },
    schedule: values.dark ? { darkFrom: values.darkFrom, darkTo: values.darkTo } : null,
  };
}

export function sameValues(a: ScreenFormValues, b: ScreenFormValues): boolean {
  return JSON.stringify(inputOf(a)) === JSON.stringify(inputOf(b));
}

/**
 * The order with one panel moved a step up (-1) or down (+1); the same order when it is
 * already first or last.
 */
export function movePanel(order: readonly ScreenPanel[], panel: ScreenPanel, step: -1 | 1): ScreenPanel[] {
  const from = order.indexOf(panel);
  const to = from + step;
  if (from < 0 || to < 0 || to >= order.length) return [...order];
  const moved = [...order];
  moved[from] = order[to]!;
  moved[to] = panel;
  return moved;
}

/**
 * 'body.layout.panels' → 'panels', 'body/schedule/darkTo' → 'darkTo', 'body.screen.name' (a new
 * screen approved with a pairing code) → 'name'; undefined for anything else.
 */
export function fieldOf(serverPath: string): ScreenFormField | undefined {
  const parts = fieldPath(serverPath);
  const [first, second] = parts[0] === 'screen' ? parts.slice(1) : parts;
  if (first === 'name' || first === 'place') return first;
  if (first === 'layout') {
    if (second === 'orientation' || second === 'panels' || second === 'roomId') return second;
    return undefined;
  }
  if (first === 'schedule') return second === 'darkFrom' ? 'darkFrom' : 'darkTo';
  return undefined;
}
