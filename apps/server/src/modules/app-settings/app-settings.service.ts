/**
 * The school's app settings (SPEC §2 /app/setup/app; docs/decisions/022-installed-app.md): the
 * name phones show, logo, colour, default language, and the features the school uses.
 *
 * A school that never saved has no row: the defaults hold (its short name, Tun's colour, every
 * feature on). Features are stored as those switched OFF, so a feature added in a later version
 * starts on for every school, and switching one back on restores it as it was: nothing of the
 * feature's data is touched by switching it off.
 */
import {
  APP_FEATURES,
  APP_LANGUAGES,
  defaultAppSettings,
  type AppFeature,
  type AppLanguage,
  type AppSettings,
  type AppSettingsInput,
  type Principal,
  type Session,
} from '@tun/shared';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { write } from '../../db/write';
import { ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import { getFile } from '../files/files.service';
import { getSchool } from '../school/school.service';
import { findAppSettings, saveAppSettings, type AppSettingsRow } from './app-settings.repository';
import { webAppManifest, type WebAppManifest } from './manifest';

type Deps = Pick<AppContext, 'database' | 'live'>;

/** Who changes the settings: an admin of the school. */
export type Actor = Principal & { schoolId: string };

/**
 * Image types a phone and every browser show as they are. No SVG: it may carry script, and the
 * archive serves it as an attachment only.
 */
export const LOGO_CONTENT_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/webp']);

/** Where the archive serves a file for showing (an image element), not for download. */
export function logoUrlOf(fileId: string | null): string | null {
  return fileId === null ? null : `/api/v1/files/${fileId}/content?inline=1`;
}

const isFeature = (value: unknown): value is AppFeature => APP_FEATURES.includes(value as AppFeature);

/** The stored list of features switched off; a name this version does not know is ignored. */
function featuresOff(text: string): Set<AppFeature> {
  try {
    const value = JSON.parse(text) as unknown;
    if (Array.isArray(value)) return new Set(value.filter(isFeature));
  } catch {
    // Written by us as JSON; an unreadable value leaves every feature on rather than failing.
  }
  return new Set();
}

function fromRow(row: AppSettingsRow): AppSettingsInput {
  const off = featuresOff(row.features_off);
  const language = APP_LANGUAGES.includes(row.default_language as AppLanguage)
    ? (row.default_language as AppLanguage)
    : 'nb';
  return {
    appName: row.app_name,
    shortName: row.short_name,
    themeColor: row.theme_color,
    logoFileId: row.logo_file_id,
    defaultLanguage: language,
    features: Object.fromEntries(APP_FEATURES.map((f) => [f, !off.has(f)])) as AppSettingsInput['features'],
  };
}

function present(settings: AppSettingsInput): AppSettings {
  return { ...settings, logoUrl: logoUrlOf(settings.logoFileId) };
}

/** The settings in force: the saved row, or the defaults made from the school's short name. */
async function settingsInForce(
  db: Queryable,
  school: { id: string; shortName?: string },
): Promise<AppSettingsInput> {
  const row = await findAppSettings(db, school.id);
  if (row) return fromRow(row);
  const shortName = school.shortName ?? (await getSchool(db, school.id)).shortName;
  return defaultAppSettings(shortName);
}

export async function getAppSettings(db: Queryable, schoolId: string): Promise<AppSettings> {
  return present(await settingsInForce(db, { id: schoolId }));
}

/**
 * What the session tells every client about the school's app: the features switched on (the
 * navigation shows only these) and how the app presents itself.
 */
export async function sessionApp(
  db: Queryable,
  school: { id: string; shortName: string },
): Promise<Pick<Session, 'features' | 'app'>> {
  const settings = await settingsInForce(db, school);
  return {
    features: APP_FEATURES.filter((feature) => settings.features[feature]),
    app: {
      name: settings.appName,
      shortName: settings.shortName,
      themeColor: settings.themeColor,
      logoUrl: logoUrlOf(settings.logoFileId),
      defaultLanguage: settings.defaultLanguage,
    },
  };
}

/** The manifest for someone of the school, or Tun's own for someone not signed in (null). */
export async function manifestOf(db: Queryable, schoolId: string | null): Promise<WebAppManifest> {
  if (schoolId === null) return webAppManifest(null);
  const settings = await settingsInForce(db, { id: schoolId });
  return webAppManifest({
    name: settings.appName,
    shortName: settings.shortName,
    themeColor: settings.themeColor,
    defaultLanguage: settings.defaultLanguage,
  });
}

/** What the feature gate needs of a school, read once and kept until the school changes. */
export interface FeatureState {
  off: ReadonlySet<AppFeature>;
  logoFileId: string | null;
}

/** Without a row every feature is on, whatever the school is called: no second query. */
export async function featureState(db: Queryable, schoolId: string): Promise<FeatureState> {
  const row = await findAppSettings(db, schoolId);
  return row
    ? { off: featuresOff(row.features_off), logoFileId: row.logo_file_id }
    : { off: new Set(), logoFileId: null };
}

function logoInvalid(message: string): ProblemError {
  return new ProblemError('app-logo-invalid', undefined, [{ path: 'body.logoFileId', message }]);
}

/** The logo must be an image of the school's own archive; another school's file is not found. */
async function checkLogo(db: Queryable, actor: Actor, fileId: string | null): Promise<void> {
  if (fileId === null) return;
  let contentType: string;
  try {
    contentType = (await getFile(db, actor, fileId)).contentType;
  } catch (error) {
    if (error instanceof ProblemError && error.code === 'object-not-found') {
      throw logoInvalid('Filen finnes ikke i skolens filarkiv.');
    }
    throw error;
  }
  if (!LOGO_CONTENT_TYPES.has(contentType)) {
    throw logoInvalid('Filen er ikke et bilde i PNG-, JPEG- eller WebP-format.');
  }
}

/**
 * Saves every setting at once, audited. The school's live topic is published: its invalidation
 * covers the session, so every client's navigation and the feature gate of every instance
 * follow at once.
 */
export async function changeAppSettings(
  deps: Deps,
  actor: Actor,
  input: AppSettingsInput,
): Promise<AppSettings> {
  const { schoolId } = actor;
  return write(deps, schoolId, async (trx, publish) => {
    const before = await settingsInForce(trx, { id: schoolId });
    await checkLogo(trx, actor, input.logoFileId);
    await saveAppSettings(trx, {
      school_id: schoolId,
      app_name: input.appName,
      short_name: input.shortName,
      theme_color: input.themeColor.toLowerCase(),
      logo_file_id: input.logoFileId,
      default_language: input.defaultLanguage,
      features_off: JSON.stringify(APP_FEATURES.filter((feature) => !input.features[feature])),
    });
    const after = { ...input, themeColor: input.themeColor.toLowerCase() };
    await recordAudit(trx, {
      schoolId,
      actorPersonId: actor.personId,
      action: 'update',
      entity: 'app_settings',
      entityId: schoolId,
      before,
      after,
    });
    publish('school', [schoolId]);
    return present(after);
  });
}
