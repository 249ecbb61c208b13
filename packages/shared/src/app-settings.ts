/**
 * The school's app (SPEC §2 /app/setup/app): the name phones show, logo, colour, default
 * language, and which features the school uses. A feature switched off disappears from the
 * navigation and the dashboard, and its routes answer 404 for everyone
 * (docs/decisions/022-installed-app.md).
 */
import { z } from 'zod';
import { idSchema } from './ids';
import { singleLineText } from './text';

/** Features a school may switch off; the directory, calendar and setup are always there. */
export const APP_FEATURES = [
  'posts',
  'files',
  'attendance',
  'groups',
  'supervision',
  'foodPlan',
  'maintenance',
  'leave',
] as const;
export type AppFeature = (typeof APP_FEATURES)[number];

/**
 * The routes each feature owns, as prefixes of Fastify route patterns (`request.routeOptions.url`).
 * When the feature is off for the asker's school, they answer 404 `not-found`.
 */
export const FEATURE_ROUTE_PREFIXES: Record<AppFeature, readonly string[]> = {
  posts: ['/api/v1/posts'],
  files: ['/api/v1/files'],
  attendance: ['/api/v1/attendance', '/api/v1/rooms/:id/tag'],
  groups: ['/api/v1/groups'],
  supervision: ['/api/v1/supervision', '/api/v1/house'],
  foodPlan: ['/api/v1/food'],
  maintenance: ['/api/v1/maintenance'],
  leave: ['/api/v1/leave'],
};

/** The feature a route pattern belongs to, if any. */
export function featureOfRoute(routeUrl: string): AppFeature | undefined {
  return APP_FEATURES.find((feature) =>
    FEATURE_ROUTE_PREFIXES[feature].some(
      (prefix) => routeUrl === prefix || routeUrl.startsWith(`${prefix}/`),
    ),
  );
}

export const APP_LANGUAGES = ['nb', 'nn', 'en'] as const;
export type AppLanguage = (typeof APP_LANGUAGES)[number];

export const APP_NAME_MAX = 30;
/** The manifest's short_name: what fits under an icon on a home screen. */
export const APP_SHORT_NAME_MAX = 12;
export const DEFAULT_THEME_COLOR = '#1d5a80';

export const appSettingsInputSchema = z.object({
  /** Shown on phones under the icon and in the installed app's title. */
  appName: singleLineText().min(1).max(APP_NAME_MAX),
  shortName: singleLineText().min(1).max(APP_SHORT_NAME_MAX),
  /** #rrggbb: the manifest's theme colour and the info screens' accent. */
  themeColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: 'Fargen må være på formen #rrggbb.' }),
  /** An image of the file archive (PNG, JPEG or WebP), or null for Tun's own logo. */
  logoFileId: idSchema.nullable(),
  defaultLanguage: z.enum(APP_LANGUAGES),
  /** Every feature, on or off; a key that is no feature is refused rather than dropped. */
  features: z.strictObject(
    Object.fromEntries(APP_FEATURES.map((f) => [f, z.boolean()])) as Record<AppFeature, z.ZodBoolean>,
  ),
});
export type AppSettingsInput = z.infer<typeof appSettingsInputSchema>;

export const appSettingsSchema = appSettingsInputSchema.extend({
  /** Where the logo is served (the archive file's inline URL), or null. */
  logoUrl: z.string().nullable(),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;

export function defaultAppSettings(schoolShortName: string): AppSettingsInput {
  return {
    appName: schoolShortName.slice(0, APP_NAME_MAX),
    shortName: schoolShortName.slice(0, APP_SHORT_NAME_MAX),
    themeColor: DEFAULT_THEME_COLOR,
    logoFileId: null,
    defaultLanguage: 'nb',
    features: Object.fromEntries(APP_FEATURES.map((f) => [f, true])) as Record<AppFeature, boolean>,
  };
}
