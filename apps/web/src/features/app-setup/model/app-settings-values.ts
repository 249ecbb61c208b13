/**
 * The admin's form for the school's app settings: what the form holds, how a stored record
 * becomes form values and back, and which field a server error is about.
 */
import {
  APP_FEATURES,
  type AppFeature,
  type AppLanguage,
  type AppSettings,
  type AppSettingsInput,
} from '@tun/shared/app-settings';
import { AA_TEXT, contrastRatio } from '../../../lib/contrast';
import { fieldPath } from '../../../lib/form-errors';

export interface AppSettingsValues {
  appName: string;
  shortName: string;
  themeColor: string;
  /** An archive file's id, or null for Tun's own logo. */
  logoFileId: string | null;
  defaultLanguage: AppLanguage;
  features: Record<AppFeature, boolean>;
}

export type AppSettingsField =
  'appName' | 'shortName' | 'themeColor' | 'logoFileId' | 'defaultLanguage' | `features.${AppFeature}`;

export function valuesOf(settings: AppSettings): AppSettingsValues {
  return {
    appName: settings.appName,
    shortName: settings.shortName,
    themeColor: settings.themeColor.toLowerCase(),
    logoFileId: settings.logoFileId,
    defaultLanguage: settings.defaultLanguage,
    features: Object.fromEntries(APP_FEATURES.map((f) => [f, settings.features[f]])) as Record<
      AppFeature,
      boolean
    >,
  };
}

/** What is sent: names without surrounding spaces (as the server keeps them), colour in lower case. */
export function inputOf(values: AppSettingsValues): AppSettingsInput {
  return {
    appName: values.appName.trim(),
    shortName: values.shortName.trim(),
    themeColor: values.themeColor.trim().toLowerCase(),
    logoFileId: values.logoFileId,
    defaultLanguage: values.defaultLanguage,
    features: { ...values.features },
  };
}

export function sameValues(a: AppSettingsValues, b: AppSettingsValues): boolean {
  return JSON.stringify(inputOf(a)) === JSON.stringify(inputOf(b));
}

/** 'body.features.posts' → 'features.posts', 'body/appName' → 'appName'; undefined for anything else. */
export function fieldOf(serverPath: string): AppSettingsField | undefined {
  const [first, second] = fieldPath(serverPath);
  if (first === 'features') {
    const feature = APP_FEATURES.find((candidate) => candidate === second);
    return feature === undefined ? undefined : `features.${feature}`;
  }
  return (['appName', 'shortName', 'themeColor', 'logoFileId', 'defaultLanguage'] as const).find(
    (field) => field === first,
  );
}

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * Phones draw the app's title bar and splash screen in the theme colour with light text; a colour
 * too pale for white text (below WCAG AA) deserves a warning, not a refusal.
 */
export function paleForWhiteText(color: string): boolean {
  return HEX_COLOR.test(color) && contrastRatio(color, '#ffffff') < AA_TEXT;
}

/** Switched-off features the form would switch off now: the confirmation names them. */
export function featuresSwitchedOff(before: AppSettingsValues, after: AppSettingsValues): AppFeature[] {
  return APP_FEATURES.filter((feature) => before.features[feature] && !after.features[feature]);
}

/**
 * Colours offered in the picker: the default fjord blue and dark tones of Mantine's palette, each
 * with at least AA contrast against white text.
 */
export const THEME_SWATCHES = [
  '#1d5a80',
  '#1864ab',
  '#364fc7',
  '#5f3dc4',
  '#862e9c',
  '#a61e4d',
  '#c92a2a',
  '#087f5b',
  '#0b7285',
  '#212529',
] as const;
