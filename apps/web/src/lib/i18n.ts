import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import nb from '../locales/nb.json';
import { configureFormErrors } from './form-errors';

export const LANGUAGES = ['nb', 'nn', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'nb';

const STORAGE_KEY = 'tun.language';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof nb };
  }
}

// Bokmål ships in the main bundle as the default and fallback; the others load on demand so
// the login page stays small for most users.
const loaders: Record<Exclude<Language, 'nb'>, () => Promise<{ default: unknown }>> = {
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

async function ensureLoaded(language: Language): Promise<void> {
  if (language === 'nb' || i18next.hasResourceBundle(language, 'translation')) return;
  const catalog = await loaders[language]();
  i18next.addResourceBundle(language, 'translation', catalog.default, true, true);
}

export async function initI18n(): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    resources: { nb: { translation: nb } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    // React escapes on render; escaping here as well would show entities to the user.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  configureFormErrors();
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  document.documentElement.lang = DEFAULT_LANGUAGE;
  const stored = storedLanguage();
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
