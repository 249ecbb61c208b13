import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEVICE_DEFAULT_LANGUAGE, LANGUAGE_COOKIE } from '@tun/shared/page-data';
import type nb from '../locales/nb.json';
// The sections of the bokmål catalog the start shows: /login, the status pages, the API's
// errors, the page titles, the update notice. Named imports, so the start's bundle keeps only
// these; the whole catalog comes before any other page (loadAppCatalog). Not `fieldErrors`: in
// bokmål they are the server's own texts, which a field error keeps when its key is missing.
import { app, errors, language, login, pages, pwa, setup, status, validation } from '../locales/nb.json';

export const LANGUAGES = ['nb', 'nn', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = DEVICE_DEFAULT_LANGUAGE;

const STORAGE_KEY = 'tun.language';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof nb };
  }
}

const START_CATALOG = { app, errors, language, login, pages, pwa, setup, status, validation };

/**
 * The whole bokmål catalog, fetched as JSON: a file of its own, not in the start's code, with a
 * hashed name the server caches for a year and lists as a preload for every page but /login
 * (the web build's routePreloads). Fetched, not imported, because an import of the same file
 * would put all of it in the start's bundle next to the sections above.
 */
const BOKMAL_URL = new URL('../locales/nb.json', import.meta.url).href;

async function fetchBokmal(): Promise<{ default: unknown }> {
  const response = await fetch(BOKMAL_URL);
  if (!response.ok) throw new Error(`GET ${BOKMAL_URL} answered ${response.status}`);
  return { default: (await response.json()) as unknown };
}

// Nynorsk and English load on demand, whole, so the login page stays small for most users.
const loaders: Record<Language, () => Promise<{ default: unknown }>> = {
  nb: fetchBokmal,
  nn: () => import('../locales/nn.json'),
  en: () => import('../locales/en.json'),
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    // Storage can be blocked (private mode, strict settings); the default language still works.
    return null;
  }
}

/** A year: as long as the choice in storage, which has no end. */
const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * The device's choice as a cookie too, so that the server greets in it in the page's HTML before
 * the code has run (the dashboard's heading, decision 028); none: the school's language.
 */
function shareWithServer(language: Language | null): void {
  const secure = typeof window !== 'undefined' && window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    language === null
      ? `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
      : `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
}

/** The whole catalogs asked for, by language; a failed load is forgotten, to be tried again. */
const loading = new Map<Language, Promise<void>>();
/** Whether a page beyond the start has asked for the whole catalog (loadAppCatalog). */
let appCatalogWanted = false;

/** Bokmål is whole only once a page needs it; the other languages have no start sections. */
function ensureLoaded(language: Language): Promise<void> {
  if (language === 'nb' && !appCatalogWanted) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    pending = loaders[language]().then((catalog) => {
      i18next.addResourceBundle(language, 'translation', catalog.default, true, true);
    });
    pending.catch(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

/** The page the document was opened at: its head names that page's own part of the catalog. */
const OPENED_AT = typeof window === 'undefined' ? null : window.location.pathname;

/**
 * The part of the bokmål catalog the opened page shows, which the server names in its head (the
 * web build writes one per page: the sections its code names). Null when the head names none
 * (the service worker's index.html, a page with no code of its own).
 */
function pageCatalogUrl(): string | null {
  return document.querySelector<HTMLLinkElement>('link[rel="preload"][href*="/nb-page-"]')?.href ?? null;
}

let pageCatalog: Promise<void> | null = null;

function loadPageCatalog(url: string): Promise<void> {
  if (!pageCatalog) {
    pageCatalog = fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
        return response.json() as Promise<object>;
      })
      .then((sections) => {
        i18next.addResourceBundle('nb', 'translation', sections, true, true);
      })
      // Without it, the whole catalog does.
      .catch(() => ensureLoaded('nb'));
  }
  return pageCatalog;
}

/**
 * The catalog of the language shown, for every page but those of the start (/login and the
 * status pages): the routes wait for it, so no page shows a missing text. The page opened first,
 * in bokmål, takes only its own part (found in its head); any other page the whole catalog, once.
 * Resolves at once once loaded. As a route's loader it is given the route's location.
 */
export async function loadAppCatalog(match?: { location?: { pathname: string } }): Promise<void> {
  appCatalogWanted = true;
  const language = currentLanguage();
  const opened = language === 'nb' && match?.location?.pathname === OPENED_AT ? pageCatalogUrl() : null;
  await (opened ? loadPageCatalog(opened) : ensureLoaded(language));
}

export async function initI18n(): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    resources: { nb: { translation: START_CATALOG } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    // React escapes on render; escaping here as well would show entities to the user.
    interpolation: { escapeValue: false },
    returnNull: false,
    // What is on screen when a whole catalog arrives shows its texts too.
    react: { bindI18nStore: 'added' },
    // A text the page's own part of the catalog lacks (a key the build did not see in its code):
    // the whole catalog is loaded, and the page shows it once it is in.
    saveMissing: true,
    missingKeyHandler: () => {
      appCatalogWanted = true;
      void ensureLoaded('nb').catch(() => undefined);
    },
  });
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  document.documentElement.lang = DEFAULT_LANGUAGE;
  const stored = storedLanguage();
  shareWithServer(stored);
  if (stored && stored !== DEFAULT_LANGUAGE) {
    try {
      await ensureLoaded(stored);
      await i18next.changeLanguage(stored);
    } catch {
      // A catalog that fails to load (offline, stale deploy) leaves the app in bokmål.
    }
  }
  return i18next;
}

export async function changeLanguage(language: Language): Promise<void> {
  await ensureLoaded(language);
  await i18next.changeLanguage(language);
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered across visits, but the switch itself worked.
  }
  shareWithServer(language);
}

/**
 * The school's default language (its app settings), for someone who has not chosen one on this
 * device: their own choice, once made, always wins. Not remembered, so a later change of the
 * school's default reaches them too.
 */
export async function applySchoolLanguage(language: Language): Promise<void> {
  if (storedLanguage() !== null || currentLanguage() === language) return;
  try {
    await ensureLoaded(language);
    await i18next.changeLanguage(language);
  } catch {
    // The catalog could not load (offline, stale deploy): stay in the language shown.
  }
}

export function currentLanguage(): Language {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}
