import { DEFAULT_SCREEN_LAYOUT, screenInputSchema, SCREEN_PANELS } from '@tun/shared/screens';
import { describe, expect, it } from 'vitest';
import {
  fieldOf,
  inputOf,
  movePanel,
  sameValues,
  shownPanels,
  valuesOf,
  type ScreenFields,
} from './screen-form-values';

const hallway: ScreenFields = {
  name: 'Gangen',
  place: 'Ved trappa',
  layout: { orientation: 'portrait', panels: ['clock', 'programme'], roomId: 'room-1' },
  schedule: { darkFrom: '22:00', darkTo: '07:00' },
};

describe('screen form values', () => {
  it('starts a new screen with the default layout, always on', () => {
    const values = valuesOf();
    expect(shownPanels(values)).toEqual(DEFAULT_SCREEN_LAYOUT.panels);
    expect(values.order).toHaveLength(SCREEN_PANELS.length);
    expect(values.roomId).toBe('');
    expect(values.dark).toBe(false);
    expect(inputOf({ ...values, name: ' Spisesalen ' })).toEqual({
      name: 'Spisesalen',
      place: '',
      layout: DEFAULT_SCREEN_LAYOUT,
      schedule: null,
    });
  });

  it('keeps the panels in the screen’s order, the rest after them', () => {
    const values = valuesOf(hallway);
    expect(values.order.slice(0, 2)).toEqual(['clock', 'programme']);
    expect(new Set(values.order)).toEqual(new Set(SCREEN_PANELS));
    expect(shownPanels(values)).toEqual(['clock', 'programme']);
  });

  it('turns a stored screen into values and back into the same, valid input', () => {
    const input = inputOf(valuesOf(hallway));
    expect(input).toEqual(hallway);
    expect(screenInputSchema.parse(input)).toEqual(input);
  });

  it('sends no schedule when the dark period is off, whatever the times say', () => {
    const values = { ...valuesOf(hallway), dark: false };
    expect(inputOf(values).schedule).toBeNull();
  });

  it('keeps a panel’s place when it is switched off and on again', () => {
    const values = valuesOf(hallway);
    const off = { ...values, shown: { ...values.shown, clock: false } };
    expect(shownPanels(off)).toEqual(['programme']);
    expect(shownPanels({ ...off, shown: { ...off.shown, clock: true } })).toEqual(['clock', 'programme']);
  });

  it('compares values by what would be sent', () => {
    const values = valuesOf(hallway);
    expect(sameValues(values, { ...values, name: 'Gangen ' })).toBe(true);
    expect(sameValues(values, { ...values, order: movePanel(values.order, 'programme', -1) })).toBe(false);
    // A hidden panel's place is not sent.
    const last = values.order.at(-1)!;
    expect(sameValues(values, { ...values, order: movePanel(values.order, last, -1) })).toBe(true);
  });
});

describe('moving a panel', () => {
  const order = ['programme', 'menu', 'clock'] as const;

  it('swaps it with its neighbour', () => {
    expect(movePanel(order, 'menu', -1)).toEqual(['menu', 'programme', 'clock']);
    expect(movePanel(order, 'menu', 1)).toEqual(['programme', 'clock', 'menu']);
  });

  it('leaves the order as it is at either end, and for a panel not in it', () => {
    expect(movePanel(order, 'programme', -1)).toEqual(order);
    expect(movePanel(order, 'clock', 1)).toEqual(order);
    expect(movePanel(order, 'posts', 1)).toEqual(order);
  });

  it('does not change the order it was given', () => {
    const given = [...order];
    movePanel(given, 'menu', 1);
    expect(given).toEqual(order);
  });
});

describe('field of a server error', () => {
  it('finds the field in a screen’s and in a pairing approval’s paths', () => {
    expect(fieldOf('body.name')).toBe('name');
    expect(fieldOf('body/place')).toBe('place');
    expect(fieldOf('body.layout.panels')).toBe('panels');
    expect(fieldOf('body.layout.panels.2')).toBe('panels');
    expect(fieldOf('body.layout.roomId')).toBe('roomId');
    expect(fieldOf('body.schedule.darkFrom')).toBe('darkFrom');
    expect(fieldOf('body.schedule.darkTo')).toBe('darkTo');
    expect(fieldOf('body.screen.name')).toBe('name');
    expect(fieldOf('body.screen.layout.orientation')).toBe('orientation');
  });

  it('names no field for what the form does not show', () => {
    expect(fieldOf('body.userCode')).toBeUndefined();
    expect(fieldOf('body.layout')).toBeUndefined();
    expect(fieldOf('body')).toBeUndefined();
  });
});
