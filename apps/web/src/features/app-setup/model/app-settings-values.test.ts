import { appSettingsInputSchema, defaultAppSettings, type AppSettings } from '@tun/shared/app-settings';
import { describe, expect, it } from 'vitest';
import {
  featuresSwitchedOff,
  fieldOf,
  inputOf,
  paleForWhiteText,
  sameValues,
  THEME_SWATCHES,
  valuesOf,
} from './app-settings-values';

const stored: AppSettings = {
  ...defaultAppSettings('Fjordtun'),
  themeColor: '#1D5A80',
  logoFileId: 'f1',
  logoUrl: '/api/v1/files/f1/content?inline=1',
};

describe('app settings form values', () => {
  it('turns the stored settings into values and back into the same input', () => {
    const values = valuesOf(stored);
    expect(values.themeColor).toBe('#1d5a80');
    expect(values.features.posts).toBe(true);
    const input = inputOf(values);
    expect(appSettingsInputSchema.parse(input)).toEqual(input);
    expect(input).toEqual({
      appName: 'Fjordtun',
      shortName: 'Fjordtun',
      themeColor: '#1d5a80',
      logoFileId: 'f1',
      defaultLanguage: 'nb',
      features: stored.features,
    });
    expect(input).not.toHaveProperty('logoUrl');
  });

  it('sends names and colour without surrounding spaces', () => {
    const values = {
      ...valuesOf(stored),
      appName: '  Fjordtun app ',
      shortName: ' Fjord ',
      themeColor: ' #ABCDEF ',
    };
    expect(inputOf(values)).toMatchObject({
      appName: 'Fjordtun app',
      shortName: 'Fjord',
      themeColor: '#abcdef',
    });
  });

  it('takes values that differ only in spaces or case as the same', () => {
    const values = valuesOf(stored);
    expect(sameValues(values, { ...values, appName: ` ${values.appName} `, themeColor: '#1D5A80' })).toBe(
      true,
    );
    expect(sameValues(values, { ...values, features: { ...values.features, files: false } })).toBe(false);
    expect(sameValues(values, { ...values, logoFileId: null })).toBe(false);
  });

  it('does not share the features object with the form', () => {
    const values = valuesOf(stored);
    const input = inputOf(values);
    input.features.posts = false;
    expect(values.features.posts).toBe(true);
  });

  it('names the switched-off features only', () => {
    const before = valuesOf(stored);
    const after = { ...before, features: { ...before.features, attendance: false, maintenance: false } };
    expect(featuresSwitchedOff(before, after)).toEqual(['attendance', 'maintenance']);
    expect(featuresSwitchedOff(after, before)).toEqual([]);
  });
});

describe('fieldOf', () => {
  it.each([
    ['body.appName', 'appName'],
    ['body/shortName', 'shortName'],
    ['body.themeColor', 'themeColor'],
    ['body.logoFileId', 'logoFileId'],
    ['body.defaultLanguage', 'defaultLanguage'],
    ['body.features.foodPlan', 'features.foodPlan'],
    ['body/features/posts', 'features.posts'],
  ])('maps %s to %s', (path, field) => {
    expect(fieldOf(path)).toBe(field);
  });

  it.each(['body.features.chess', 'body.features', 'body.logoUrl', 'body', 'query.q'])(
    'ignores %s',
    (path) => {
      expect(fieldOf(path)).toBeUndefined();
    },
  );
});

describe('theme colour', () => {
  it('warns about colours too pale for white text', () => {
    expect(paleForWhiteText('#ffff00')).toBe(true);
    expect(paleForWhiteText('#e8590c')).toBe(true);
    expect(paleForWhiteText('#1d5a80')).toBe(false);
  });

  it('says nothing about a colour still being typed', () => {
    expect(paleForWhiteText('#fff')).toBe(false);
    expect(paleForWhiteText('')).toBe(false);
  });

  it('offers only swatches that white text is readable on, the default first', () => {
    expect(THEME_SWATCHES[0]).toBe(defaultAppSettings('x').themeColor);
    for (const swatch of THEME_SWATCHES) expect(paleForWhiteText(swatch)).toBe(false);
  });
});
