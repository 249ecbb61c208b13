/**
 * The HTTP of a download: Content-Disposition (RFC 6266), one byte range (RFC 9110 §14), and
 * ETag revalidation. Pure, so the edge cases are tested without a server.
 */
import type { ByteRange } from '../../storage/file-storage';

/** RFC 8187 attr-char: everything else is percent-encoded. encodeURIComponent leaves ' ( ) * as they are. */
function encodeRfc8187(text: string): string {
  return encodeURIComponent(text).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Letters NFKD does not take apart into a base letter and an accent. */
const TRANSLITERATED: Record<string, string> = { æ: 'ae', Æ: 'AE', ø: 'o', Ø: 'O', ß: 'ss', å: 'a', Å: 'A' };

/**
 * `attachment` (or `inline`) with the name twice: `filename*` in UTF-8 for every browser of this
 * century, and a plain ASCII `filename` for anything older (accents dropped, quotes and
 * backslashes replaced), as RFC 6266 §4.3 suggests.
 */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name
    .replace(/[æÆøØßåÅ]/g, (char) => TRANSLITERATED[char] ?? char)
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '_')
    .trim();
  return `${kind}; filename="${ascii || 'fil'}"; filename*=UTF-8''${encodeRfc8187(name)}`;
}

/**
 * The one range of a `Range` header, or:
 * - undefined: no header, a unit other than bytes, several ranges, or bad syntax; the whole
 *   file is sent (RFC 9110 lets a server ignore a Range it does not take);
 * - 'unsatisfiable': a range that begins past the end (416).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Number.MAX_SAFE_INTEGER : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/** Whether an If-None-Match header names this ETag (weakly, as RFC 9110 §13.1.2 compares). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** The ETag of a file's bytes: their MD5, which never changes while the file exists. */
export function etagOf(md5Hash: string, variant = ''): string {
  return `"${md5Hash}${variant}"`;
}

/** What a download needs to know of a stored object. */
export interface Downloadable {
  key: string;
  size: number;
  contentType: string;
  /** The name the browser saves it under. */
  name: string;
  etag: string;
  /** Shown in the page (images, PDFs) rather than saved; only for types that may be. */
  inline: boolean;
}

/**
 * What the browser may do with bytes it shows: nothing but show them. An inline preview may be
 * framed by Tun's own pages; an attachment by none.
 */
const INLINE_POLICY =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";
const ATTACHMENT_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

/**
 * Headers and status of a download, and the range of bytes to send: undefined for none (304,
 * 416, HEAD), 'all' for the whole object. The caller opens the stream.
 */
export function downloadHeaders(
  request: { method: string; headers: Record<string, string | string[] | undefined> },
  object: Downloadable,
): { status: 200 | 206 | 304 | 416; headers: Record<string, string>; range?: ByteRange | 'all' } {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const headers: Record<string, string> = {
    etag: object.etag,
    // Revalidated by ETag on every use; kept only by the browser of the person who asked.
    'cache-control': 'private, no-cache',
    'x-content-type-options': 'nosniff',
    'accept-ranges': 'bytes',
    'content-disposition': contentDisposition(object.inline ? 'inline' : 'attachment', object.name),
    'content-security-policy': object.inline ? INLINE_POLICY : ATTACHMENT_POLICY,
    'x-frame-options': object.inline ? 'SAMEORIGIN' : 'DENY',
  };
  if (etagMatches(header('if-none-match'), object.etag)) return { status: 304, headers };

  // If-Range: a range only of the bytes the client already has part of.
  const ifRange = header('if-range');
  const range =
    ifRange === undefined || ifRange === object.etag ? parseRange(header('range'), object.size) : undefined;
  if (range === 'unsatisfiable') {
    return { status: 416, headers: { ...headers, 'content-range': `bytes */${object.size}` } };
  }
  headers['content-type'] = object.contentType;
  if (range) {
    headers['content-range'] = `bytes ${range.start}-${range.end}/${object.size}`;
    headers['content-length'] = String(range.end - range.start + 1);
    return { status: 206, headers, range: request.method === 'HEAD' ? undefined : range };
  }
  headers['content-length'] = String(object.size);
  return { status: 200, headers, range: request.method === 'HEAD' || object.size === 0 ? undefined : 'all' };
}
