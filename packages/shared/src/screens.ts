/**
 * Info screens (SPEC §2 /app/tv-setup, /infoscreen-onboarding; SPEC §1 TV display accounts):
 * TVs in the dining hall, the hallway and classrooms. A screen is paired without a keyboard
 * (RFC 8628 device authorization): the TV shows a short code, an admin approves it, and the TV
 * gets a long-lived session of the screen's own TV account (role tv), never the admin's. The
 * screen then shows panels chosen per screen, live, and keeps showing the last content offline
 * (docs/decisions/024-info-screens.md).
 */
import { z } from 'zod';
import { menuDishSchema } from './food';
import { idSchema } from './ids';
import { singleLineText } from './text';

/** What a screen can show; the order of the list is the order on the screen. */
export const SCREEN_PANELS = ['programme', 'menu', 'supervision', 'posts', 'clock', 'checkIn'] as const;
export type ScreenPanel = (typeof SCREEN_PANELS)[number];

/** 1920×1080 (landscape) or 1080×1920 (portrait). */
export const SCREEN_ORIENTATIONS = ['landscape', 'portrait'] as const;
export type ScreenOrientation = (typeof SCREEN_ORIENTATIONS)[number];

export const SCREEN_NAME_MAX = 60;
export const SCREEN_PLACE_MAX = 60;
export const EMERGENCY_MESSAGE_MAX = 200;

/** RFC 8628: how long a code may wait for approval, and how often the TV may ask. */
export const PAIRING_EXPIRES_SECONDS = 600;
export const PAIRING_INTERVAL_SECONDS = 5;
/** RFC 8628 §3.5: each slow_down adds this to the interval. */
export const PAIRING_SLOW_DOWN_SECONDS = 5;
/**
 * The user code: 8 letters from an alphabet without vowels or look-alikes (RFC 8628 §6.1's
 * example), shown as XXXX-XXXX. Typed codes are compared without the dash and in upper case.
 */
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
export const USER_CODE_LENGTH = 8;

/** How often a screen reports that it is on, and after how long without a report it counts as off. */
export const SCREEN_HEARTBEAT_SECONDS = 60;
export const SCREEN_OFFLINE_AFTER_SECONDS = 150;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const clockTime = z.string().regex(HH_MM, { message: 'Skriv klokkeslettet som tt:mm, for eksempel 23:00.' });

/** Letters of the alphabet, with or without the dash; normalizeUserCode makes it canonical. */
export const userCodeSchema = z
  .string()
  .max(20)
  .transform((value) => normalizeUserCode(value))
  .refine(
    (value) => value.length === USER_CODE_LENGTH && [...value].every((c) => USER_CODE_ALPHABET.includes(c)),
    {
      message: 'Koden har åtte bokstaver, for eksempel BCDF-GHJK.',
    },
  );

/** Upper case, without spaces and dashes: «bcdf-ghjk» and «BCDF GHJK» are the same code. */
export function normalizeUserCode(value: string): string {
  return value.toUpperCase().replace(/[\s-]/g, '');
}

/** The code as shown: XXXX-XXXX. */
export function formatUserCode(code: string): string {
  const normalized = normalizeUserCode(code);
  return `${normalized.slice(0, 4)}-${normalized.slice(4)}`;
}

export const screenLayoutSchema = z.object({
  orientation: z.enum(SCREEN_ORIENTATIONS),
  /** At least one panel, each at most once, in the order shown. */
  panels: z
    .array(z.enum(SCREEN_PANELS))
    .min(1, { message: 'Velg minst ett felt.' })
    .max(SCREEN_PANELS.length)
    .refine((panels) => new Set(panels).size === panels.length, {
      message: 'Et felt kan bare velges én gang.',
    }),
  /**
   * The room whose programme (and check-in code) the screen shows, or null for the whole
   * school's programme (and no check-in code).
   */
  roomId: idSchema.nullable(),
});
export type ScreenLayout = z.infer<typeof screenLayoutSchema>;

/** Dark from `darkFrom` to `darkTo` each day in school time (across midnight when darkTo < darkFrom). */
export const screenScheduleSchema = z
  .object({ darkFrom: clockTime, darkTo: clockTime })
  .refine((schedule) => schedule.darkFrom !== schedule.darkTo, {
    message: 'Skjermen kan ikke være mørk og på til samme tid.',
    path: ['darkTo'],
  });
export type ScreenSchedule = z.infer<typeof screenScheduleSchema>;

export const screenInputSchema = z.object({
  name: singleLineText().min(1).max(SCREEN_NAME_MAX),
  /** Where it hangs: «Spisesalen, ved inngangen». */
  place: singleLineText().max(SCREEN_PLACE_MAX),
  layout: screenLayoutSchema,
  /** null: always on. */
  schedule: screenScheduleSchema.nullable(),
});
export type ScreenInput = z.infer<typeof screenInputSchema>;

export const screenPatchSchema = screenInputSchema.partial();
export type ScreenPatch = z.infer<typeof screenPatchSchema>;

export const DEFAULT_SCREEN_LAYOUT: ScreenLayout = {
  orientation: 'landscape',
  panels: ['programme', 'menu', 'posts', 'clock'],
  roomId: null,
};

/** A screen as /app/tv-setup lists it. */
export const screenSchema = screenInputSchema.extend({
  id: idSchema,
  /** A TV is signed in as this screen (paired and not revoked). */
  paired: z.boolean(),
  pairedAt: z.string().nullable(),
  /** The last heartbeat; `online` when it came within SCREEN_OFFLINE_AFTER_SECONDS. */
  lastSeenAt: z.string().nullable(),
  online: z.boolean(),
  /** The web build the TV runs (its heartbeat says), to see a screen stuck on an old version. */
  version: z.string().nullable(),
  /** «Last inn på nytt»: a TV that loaded before this reloads. */
  reloadRequestedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Screen = z.infer<typeof screenSchema>;

// --- Pairing (RFC 8628) ---

/** POST /api/v1/screens/pairing (public): what the TV shows and how it asks for the result. */
export const pairingStartSchema = z.object({
  /** Secret of the TV: asked for the session with it. */
  deviceCode: z.string(),
  /** XXXX-XXXX, shown large. */
  userCode: z.string(),
  /** /app/tv-setup: where the admin types the code. */
  verificationUri: z.string(),
  /** /app/tv-setup?code=XXXX-XXXX: the QR code's address. */
  verificationUriComplete: z.string(),
  expiresIn: z.number().int(),
  /** Seconds between polls; raised by slow_down. */
  interval: z.number().int(),
});
export type PairingStart = z.infer<typeof pairingStartSchema>;

/**
 * POST /api/v1/screens/pairing/token (public) with { deviceCode }. While waiting: 400 problem
 * with code 'authorization-pending' or 'slow-down'; 400 'expired-token' for an expired, used or
 * unknown code; 400 'access-denied' when the admin refused it. Approved: 200 with the screen's
 * id and the TV account's session cookie, once.
 */
export const pairingTokenInputSchema = z.object({ deviceCode: z.string().min(1).max(200) });
export const pairingTokenSchema = z.object({ screenId: idSchema });
export const PAIRING_PENDING_CODES = ['authorization-pending', 'slow-down'] as const;

/** GET /api/v1/screens/pairing/:userCode (screens:manage): a code waiting for approval. 404 otherwise. */
export const pendingPairingSchema = z.object({ userCode: z.string(), expiresAt: z.string() });
export type PendingPairing = z.infer<typeof pendingPairingSchema>;

/**
 * POST /api/v1/screens/pairing/approve (screens:manage): the code and either an existing screen
 * (a TV signed in as it before is signed out) or a new one. Answers the screen.
 */
export const pairingApproveSchema = z.union([
  z.object({ userCode: userCodeSchema, screenId: idSchema }),
  z.object({ userCode: userCodeSchema, screen: screenInputSchema }),
]);
export type PairingApprove = z.infer<typeof pairingApproveSchema>;

/** POST /api/v1/screens/pairing/deny (screens:manage): the TV is told access-denied. */
export const pairingDenySchema = z.object({ userCode: userCodeSchema });

// --- Emergency banner ---

export const emergencyInputSchema = z.object({
  message: singleLineText().min(1).max(EMERGENCY_MESSAGE_MAX),
});
export type EmergencyInput = z.infer<typeof emergencyInputSchema>;

/** GET/PUT/DELETE /api/v1/screens/emergency (screens:manage): on every screen of the school at once. */
export const emergencySchema = z
  // raisedBy: the raiser's name; null once they are erased.
  .object({ message: z.string(), raisedAt: z.string(), raisedBy: z.string().nullable() })
  .nullable();
export type Emergency = z.infer<typeof emergencySchema>;

// --- What a screen shows: GET /api/v1/screen (screen:show, the TV's own screen) ---

/**
 * What a screen may show is what a visitor in the hallway may read: no student names, no
 * attendance, no health data. The programme names events, times, rooms and lines; supervision
 * names the staff member on duty and the supervision phone; posts are those marked «Vis på
 * infoskjerm» for the whole school.
 */
export const screenProgrammeEventSchema = z.object({
  id: z.string(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
  type: z.string(),
  roomName: z.string().nullable(),
  lineNames: z.array(z.string()),
});
export type ScreenProgrammeEvent = z.infer<typeof screenProgrammeEventSchema>;

export const screenPostSchema = z.object({
  id: idSchema,
  title: z.string(),
  /** Sanitized HTML, as the posts module stores it; images point at /api/v1/screen/images/:id. */
  body: z.string(),
  publishedAt: z.string(),
});
export type ScreenPost = z.infer<typeof screenPostSchema>;

export const screenContentSchema = z.object({
  screen: z.object({
    id: idSchema,
    name: z.string(),
    place: z.string(),
    layout: screenLayoutSchema,
    schedule: screenScheduleSchema.nullable(),
    reloadRequestedAt: z.string().nullable(),
  }),
  school: z.object({
    shortName: z.string(),
    longName: z.string(),
    themeColor: z.string(),
    logoUrl: z.string().nullable(),
  }),
  /** When the server made this answer: «Sist oppdatert kl. …» offline. */
  generatedAt: z.string(),
  /** Today's events (school day in Europe/Oslo) not yet over, by start; of the room when the layout names one. */
  programme: z.object({
    date: z.string(),
    roomName: z.string().nullable(),
    events: z.array(screenProgrammeEventSchema),
  }),
  /** Today's published menu: null when the week is not published (the panel then says there is none). */
  menu: z
    .object({
      meals: z.array(
        z.object({
          name: z.string(),
          start: z.string(),
          dishes: z.array(
            menuDishSchema.pick({
              name: true,
              allergens: true,
              glutenCereals: true,
              nuts: true,
              course: true,
            }),
          ),
        }),
      ),
    })
    .nullable(),
  supervision: z.object({ name: z.string().nullable(), phone: z.string().nullable() }),
  posts: z.array(screenPostSchema),
  emergency: emergencySchema,
});
export type ScreenContent = z.infer<typeof screenContentSchema>;

/** GET /api/v1/screen/check-in (screen:show): the room's rotating check-in link, for its QR code. */
export const screenCheckInSchema = z
  .object({ roomId: idSchema, roomName: z.string(), link: z.string(), validUntil: z.string() })
  .nullable();
export type ScreenCheckIn = z.infer<typeof screenCheckInSchema>;

/** POST /api/v1/screen/heartbeat (screen:show): the TV is on, and runs this build. */
export const screenHeartbeatSchema = z.object({ version: z.string().min(1).max(100) });

/** Is the screen dark at this school time of day (HH:mm)? Across midnight when darkTo < darkFrom. */
export function isScreenDark(schedule: ScreenSchedule | null, time: string): boolean {
  if (!schedule) return false;
  const { darkFrom, darkTo } = schedule;
  return darkFrom < darkTo ? time >= darkFrom && time < darkTo : time >= darkFrom || time < darkTo;
}

/** Where the screen's route checks it, without the schemas above (roles.ts is small). */
export { isScreenAccount } from './roles';
