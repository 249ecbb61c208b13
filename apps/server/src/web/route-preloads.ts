import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_LANGUAGES, type AppLanguage } from '@tun/shared/app-settings';
import { PAGE_ANSWERS_ELEMENT_ID, type PageAnswer } from '@tun/shared/page-data';
import { escapeMarkup } from '../http/escape-markup';

/** Written by the web build (apps/web/vite.config.ts, routePreloads): page path → its files. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** Written by the web build (apps/web/vite.config.ts, frameTexts): the headings the frame draws. */
export const FRAME_TEXTS_FILE = 'frame-texts.json';

/**
 * The headings the frame draws, in one language, from the web's catalog: the dashboard's
 * (`{{name}}`, `{{school}}`) and the login page's.
 */
interface HeadingTexts {
  greeting: string;
  school: string;
  loginTitle: string;
  loginIntro: string;
  /** The intro when the school offers single sign-on. */
  loginIntroSso: string;
}

const HEADING_TEXT_FIELDS = ['greeting', 'school', 'loginTitle', 'loginIntro', 'loginIntroSso'] as const;

export type FrameTexts = Record<AppLanguage, HeadingTexts>;

/** Who the dashboard greets, and in which language (the device's choice, else the school's). */
export interface FrameHeading {
  language: AppLanguage;
  firstName: string;
  school: string;
}

/** The login page's heading: in the device's language, and whether single sign-on is offered. */
export interface LoginHeading {
  language: AppLanguage;
  sso: boolean;
}

/** Where index.html's frame leaves room for the page's heading (global.css, `.tun-boot-page`). */
const FRAME_PAGE = '<div class="tun-boot-page"></div>';

/** As i18next fills a text (`{{name}}`), with the values written as text, not markup. */
function fillText(template: string, values: Readonly<Record<string, string>>): string {
  return escapeMarkup(template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole));
}

/** The texts a build wrote, or none when the file is missing or not what it should be. */
function readFrameTexts(webDist: string): FrameTexts | null {
  const path = join(webDist, FRAME_TEXTS_FILE);
  if (!existsSync(path)) return null;
  try {
    const texts = JSON.parse(readFileSync(path, 'utf8')) as Partial<Record<string, Partial<HeadingTexts>>>;
    const whole = APP_LANGUAGES.every((language) =>
      HEADING_TEXT_FIELDS.every((field) => typeof texts[language]?.[field] === 'string'),
    );
    return whole ? (texts as FrameTexts) : null;
  } catch {
    // Half written by a build in progress: the frame is drawn without the heading.
    return null;
  }
}

/** A built file's address: `/assets/` and a hashed name, nothing that could break out of an attribute. */
const ASSET_URL = /^\/assets\/[\w.-]+\.(?:js|css|json)$/;

interface PagePattern {
  /** The page's path split in segments; `null` stands for a parameter (`$caseId`). */
  segments: (string | null)[];
  html: string;
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment.length > 0);
}

function linkFor(file: string): string {
  if (file.endsWith('.css')) return `<link rel="stylesheet" crossorigin href="${file}">`;
  // Data the app fetches (the whole catalog): `crossorigin` so the preload matches fetch()'s request.
  if (file.endsWith('.json')) return `<link rel="preload" as="fetch" crossorigin href="${file}">`;
  // Low, as the web build sets the start's (vite.config.ts, scriptsAfterStyles): the styles first.
  return `<link rel="modulepreload" crossorigin fetchpriority="low" href="${file}">`;
}

/** Shows the frame index.html draws inside its root (apps/web/src/app/global.css, `.tun-boot`). */
const APP_FRAME_CLASS = 'tun-app-frame';

/** Shows the same frame as the login page's layout draws it (global.css, `.tun-public-frame`). */
const PUBLIC_FRAME_CLASS = 'tun-public-frame';

/**
 * Characters JSON may hold that would end a script element or its HTML comment state early, or
 * that some parsers take for line ends: written as JSON's escapes, which mean the same.
 */
const SCRIPT_TEXT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * The answers the page fetches first (page-data.ts) as a JSON data block: not run as a script (so
 * the page's CSP allows it), read by the app (apps/web/src/lib/page-answers.ts).
 */
function answersElement(answers: Readonly<Record<string, PageAnswer>>): string {
  const json = JSON.stringify(answers).replace(
    /[<>&\u2028\u2029]/g,
    (char) => SCRIPT_TEXT_ESCAPES[char] ?? char,
  );
  return `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">${json}</script>`;
}

function linksFor(files: readonly string[]): string {
  return files
    .filter((file) => ASSET_URL.test(file))
    .map(linkFor)
    .join('');
}

/**
 * index.html for each page, with the page's own code listed in its head: the browser fetches the
 * page's chunks together with the entry, instead of after the entry has run and the session
 * check has answered (docs/decisions/028-first-load.md). Built once per build; a path that is no
 * page (or a build without the list) gets index.html as built.
 */
export class PageShells {
  private readonly pages: PagePattern[];

  constructor(
    readonly indexHtml: string,
    preloads: Record<string, readonly string[]>,
    private readonly frameTexts: FrameTexts | null = null,
  ) {
    this.pages = Object.entries(preloads).map(([path, files]) => {
      // What index.html names already (the entry's own imports) is not named twice.
      const links = linksFor(files.filter((file) => !indexHtml.includes(`"${file}"`)));
      return {
        segments: segmentsOf(path).map((segment) => (segment.startsWith('$') ? null : segment)),
        html: links ? indexHtml.replace('</head>', `${links}</head>`) : indexHtml,
      };
    });
  }

  /** Reads index.html and the preload list of a build; null when the app is not built. */
  static load(webDist: string): PageShells | null {
    const indexPath = join(webDist, 'index.html');
    if (!existsSync(indexPath)) return null;
    const preloadsPath = join(webDist, ROUTE_PRELOADS_FILE);
    let preloads: Record<string, readonly string[]> = {};
    if (existsSync(preloadsPath)) {
      try {
        preloads = JSON.parse(readFileSync(preloadsPath, 'utf8')) as Record<string, readonly string[]>;
      } catch {
        // A list half written by a build in progress: the pages still open, without preloads.
      }
    }
    return new PageShells(readFileSync(indexPath, 'utf8'), preloads, readFrameTexts(webDist));
  }

  /**
   * The HTML for a request path (`app/attendance`, no query), carrying `answers`, those to what the
   * page fetches first, by API address. With `appFrame` (a page under /app, for someone signed
   * in), the page draws the app's frame before its code has run: the first paint comes with the
   * HTML and styles, not after the whole app has loaded. With `heading` as well (the dashboard),
   * the frame draws the page's heading where the page will: the greeting is the first thing a
   * person reads, and it comes with the first paint. With `login` instead (the login page, when
   * Tun is set up), the frame is the login page's: its header, and its card's title and intro.
   */
  htmlFor(
    path: string,
    {
      answers = {},
      appFrame = false,
      heading,
      login,
    }: {
      answers?: Readonly<Record<string, PageAnswer>>;
      appFrame?: boolean;
      heading?: FrameHeading;
      login?: LoginHeading;
    } = {},
  ): string {
    const segments = segmentsOf(path);
    const page = this.pages.find(
      (candidate) =>
        candidate.segments.length === segments.length &&
        candidate.segments.every((segment, index) => segment === null || segment === segments[index]),
    );
    let html = page?.html ?? this.indexHtml;
    // A function, not a string: `$&` in an answer would otherwise be read as a pattern.
    if (Object.keys(answers).length > 0)
      html = html.replace('</head>', () => `${answersElement(answers)}</head>`);
    const loginTexts = login && this.frameTexts?.[login.language];
    if (login && loginTexts && html.includes(FRAME_PAGE)) {
      const intro = login.sso ? loginTexts.loginIntroSso : loginTexts.loginIntro;
      const page =
        `<div class="tun-boot-page" lang="${login.language}"><div class="tun-boot-card">` +
        `<h1 class="tun-boot-title">${escapeMarkup(loginTexts.loginTitle)}</h1>` +
        `<p class="tun-boot-intro">${escapeMarkup(intro)}</p></div></div>`;
      return html
        .replace(FRAME_PAGE, () => page)
        .replace('<div id="root">', `<div id="root" class="${PUBLIC_FRAME_CLASS}">`);
    }
    if (!appFrame) return html;
    const texts = heading && this.frameTexts?.[heading.language];
    if (heading && texts) {
      const values = { name: heading.firstName, school: heading.school };
      const page =
        `<div class="tun-boot-page" lang="${heading.language}">` +
        `<h1 class="tun-boot-title">${fillText(texts.greeting, values)}</h1>` +
        `<p class="tun-boot-text">${fillText(texts.school, values)}</p></div>`;
      html = html.replace(FRAME_PAGE, () => page);
    }
    return html.replace('<div id="root">', `<div id="root" class="${APP_FRAME_CLASS}">`);
  }
}
