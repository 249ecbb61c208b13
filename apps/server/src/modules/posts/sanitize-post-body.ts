/**
 * A post's body is HTML from the editor, shown to the whole school as HTML: the server keeps only
 * what an allow-list lets through (docs/decisions/021-posts-and-notifications.md), so nothing a
 * writer sends, on purpose or pasted from elsewhere, runs in a reader's browser.
 *
 * - Tags: paragraphs, headings 2–4, emphasis, lists, quotes, code, rules, links and images.
 * - Links keep `href` only for http, https, mailto and tel, and always open in a new tab with
 *   `rel="noopener noreferrer nofollow"`; a link without such an address becomes its text.
 * - Images are only the school's own archive files, by the exact paths the file routes serve
 *   (`/api/v1/files/<id>/content?inline=1`, `/api/v1/files/<id>/thumbnail`); any other image is
 *   dropped. Those routes check the reader's school, so another school's id shows nothing.
 * - No `style`, `class`, `id` or event attribute survives. What is inside `script`, `style`,
 *   `svg`, `math`, `iframe`, `object`, `template`, `noscript` and the like goes with the tag.
 */
import type sanitizeHtmlModule from 'sanitize-html';
import type { Attributes, IOptions, Tag } from 'sanitize-html';
import { lazyRequire } from '../../lazy-require';

const sanitizeHtml = lazyRequire<typeof sanitizeHtmlModule>('sanitize-html');

const ALLOWED_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'hr',
  'code',
  'pre',
  'a',
  'img',
];

/**
 * Tags whose content is not text to show: dropped with everything inside. sanitize-html's own
 * list (script, style, textarea, option, xmp) plus the foreign and embedding elements, whose
 * inside would otherwise come through as stray text or markup.
 */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'xmp',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'title',
  'head',
  'iframe',
  'frameset',
  'frame',
  'object',
  'applet',
  'embed',
  'svg',
  'math',
  'plaintext',
];

/** An address a link may keep: absolute, with one of these schemes. */
const LINK_ADDRESS = /^(?:https?:\/\/[^\s]|mailto:[^\s]|tel:[^\s])/i;
/** The only images: the archive's own files, as the file routes serve them. */
const ARCHIVE_IMAGE = /^\/api\/v1\/files\/[A-Za-z0-9_-]{1,200}\/(?:content\?inline=1|thumbnail)$/;
// Characters a browser ignores inside a URL's scheme (tab, newline) or that hide one.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/;

const OPTIONS: IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {},
  allowedClasses: {},
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  selfClosing: ['br', 'hr', 'img'],
  // Deeper nesting than any editor makes is flattened to text rather than parsed on and on.
  nestingLimit: 50,
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
  transformTags: {
    // Headings the editor does not make (pasted from elsewhere) keep being headings.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (_tag: string, attribs: Attributes): Tag => {
      const href = (attribs.href ?? '').trim();
      // Without an address it is no link: the filter below keeps only its text.
      if (!LINK_ADDRESS.test(href) || CONTROL.test(href)) return { tagName: 'a', attribs: {} };
      return { tagName: 'a', attribs: { href, target: '_blank', rel: 'noopener noreferrer nofollow' } };
    },
    img: (_tag: string, attribs: Attributes): Tag => {
      const src = (attribs.src ?? '').trim();
      if (!ARCHIVE_IMAGE.test(src)) return { tagName: 'img', attribs: {} };
      return { tagName: 'img', attribs: { src, ...(attribs.alt ? { alt: attribs.alt } : {}) } };
    },
  },
  // Renaming a tag to one that is not allowed would be simpler, but sanitize-html then carries
  // the new name over to the next closing tag at the same depth; filtering avoids that.
  exclusiveFilter: (frame) => {
    if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
    return frame.tag === 'img' && !frame.attribs.src;
  },
};

/** The body as stored and shown: only what the allow-list lets through. */
export function sanitizePostBody(html: string): string {
  return sanitizeHtml()(html, OPTIONS).trim();
}

// Block ends become spaces in the text, so «<p>a</p><p>b</p>» reads «a b», not «ab».
const BLOCK_BOUNDARY = /<(?:\/?(?:p|h2|h3|h4|li|ul|ol|blockquote|pre)|br|hr)\b/g;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/**
 * The text of a sanitized body, whitespace collapsed: for search and for the short excerpt a
 * notification shows. sanitize-html escapes only these four characters in text.
 */
export function plainTextOf(sanitizedHtml: string): string {
  const spaced = sanitizedHtml.replace(BLOCK_BOUNDARY, ' $&');
  const text = sanitizeHtml()(spaced, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: DROPPED_WITH_CONTENT,
  });
  return text
    .replace(/&(?:amp|lt|gt|quot);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

/** What search looks in: the title and the body's text, lower case, whitespace collapsed. */
export function searchTextOf(title: string, sanitizedHtml: string): string {
  return `${title} ${plainTextOf(sanitizedHtml)}`.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A search as typed, made comparable with `searchTextOf`. */
export function searchKeyOf(query: string): string {
  return query.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** At most `max` characters of plain text, cut at a word where one is near, with «…». */
export function excerptOf(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
