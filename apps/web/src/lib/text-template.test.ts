import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import nb from '../locales/nb.json';
import { textTemplate } from './text-template';

describe('textTemplate', () => {
  let t: Record<'nb' | 'en', TFunction>;

  beforeAll(async () => {
    const instance = i18next.createInstance();
    await instance.init({
      resources: { nb: { translation: nb }, en: { translation: en } },
      lng: 'nb',
      interpolation: { escapeValue: false },
    });
    t = { nb: instance.getFixedT('nb'), en: instance.getFixedT('en') };
  });

  it('fills in the value where each language puts it, as t() would', () => {
    for (const language of ['nb', 'en'] as const) {
      const label = textTemplate(t[language], 'attendance.sheet.noteToggle', 'name');
      for (const name of ['Kari <Nordmann>', 'Ola', '']) {
        expect(label(name)).toBe(t[language]('attendance.sheet.noteToggle', { name }));
      }
    }
    expect(textTemplate(t.nb, 'attendance.sheet.noteToggle', 'name')('Ola')).toBe('Notat for Ola');
  });

  it('leaves a text without the variable as it is', () => {
    expect(textTemplate(t.nb, 'attendance.sheet.note', 'name')('Ola')).toBe('Notat');
  });
});
