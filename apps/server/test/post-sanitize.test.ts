/**
 * A post's body keeps only what the allow-list lets through (docs/decisions/021): every payload
 * of the XSS corpus comes out with nothing that could run, and what the editor makes comes out
 * as it went in.
 */
import { describe, expect, it } from 'vitest';
import {
  excerptOf,
  plainTextOf,
  sanitizePostBody,
  searchKeyOf,
  searchTextOf,
} from '../src/modules/posts/sanitize-post-body';
import { XSS_CORPUS } from './xss-corpus';

const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  br: [],
  h2: [],
  h3: [],
  h4: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  ul: [],
  ol: [],
  li: [],
  blockquote: [],
  hr: [],
  code: [],
  pre: [],
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt'],
};

/** What must never be in a sanitized body, wherever it stands. */
const FORBIDDEN: [string, RegExp][] = [
  ['a script tag', /<script/i],
  ['an event attribute', /\son[a-z]+\s*=/i],
  ['a javascript: URL', /javascript:/i],
  ['a vbscript: URL', /vbscript:/i],
  ['a data: URL', /data:/i],
  ['an svg element', /<svg/i],
  ['a math element', /<math/i],
  ['a style attribute', /style\s*=/i],
  ['a style element', /<style/i],
  ['an iframe', /<iframe/i],
  ['an object', /<object/i],
  ['an embed', /<embed/i],
  ['a meta element', /<meta/i],
  ['a base element', /<base/i],
  ['a form', /<form/i],
  ['an input', /<input/i],
  ['a button', /<button/i],
  ['a link element', /<link/i],
  ['a template', /<template/i],
  ['srcdoc', /srcdoc/i],
  ['formaction', /formaction/i],
  ['xlink:href', /xlink:href/i],
  ['a class attribute', /\sclass\s*=/i],
  ['an id attribute', /\sid\s*=/i],
  ['a comment', /<!--/],
];

/** Every tag of the output with its attributes, to hold against the allow-list. */
function tagsOf(html: string): { name: string; attributes: string[] }[] {
  return [...html.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>/g)].map((match) => ({
    name: match[1]!.toLowerCase(),
    attributes: [...match[2]!.matchAll(/([^\s=/]+)\s*=/g)].map((attribute) => attribute[1]!.toLowerCase()),
  }));
}

describe('the post body sanitizer', () => {
  it('has a corpus of at least 30 payloads, each with its own id', () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(XSS_CORPUS.map((payload) => payload.id)).size).toBe(XSS_CORPUS.length);
    for (const payload of XSS_CORPUS) {
      expect(payload.html, payload.name).toMatch(new RegExp(`(__xss|alert)\\(${payload.id}\\)`));
    }
  });

  describe.each(XSS_CORPUS)('payload $id: $name', (payload) => {
    const output = sanitizePostBody(payload.html);

    it('leaves nothing that could run', () => {
      for (const [what, pattern] of FORBIDDEN) expect(output, `${what} in ${output}`).not.toMatch(pattern);
    });

    it('leaves only allowed tags and attributes', () => {
      for (const tag of tagsOf(output)) {
        const allowed = ALLOWED[tag.name];
        expect(allowed, `<${tag.name}> in ${output}`).toBeDefined();
        for (const attribute of tag.attributes) {
          expect(allowed, `${attribute} on <${tag.name}> in ${output}`).toContain(attribute);
        }
      }
    });

    it('leaves no call of the payload in any tag', () => {
      for (const match of output.matchAll(/<[^>]*>/g)) {
        expect(match[0]).not.toMatch(/__xss|alert/);
      }
    });

    it('is the same when sanitized again', () => {
      expect(sanitizePostBody(output)).toBe(output);
    });
  });

  it('keeps what the editor makes', () => {
    const html =
      '<h2>Tur til fjells</h2><p>Vi drar <strong>fredag</strong> kl. <em>08:00</em>, <u>husk</u> <s>ski</s> sekk.</p>' +
      '<ul><li>Matpakke</li><li>Varme klær</li></ul><ol><li>Én</li></ol><blockquote><p>Sitat</p></blockquote>' +
      '<pre><code>kode</code></pre><hr /><h3>Mer</h3><h4>Enda mer</h4><p>Linje<br />to</p>';
    expect(sanitizePostBody(html)).toBe(html);
  });

  it('forces links to open in a new tab without the opener and without passing rank', () => {
    expect(
      sanitizePostBody('<a href="https://fjordtun.no/tur" target="_self" rel="opener" title="t">tur</a>'),
    ).toBe('<a href="https://fjordtun.no/tur" target="_blank" rel="noopener noreferrer nofollow">tur</a>');
    for (const href of ['http://example.com', 'mailto:rektor@fjordtun.no', 'tel:+4712345678']) {
      expect(sanitizePostBody(`<a href="${href}">x</a>`)).toContain(`href="${href}"`);
    }
  });

  it('turns a link without an allowed address into its text', () => {
    for (const href of [
      '/app/posts',
      '#top',
      '//evil.example',
      'ftp://example.com',
      'file:///etc/passwd',
      '',
    ]) {
      expect(sanitizePostBody(`<p><a href="${href}">lenke</a></p>`), href).toBe('<p>lenke</p>');
    }
  });

  it('keeps images of the archive, by the paths the file routes serve, and drops the rest', () => {
    const own = '<img src="/api/v1/files/3f0c2a4e-1b2c-4d5e-8f90-123456789abc/content?inline=1" alt="Tur" />';
    expect(sanitizePostBody(own)).toBe(own);
    const thumbnail = '<img src="/api/v1/files/abc/thumbnail" />';
    expect(sanitizePostBody(thumbnail)).toBe(thumbnail);
    for (const src of [
      'https://evil.example/x.png',
      '/api/v1/files/abc/content',
      '/api/v1/files/abc/content?inline=1&x=1',
      '/api/v1/files/../people/content?inline=1',
      '/api/v1/people',
      'x',
    ]) {
      expect(sanitizePostBody(`<p>a<img src="${src}" alt="b" />c</p>`), src).toBe('<p>ac</p>');
    }
  });

  it('closes every tag it keeps after dropping an image or a link', () => {
    expect(sanitizePostBody('<img src=x><p>a</p><a href="/x">b</a><p>c</p>')).toBe('<p>a</p>b<p>c</p>');
    expect(sanitizePostBody('<ul><li><img src=x></li><li><a>l</a></li></ul>')).toBe(
      '<ul><li></li><li>l</li></ul>',
    );
  });

  it('makes headings the editor does not make into ones it does, and drops wrappers but not their text', () => {
    expect(sanitizePostBody('<h1>Stor</h1><h6>Liten</h6>')).toBe('<h2>Stor</h2><h4>Liten</h4>');
    expect(sanitizePostBody('<div class="x"><span style="color:red">tekst</span></div>')).toBe('tekst');
  });

  it('drops the content of script, style and foreign elements entirely', () => {
    expect(
      sanitizePostBody(
        '<p>a</p><script>var hemmelig = 1;</script><style>p{}</style><svg><text>s</text></svg>',
      ),
    ).toBe('<p>a</p>');
  });

  it('escapes text so that it stays text', () => {
    expect(sanitizePostBody('<p>1 &lt; 2 &amp; "sitat"</p>')).toBe('<p>1 &lt; 2 &amp; "sitat"</p>');
    expect(sanitizePostBody('<p>a < b > c</p>')).toBe('<p>a &lt; b &gt; c</p>');
  });

  it('derives plain text and the search text with block boundaries as spaces', () => {
    const body = sanitizePostBody(
      '<h2>Tur</h2><p>Vi   drar<br />fredag &amp; lørdag</p><ul><li>Én</li><li>To</li></ul>',
    );
    expect(plainTextOf(body)).toBe('Tur Vi drar fredag & lørdag Én To');
    expect(searchTextOf('  Viktig  BESKJED ', body)).toBe('viktig beskjed tur vi drar fredag & lørdag én to');
    expect(searchKeyOf('  Fredag   &  LØRDAG ')).toBe('fredag & lørdag');
  });

  it('cuts an excerpt at a word, with an ellipsis', () => {
    expect(excerptOf('kort', 200)).toBe('kort');
    const long = 'ord '.repeat(100).trim();
    const excerpt = excerptOf(long, 200);
    expect(excerpt.length).toBeLessThanOrEqual(200);
    expect(excerpt).toMatch(/ord…$/);
  });
});
