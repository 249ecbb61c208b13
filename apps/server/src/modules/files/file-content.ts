/**
 * What an uploaded file is, told by its bytes (never by the name or the browser's claim), and
 * what we do to photos before keeping them. docs/decisions/020-files.md.
 *
 * - `detectContentType` reads the magic bytes (file-type) and refuses programs: the archive is
 *   for a school's documents, and a file someone downloads from it should not run when
 *   double-clicked.
 * - `processImage` writes photos again upright and without EXIF, so a photo taken at home does
 *   not tell everyone in the school where that home is. `makeThumbnail` makes the preview.
 */
import { extname } from 'node:path';
import type sharpModule from 'sharp';
import type { Sharp } from 'sharp';
import { lazyRequire } from '../../lazy-require';

const sharp = lazyRequire<typeof sharpModule>('sharp');

// ── content types ────────────────────────────────────────────────────────────────────────────

/**
 * Programs, installers and things that act when opened, by their magic bytes: Windows PE
 * (.exe/.dll/.scr/.sys), Linux ELF, macOS Mach-O, Java archives and classes, Android and Linux
 * packages, macOS disk images, WebAssembly, Flash, browser extensions, Electron archives,
 * Windows shortcuts and macOS aliases (a double-click runs their target), compiled help (runs
 * scripts), registry files (change Windows settings when opened).
 */
const REFUSED_TYPES = new Set([
  'application/x-msdownload',
  'application/x-elf',
  'application/x-mach-binary',
  'application/java-archive',
  'application/java-vm',
  'application/vnd.android.package-archive',
  'application/x-deb',
  'application/x-rpm',
  'application/x-apple-diskimage',
  'application/wasm',
  'application/x-shockwave-flash',
  'application/x-google-chrome-extension',
  'application/x-xpinstall',
  'application/x-asar',
  'application/x.ms.shortcut',
  'application/x.apple.alias',
  'application/vnd.ms-htmlhelp',
  'application/x-ms-regedit',
]);

/**
 * Names Windows runs or installs on a double-click, most of them text (scripts) or containers
 * that no magic number tells apart from documents (an .msi is the same compound file as an old
 * .doc). Close to the list of file types Gmail refuses, which people already know. The content
 * rule above cannot catch these; a download keeps its name, so the name is what would run.
 */
const REFUSED_EXTENSIONS = new Set([
  'ade', 'adp', 'apk', 'appx', 'appxbundle', 'bat', 'cmd', 'com', 'cpl', 'dll', 'exe', 'gadget',
  'hta', 'inf', 'ins', 'isp', 'jar', 'jnlp', 'js', 'jse', 'lnk', 'msc', 'msh', 'msi', 'msix',
  'msixbundle', 'msp', 'mst', 'pif', 'ps1', 'ps1xml', 'ps2', 'psc1', 'psc2', 'reg', 'scf', 'scr',
  'sct', 'shb', 'shs', 'sys', 'url', 'vb', 'vbe', 'vbs', 'vxd', 'ws', 'wsc', 'wsf', 'wsh', 'xll',
]); // prettier-ignore

/**
 * Types a browser would render as a page or run script in. A file with such bytes is kept, but
 * described as plain text, so that nothing ever serves it as markup, even by mistake.
 */
const MARKUP_TYPES = new Set([
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'application/xml',
  'text/xml',
  'text/javascript',
  'application/javascript',
]);

/** Text formats worth naming, by the name's extension; any other text is text/plain. */
const TEXT_TYPES_BY_EXTENSION: Record<string, string> = {
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  md: 'text/markdown',
  markdown: 'text/markdown',
  ics: 'text/calendar',
  vcf: 'text/vcard',
  vtt: 'text/vtt',
  json: 'application/json',
};
const NAMED_TEXT_TYPES = new Set(Object.values(TEXT_TYPES_BY_EXTENSION));

/** The extension Windows would see: it ignores trailing dots and spaces ("x.exe. " runs). */
function extensionOf(name: string | undefined): string {
  return extname((name ?? '').replace(/[. ]+$/, ''))
    .slice(1)
    .toLowerCase();
}

/**
 * UTF-16 text with a byte-order mark (what Windows Notepad long saved as "Unicode"). Checked
 * before the magic bytes: FF FE also starts an MPEG audio frame, and file-type would say MP3.
 */
function isUtf16Text(head: Buffer): boolean {
  const littleEndian = head[0] === 0xff && head[1] === 0xfe;
  if (!littleEndian && !(head[0] === 0xfe && head[1] === 0xff)) return false;
  try {
    const even = head.subarray(0, head.length - (head.length % 2));
    const decoded = new TextDecoder(littleEndian ? 'utf-16le' : 'utf-16be', { fatal: true }).decode(even, {
      stream: true,
    });
    return !decoded.includes('\0');
  } catch {
    return false;
  }
}

/**
 * Text, if the bytes are UTF-8 (ASCII included) without NUL. Binary formats nearly always hold a
 * NUL early, and a stray invalid sequence rules out UTF-8. `stream` lets the last character be
 * cut off, since `head` may end in the middle of one.
 */
function isUtf8Text(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** A text type: by the name's extension, else the claim if it is one we name, else plain. */
function textType(claimed: string | null | undefined, name: string | undefined): string {
  const byName = TEXT_TYPES_BY_EXTENSION[extensionOf(name)];
  const byClaim = claimed?.split(';')[0]?.trim().toLowerCase();
  return byName ?? (byClaim && NAMED_TEXT_TYPES.has(byClaim) ? byClaim : 'text/plain');
}

export interface DetectedType {
  contentType: string;
  /** A program or something that runs when opened: not stored (415, `file-type-refused`). */
  refused: boolean;
}

/**
 * The content type of a file from its first bytes (give at least 4100; more helps ZIP-based
 * documents, whose telling entry may come later). `claimed` (the browser's type) and `name`
 * only choose among text types, and the name's extension can refuse a file; neither makes
 * bytes into a type they are not.
 */
export async function detectContentType(
  head: Buffer,
  claimed?: string | null,
  name?: string,
): Promise<DetectedType> {
  const refusedByName = REFUSED_EXTENSIONS.has(extensionOf(name));
  if (head.length === 0) {
    // Nothing to judge the type by.
    return { contentType: 'application/octet-stream', refused: refusedByName };
  }
  if (isUtf16Text(head)) return { contentType: textType(claimed, name), refused: refusedByName };
  // Loaded at the first upload rather than at start (decision 037).
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(head);
  if (detected) {
    if (MARKUP_TYPES.has(detected.mime)) return { contentType: 'text/plain', refused: refusedByName };
    return { contentType: detected.mime, refused: refusedByName || REFUSED_TYPES.has(detected.mime) };
  }
  if (!isUtf8Text(head)) return { contentType: 'application/octet-stream', refused: refusedByName };
  return { contentType: textType(claimed, name), refused: refusedByName };
}

// ── images ────────────────────────────────────────────────────────────────────────────────

/**
 * Bounds on the work one image may cost, so that an upload cannot tie up the CPU or memory of
 * a small server: 40 megapixels (a full-frame camera's photo; decoded it is 160 MB of RGBA) and
 * 40 MB of input. Larger images are kept as they are, without preview.
 */
const MAX_PIXELS = 40_000_000;
const MAX_INPUT_BYTES = 40 * 1024 * 1024;
const THUMBNAIL_PX = 256;

/**
 * Formats that carry EXIF (and so a location) and that sharp can write again. HEIC, the iPhone
 * format, is not among them: sharp's prebuilt libvips reads only the AV1 flavour of HEIF (AVIF),
 * HEVC being patent-encumbered. A HEIC photo is kept as it is; iPhones send JPEG to web pages
 * unless told otherwise.
 */
const PHOTO_FORMATS: Record<string, 'jpeg' | 'png' | 'webp' | 'avif' | 'tiff'> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/tiff': 'tiff',
};

function open(input: Buffer, animated = false): Sharp {
  // `failOn: 'none'`: a photo cut short (a camera's battery, an interrupted copy) still gives
  // what it has, as image viewers show it; bytes that are no image at all still throw.
  return sharp()(input, { limitInputPixels: MAX_PIXELS, failOn: 'none', animated });
}

/**
 * A photo written again upright (EXIF orientation applied to the pixels) and without EXIF, XMP
 * and IPTC metadata, which hold GPS position, camera serial numbers and the like; the ICC
 * profile stays so colours do not shift. Returns null when there is nothing to do (no metadata,
 * not a photo format, or beyond the bounds): then the original is stored as it is, unchanged
 * and without a lossy re-encoding. Null too when sharp cannot read the bytes.
 */
export async function processImage(input: Buffer, contentType: string): Promise<Buffer | null> {
  const format = PHOTO_FORMATS[contentType];
  if (!format || input.length > MAX_INPUT_BYTES) return null;
  try {
    const metadata = await open(input).metadata();
    const rotated = (metadata.orientation ?? 1) !== 1;
    if (!metadata.exif && !metadata.xmp && !metadata.iptc && !rotated) return null;
    // Animated WebP keeps its frames; PNG has no animation sharp can write (APNG), but an
    // APNG carries no EXIF in practice, so it stops at the check above.
    const animated = format === 'webp' && (metadata.pages ?? 1) > 1;
    const image = open(input, animated).autoOrient().keepIccProfile();
    switch (format) {
      case 'jpeg':
        // Close to the original's quality; 4:4:4 keeps colour edges (text on photos) sharp.
        return await image.jpeg({ quality: 90, chromaSubsampling: '4:4:4' }).toBuffer();
      case 'webp':
        return await image.webp({ quality: 90 }).toBuffer();
      case 'avif':
        return await image.avif({ quality: 70 }).toBuffer();
      case 'png':
        return await image.png().toBuffer();
      case 'tiff':
        // sharp's default TIFF compression is lossy JPEG; scans and prints want every pixel.
        return await image.tiff({ compression: 'lzw' }).toBuffer();
    }
  } catch {
    return null;
  }
}

/**
 * A preview no larger than 256 px on its longer side, upright, as WebP without metadata; null
 * when sharp cannot read the image or it is beyond the bounds. Animated images give their first
 * frame.
 */
export async function makeThumbnail(input: Buffer): Promise<Buffer | null> {
  if (input.length > MAX_INPUT_BYTES) return null;
  try {
    return await open(input)
      .autoOrient()
      .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
  } catch {
    return null;
  }
}
