/**
 * index.html per page: the opened page's own chunks are named in its head, so the browser
 * fetches them with the entry instead of after it, and the data it fetches at start, the whole
 * catalog (docs/decisions/028-first-load.md).
 */
import { describe, expect, it } from 'vitest';
import { PageShells } from '../src/web/route-preloads';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-A1.js"></script>' +
  '<link rel="modulepreload" href="/assets/vendor-B2.js"></head><body><div id="root"></div></body></html>';

describe('page shells', () => {
  const shells = new PageShells(INDEX, {
    '/app/attendance': ['/assets/attendance-page-C3.js', '/assets/vendor-B2.js', '/assets/shared-D4.css'],
    '/app/janitor/cases/$caseId': ['/assets/case-page-E5.js'],
    '/app/dashboard': ['/assets/nb-F6.json', '/assets/evil.json"x'],
    '/app/evil': ['/assets/x.js"><script>alert(1)</script>', 'https://example.com/a.js'],
  });

  it("names a page's chunks and styles in its head, not those index.html names already", () => {
    const html = shells.htmlFor('app/attendance');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/attendance-page-C3.js">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/shared-D4.css">');
    expect(html.match(/vendor-B2\.js/g)).toHaveLength(1);
    expect(html.indexOf('attendance-page-C3.js')).toBeLessThan(html.indexOf('</head>'));
  });

  it('matches a parameter segment, and gives any other path index.html as built', () => {
    expect(shells.htmlFor('app/janitor/cases/abc123')).toContain('case-page-E5.js');
    expect(shells.htmlFor('app/janitor/cases')).toBe(INDEX);
    expect(shells.htmlFor('app/attendance/extra')).toBe(INDEX);
    expect(shells.htmlFor('')).toBe(INDEX);
  });

  it('names only built files, so a damaged list cannot put markup or another origin in the page', () => {
    expect(shells.htmlFor('app/evil')).toBe(INDEX);
  });

  it('preloads the data a page fetches at start (the whole catalog) as a fetch the app reuses', () => {
    const html = shells.htmlFor('app/dashboard');
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/assets/nb-F6.json">');
    expect(html).not.toContain('evil');
  });
});
