/**
 * Cross-site scripting payloads for a post's body: what a writer might paste, on purpose or from
 * a page that carried it. Each payload, if any of it ran in a browser, would call
 * `window.__xss(<id>)` or `alert(<id>)`, so a browser test that defines both can tell which one
 * got through. The server's sanitizer test runs every one (post-sanitize.test.ts); the e2e test
 * saves them as posts and renders them in Chromium.
 *
 * Sources: the OWASP XSS filter evasion cheat sheet, PortSwigger's XSS cheat sheet, and the
 * mutation-XSS classics that broke DOMPurify and sanitize-html in the past.
 */

export interface XssPayload {
  /** What `__xss` or `alert` is called with when it runs. */
  id: number;
  /** What kind of trick it is. */
  name: string;
  html: string;
}

const x = (id: number) => `__xss(${id})`;

export const XSS_CORPUS: readonly XssPayload[] = [
  { id: 1, name: 'script tag', html: `<script>${x(1)}</script>` },
  { id: 2, name: 'script tag, mixed case', html: `<ScRiPt>${x(2)}</sCrIpT>` },
  { id: 3, name: 'script with a source', html: `<script src="data:text/javascript,${x(3)}"></script>` },
  { id: 4, name: 'img onerror', html: `<img src=x onerror=${x(4)}>` },
  {
    id: 5,
    name: 'img onerror with an archive path',
    html: `<img src="/api/v1/files/abc/thumbnail" onerror="${x(5)}">`,
  },
  { id: 6, name: 'svg onload', html: `<svg onload=${x(6)}></svg>` },
  { id: 7, name: 'svg with a script inside', html: `<svg><script>${x(7)}</script></svg>` },
  { id: 8, name: 'body onload', html: `<body onload=${x(8)}>` },
  { id: 9, name: 'onmouseover on an allowed tag', html: `<p onmouseover="${x(9)}">hold musen her</p>` },
  { id: 10, name: 'onclick on a link', html: `<a href="https://example.com" onclick="${x(10)}">lenke</a>` },
  { id: 11, name: 'onfocus with autofocus', html: `<input onfocus=${x(11)} autofocus>` },
  {
    id: 12,
    name: 'ontoggle on details',
    html: `<details open ontoggle=${x(12)}><summary>s</summary></details>`,
  },
  {
    id: 13,
    name: 'onanimationstart with a style',
    html: `<style>@keyframes k{}</style><p style="animation-name:k" onanimationstart=${x(13)}>a</p>`,
  },
  { id: 14, name: 'javascript: link', html: `<a href="javascript:${x(14)}">klikk</a>` },
  { id: 15, name: 'javascript: link, mixed case', html: `<a href="JaVaScRiPt:${x(15)}">klikk</a>` },
  {
    id: 16,
    name: 'javascript: link, entity-encoded',
    html: `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${x(16)}">klikk</a>`,
  },
  {
    id: 17,
    name: 'javascript: link, hex entities without semicolons',
    html: `<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A${x(17)}">klikk</a>`,
  },
  {
    id: 18,
    name: 'javascript: link with a tab entity',
    html: `<a href="jav&#x09;ascript:${x(18)}">klikk</a>`,
  },
  {
    id: 19,
    name: 'javascript: link with a newline entity',
    html: `<a href="jav&#x0A;ascript:${x(19)}">klikk</a>`,
  },
  {
    id: 20,
    name: 'javascript: link after leading spaces and a control character',
    html: `<a href=" &#14; javascript:${x(20)}">klikk</a>`,
  },
  { id: 21, name: 'vbscript: link', html: `<a href="vbscript:msgbox(21)" onclick="${x(21)}">klikk</a>` },
  {
    id: 22,
    name: 'data: link with HTML',
    html: `<a href="data:text/html,%3Cscript%3E${x(22)}%3C/script%3E">klikk</a>`,
  },
  { id: 23, name: 'data: image with SVG', html: `<img src="data:image/svg+xml,<svg onload=${x(23)}>">` },
  { id: 24, name: 'javascript: image source', html: `<img src="javascript:${x(24)}">` },
  { id: 25, name: 'CSS expression in a style', html: `<p style="width: expression(${x(25)})">gammel IE</p>` },
  {
    id: 26,
    name: 'CSS url with javascript in a style',
    html: `<p style="background:url('javascript:${x(26)}')">bakgrunn</p>`,
  },
  { id: 27, name: 'style tag with an import', html: `<style>@import 'javascript:${x(27)}';</style>` },
  { id: 28, name: 'iframe with javascript', html: `<iframe src="javascript:${x(28)}"></iframe>` },
  { id: 29, name: 'iframe srcdoc', html: `<iframe srcdoc="<script>parent.${x(29)}</script>"></iframe>` },
  { id: 30, name: 'object with data', html: `<object data="javascript:${x(30)}"></object>` },
  { id: 31, name: 'embed with a source', html: `<embed src="javascript:${x(31)}">` },
  { id: 32, name: 'meta refresh', html: `<meta http-equiv="refresh" content="0;url=javascript:${x(32)}">` },
  { id: 33, name: 'base href', html: `<base href="javascript:${x(33)}//"><a href="/rel">relativ</a>` },
  { id: 34, name: 'form action', html: `<form action="javascript:${x(34)}"><button>send</button></form>` },
  { id: 35, name: 'button formaction', html: `<button formaction="javascript:${x(35)}">send</button>` },
  {
    id: 36,
    name: 'mutation XSS through noscript',
    html: `<noscript><p title="</noscript><img src=x onerror=${x(36)}>">`,
  },
  {
    id: 37,
    name: 'mutation XSS through a comment in an attribute',
    html: `<p title="<!--"><img src=x onerror=${x(37)}>-->">`,
  },
  {
    id: 38,
    name: 'mutation XSS through math and style',
    html: `<math><mtext><table><mglyph><style><img src=x onerror=${x(38)}></style></mglyph></table></mtext></math>`,
  },
  {
    id: 39,
    name: 'mutation XSS through svg and a closing p',
    html: `<svg></p><style><a id="</style><img src=1 onerror=${x(39)}>">`,
  },
  {
    id: 40,
    name: 'textarea breaking out',
    html: `<textarea></textarea><img src=x onerror=${x(40)}></textarea>`,
  },
  { id: 41, name: 'xmp breaking out', html: `<xmp><img src=x onerror=${x(41)}></xmp>` },
  { id: 42, name: 'template content', html: `<template><img src=x onerror=${x(42)}></template>` },
  { id: 43, name: 'unclosed tag swallowing the next', html: `<img src="x" onerror="${x(43)}"<p>` },
  { id: 44, name: 'attribute without quotes and a slash', html: `<img/src=x/onerror=${x(44)}>` },
  { id: 45, name: 'event handler with a newline before it', html: `<img src=x\nonerror=${x(45)}>` },
  {
    id: 46,
    name: 'SVG use with an external reference',
    html: `<svg><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='${x(46)}'/></svg>#x"/></svg>`,
  },
  {
    id: 47,
    name: 'MathML link',
    html: `<math><maction actiontype="statusline" xlink:href="javascript:${x(47)}">klikk</maction></math>`,
  },
  { id: 48, name: 'link stylesheet', html: `<link rel="stylesheet" href="javascript:${x(48)}">` },
  { id: 49, name: 'video source onerror', html: `<video><source onerror="${x(49)}"></video>` },
  { id: 50, name: 'audio onerror', html: `<audio src=x onerror=${x(50)}>` },
  { id: 51, name: 'marquee onstart', html: `<marquee onstart=${x(51)}>m</marquee>` },
  { id: 52, name: 'alert in an href of an allowed tag', html: `<a href="javascript:alert(52)">klikk</a>` },
  { id: 53, name: 'alert in an image onerror', html: `<img src=x onerror="alert(53)">` },
  { id: 54, name: 'CDATA hiding a tag', html: `<![CDATA[<img src=x onerror=${x(54)}>]]>` },
  { id: 55, name: 'processing instruction', html: `<?xml-stylesheet href="javascript:${x(55)}"?><p>a</p>` },
  {
    id: 56,
    name: 'encoded angle brackets made into a tag',
    html: `<p>&lt;img src=x onerror=${x(56)}&gt;</p>`.replace('onerror', 'data-x'),
  },
  {
    id: 57,
    name: 'image with a protocol-relative archive look-alike',
    html: `<img src="//evil.example/api/v1/files/abc/thumbnail" onerror="${x(57)}">`,
  },
  {
    id: 58,
    name: 'image with a traversal after the archive path',
    html: `<img src="/api/v1/files/abc/content?inline=1&x=<script>${x(58)}</script>">`,
  },
];
