/**
 * Errors are application/problem+json (RFC 9457) with a stable `code` and a Norwegian
 * `title`. The web app shows its own catalog text for a code and falls back to the title.
 * `detail` is Norwegian too, or one of the SPEC's own (English) messages where it names one.
 */
import type { FieldError } from './field-errors';

export interface Problem {
  type: string;
  title: string;
  status: number;
  code: string;
  detail?: string;
  errors?: FieldError[];
}

/**
 * The SPEC's own messages (§8) that the platform answers with, each written once: the server
 * sends them and the tests compare with these names. The attendance ones are ATTENDANCE_MESSAGES.
 */
export const SPEC_MESSAGES = {
  unauthenticated: 'User is not authenticated',
  notInDirectory: 'User not in userdirect?',
  schoolMissing: 'Could not fetch groups for school. Do they exist?',
  roomWithoutTag: 'Det ser ut som rommet ikke har en registrert NFC-tag ennå.',
} as const;

/** Stable codes and their Norwegian titles. */
export const PROBLEMS = {
  'validation-failed': { status: 400, title: 'Noen av feltene er ugyldige.' },
  unauthenticated: { status: 401, title: 'Du er ikke logget inn.' },
  'invalid-credentials': { status: 401, title: 'Feil e-post eller passord.' },
  forbidden: { status: 403, title: 'Du har ikke tilgang til dette.' },
  'not-in-directory': { status: 403, title: 'Kontoen din er ikke knyttet til noen skole.' },
  'setup-done': { status: 403, title: 'Tun er allerede satt opp.' },
  'origin-mismatch': { status: 403, title: 'Forespørselen kom fra en annen nettside og ble avvist.' },
  'not-found': { status: 404, title: 'Fant ikke det du lette etter.' },
  conflict: { status: 409, title: 'Dette finnes allerede.' },
  'import-unreadable': { status: 400, title: 'Filen kunne ikke leses som CSV eller XLSX.' },
  'password-link-invalid': { status: 400, title: 'Lenken for å sette passord er ugyldig.' },
  'password-link-gone': { status: 410, title: 'Lenken er allerede brukt eller har gått ut.' },
  'sign-in-link-invalid': { status: 400, title: 'Innloggingslenken er ugyldig.' },
  'sign-in-link-gone': { status: 410, title: 'Innloggingslenken er allerede brukt eller har gått ut.' },
  'sign-in-link-unavailable': {
    status: 404,
    title: 'Innlogging med lenke på e-post er ikke slått på for denne installasjonen.',
  },
  'passkey-challenge-gone': {
    status: 410,
    title: 'Forespørselen om passnøkkel har gått ut. Prøv igjen.',
  },
  'passkey-not-verified': { status: 400, title: 'Passnøkkelen kunne ikke bekreftes.' },
  'passkey-unknown': { status: 401, title: 'Passnøkkelen er ikke registrert i Tun.' },
  'sso-failed': { status: 400, title: 'Innloggingen med skolekontoen kunne ikke fullføres. Prøv igjen.' },
  'sso-cancelled': { status: 400, title: 'Innloggingen med skolekontoen ble avbrutt.' },
  'sso-unknown-account': {
    status: 403,
    title: 'Skolekontoen er ikke knyttet til noen person i Tun. Be en administrator om å koble den til deg.',
  },
  'sso-provider-unavailable': {
    status: 502,
    title: 'Fikk ikke kontakt med innloggingstjenesten. Sjekk adressen, og prøv igjen.',
  },
  'sso-required': { status: 403, title: 'Skolen krever at ansatte logger inn med skolekontoen sin.' },
  'sso-required-needs-sso-session': {
    status: 409,
    title: 'Logg inn med skolekontoen selv før du krever det av alle ansatte.',
  },
  'sso-provider-required': {
    status: 409,
    title: 'Ansatte må logge inn med skolekonto. Slå av kravet før du fjerner den siste tjenesten.',
  },
  'feide-id-taken': { status: 409, title: 'Feide-ID-en brukes allerede av en annen person ved skolen.' },
  'erase-self': { status: 409, title: 'Du kan ikke slette dine egne personopplysninger.' },
  'person-has-history': {
    status: 409,
    title: 'Personen har historikk som skolen må ta vare på. Avslutt personen i stedet for å slette.',
  },
  'supervision-changed': { status: 409, title: 'Noen andre har tatt over tilsynet i mellomtiden.' },
  'last-admin': {
    status: 409,
    title: 'Skolen må ha minst én administrator. Gi en annen person administratorrollen først.',
  },
  'calendar-range-invalid': { status: 400, title: 'Perioden kan ikke slutte før den begynner.' },
  'calendar-range-too-long': { status: 400, title: 'Perioden er for lang. Velg høyst 100 dager.' },
  'event-not-found': { status: 404, title: 'Fant ikke hendelsen.' },
  'event-not-overridden': {
    status: 409,
    title: 'Bare en timeplanhendelse som er endret, kan tilbakestilles.',
  },
  'normal-week-not-found': { status: 404, title: 'Fant ikke normaluken for skolen.' },
  'normal-week-required': { status: 409, title: 'Normaluken kan ikke slettes.' },
  'room-without-tag': { status: 404, title: SPEC_MESSAGES.roomWithoutTag },
  'scan-key-invalid': {
    status: 400,
    title: 'Koden gjelder ikke nå. Skann taggen eller koden i rommet på nytt.',
  },
  'scan-no-event': { status: 409, title: 'Du har ingen hendelse i dette rommet nå.' },
  'scan-too-early': { status: 409, title: 'Du kan registrere deg fra 10 minutter før hendelsen starter.' },
  'proposal-decided': { status: 409, title: 'Forslaget er allerede godkjent eller avvist.' },
  // A sheet saved from an older copy than the one on the server (a save queued offline).
  'sheet-changed': { status: 409, title: 'Noen andre har lagret listen etter at du hentet den.' },
  // The file archive (SPEC §8 storage errors; docs/decisions/020-files.md)
  'object-not-found': { status: 404, title: 'Fant ikke filen eller mappen.' },
  'quota-exceeded': { status: 402, title: 'Skolen har brukt opp lagringsplassen sin for filer.' },
  'file-too-large': { status: 413, title: 'Filen er større enn det som kan lastes opp.' },
  'file-type-refused': {
    status: 415,
    title: 'Denne filtypen kan ikke lastes opp. Programfiler og skript tas ikke imot.',
  },
  'folder-not-empty': { status: 409, title: 'Mappen er ikke tom.' },
  'folder-too-deep': { status: 400, title: 'Mappene ligger for mange nivåer inni hverandre.' },
  'folder-into-itself': { status: 409, title: 'En mappe kan ikke flyttes inn i seg selv.' },
  'upload-length-required': { status: 400, title: 'Opplastingen må oppgi hvor stor filen er.' },
  // Posts and notifications (docs/decisions/021-posts-and-notifications.md)
  'post-not-found': { status: 404, title: 'Fant ikke innlegget.' },
  'post-target-unknown': {
    status: 400,
    title: 'Noen av mottakerne (linjer, valgfag eller grupper) finnes ikke lenger.',
  },
  'post-attachment-unknown': { status: 400, title: 'Noen av vedleggene finnes ikke lenger i filarkivet.' },
  // The installed app (docs/decisions/022-installed-app.md)
  'app-logo-invalid': {
    status: 400,
    title: 'Logoen må være et bilde (PNG, JPEG eller WebP) fra skolens filarkiv.',
  },
  // Pairing an info screen (RFC 8628 §3.5's errors, as codes of ours; screens.ts)
  'authorization-pending': { status: 400, title: 'Skjermen venter på at en administrator godkjenner koden.' },
  'slow-down': { status: 400, title: 'Skjermen spør for ofte. Vent litt lenger mellom hver gang.' },
  'expired-token': { status: 400, title: 'Koden har gått ut eller er allerede brukt. Start på nytt.' },
  'access-denied': { status: 400, title: 'En administrator avviste koden.' },
  'pairing-code-unknown': {
    status: 404,
    title: 'Fant ingen skjerm som venter med den koden. Sjekk koden, eller start på nytt på skjermen.',
  },
  // A TV account whose screen is gone (deleted, or never paired): it goes back to pairing.
  'screen-not-paired': {
    status: 404,
    title: 'Denne skjermen er ikke koblet til Tun. Koble den til på nytt.',
  },
  // The food planner (docs/decisions/025-food-planner.md)
  'meal-unknown': { status: 404, title: 'Kalenderen har ikke det måltidet den dagen.' },
  'dish-name-taken': { status: 409, title: 'Det finnes allerede en rett med det navnet.' },
  'meal-choice-closed': {
    status: 409,
    title: 'Fristen for å melde seg av dette måltidet har gått ut. Snakk med kjøkkenet.',
  },
  // Janitor cases (docs/decisions/026-janitor-cases.md)
  'round-not-found': { status: 404, title: 'Fant ikke runden.' },
  'case-not-reopenable': {
    status: 409,
    title: 'Saken kan ikke gjenåpnes. En løst sak kan gjenåpnes i 14 dager.',
  },
  'case-photo-limit': { status: 409, title: 'Saken har allerede så mange bilder som den kan ha (6).' },
  // Leave and the house (docs/decisions/027-leave-and-the-house.md)
  'leave-not-found': { status: 404, title: 'Fant ikke permisjonssøknaden.' },
  'leave-decided': {
    status: 409,
    title: 'Søknaden er allerede behandlet. Trekk den og søk på nytt for å endre den.',
  },
  'leave-overlaps': {
    status: 409,
    title: 'Du har allerede en permisjon eller søknad i den perioden.',
  },
  'leave-not-approver': {
    status: 403,
    title: 'Du kan ikke behandle denne søknaden. Skolen har bestemt hvem som godkjenner permisjoner.',
  },
  'house-not-on-duty': {
    status: 403,
    title: 'Husets liste er for ansatte og den som har tilsynet nå.',
  },
  'bad-request': { status: 400, title: 'Forespørselen er ugyldig.' },
  'invalid-json': { status: 400, title: 'Innholdet i forespørselen er ikke gyldig JSON.' },
  'bad-url': { status: 400, title: 'Adressen er ugyldig.' },
  'invalid-characters': { status: 400, title: 'Forespørselen inneholder tegn som ikke kan lagres.' },
  'method-not-allowed': { status: 405, title: 'Denne adressen støtter ikke den metoden.' },
  'request-timeout': { status: 408, title: 'Forespørselen tok for lang tid.' },
  'payload-too-large': { status: 413, title: 'Forespørselen er for stor.' },
  'uri-too-long': { status: 414, title: 'Adressen er for lang.' },
  'unsupported-media-type': { status: 415, title: 'Formatet på forespørselen støttes ikke.' },
  'headers-too-large': { status: 431, title: 'Hodene i forespørselen er for store.' },
  'too-many-attempts': { status: 429, title: 'For mange forsøk. Vent litt og prøv igjen.' },
  'internal-error': { status: 500, title: 'Noe gikk galt hos oss. Prøv igjen senere.' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemCode = keyof typeof PROBLEMS;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export function isProblem(value: unknown): value is Problem {
  return typeof value === 'object' && value !== null && 'code' in value && 'title' in value;
}
