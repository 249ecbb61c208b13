import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventTimeHint } from '@tun/shared/time';
import en from '../../../locales/en.json';
import nb from '../../../locales/nb.json';
import nn from '../../../locales/nn.json';
import { timeHintText } from './time-hint-text';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('timeHintText', () => {
  const t: Record<'nb' | 'nn' | 'en', TFunction> = {} as never;

  beforeAll(async () => {
    const instance = i18next.createInstance();
    await instance.init({
      resources: { nb: { translation: nb }, nn: { translation: nn }, en: { translation: en } },
      lng: 'nb',
      fallbackLng: 'nb',
      interpolation: { escapeValue: false },
    });
    for (const language of ['nb', 'nn', 'en'] as const) t[language] = instance.getFixedT(language);
  });

  /** The hint of an event starting `inMs` from now and lasting an hour, in words. */
  const text = (inMs: number, language: 'nb' | 'nn' | 'en' = 'nb') =>
    timeHintText(eventTimeHint(inMs, inMs + HOUR, 0), t[language]);

  it('says exactly «nå» while the event goes on', () => {
    expect(text(0)).toBe('nå');
    expect(text(-30 * MINUTE)).toBe('nå');
    expect(text(-30 * MINUTE, 'nn')).toBe('no');
    expect(text(-30 * MINUTE, 'en')).toBe('now');
  });

  it('says nothing once the event has ended', () => {
    expect(text(-HOUR)).toBeUndefined();
    expect(text(-2 * DAY)).toBeUndefined();
    expect(timeHintText(undefined, t.nb)).toBeUndefined();
  });

  it('uses singular for one and plural for more, in each unit', () => {
    expect(text(1 * SECOND)).toBe('om ca. 1 sekund');
    expect(text(45 * SECOND)).toBe('om ca. 45 sekunder');
    expect(text(1 * MINUTE)).toBe('om ca. 1 minutt');
    expect(text(20 * MINUTE)).toBe('om ca. 20 minutter');
    expect(text(1 * HOUR)).toBe('om ca. 1 time');
    expect(text(5 * HOUR)).toBe('om ca. 5 timer');
    expect(text(1 * DAY)).toBe('om ca. 1 dag');
    expect(text(3 * DAY)).toBe('om ca. 3 dager');
  });

  it('follows the plural forms of nynorsk and English', () => {
    expect(text(5 * HOUR, 'nn')).toBe('om ca. 5 timar');
    expect(text(1 * HOUR, 'nn')).toBe('om ca. 1 time');
    expect(text(3 * DAY, 'nn')).toBe('om ca. 3 dagar');
    expect(text(1 * MINUTE, 'en')).toBe('in about 1 minute');
    expect(text(20 * MINUTE, 'en')).toBe('in about 20 minutes');
  });

  it('rounds to the largest unit that is at least one', () => {
    expect(text(59 * MINUTE + 40 * SECOND)).toBe('om ca. 1 time');
    expect(text(90 * SECOND)).toBe('om ca. 2 minutter');
    expect(text(23 * HOUR + 40 * MINUTE)).toBe('om ca. 1 dag');
  });
});
