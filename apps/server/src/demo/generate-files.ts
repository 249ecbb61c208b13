/**
 * The demo school's file archive: three folders and a few real files of the kinds a school keeps,
 * made in code so that the repository carries no binaries: a timetable as a PDF, two photos from
 * a trip (with a GPS position in their EXIF, which the upload strips), and a Word form. They go
 * through the same service as an upload, so they are sniffed, cleaned and previewed like any.
 */
import { crc32 } from 'node:zlib';
import type sharpModule from 'sharp';
import type { Role } from '@tun/shared';
import type { AppContext } from '../context';
import { escapeMarkup } from '../http/escape-markup';
import { createFolder } from '../modules/files/files.service';
import { uploadSmallFile } from '../modules/files/uploads.service';
import { lazyRequire } from '../lazy-require';

/** Only a demo start draws pictures (decision 037). */
const sharp = lazyRequire<typeof sharpModule>('sharp');

// ── A PDF ───────────────────────────────────────────────────────────────────────────────────

/** WinAnsi's bytes beyond Latin-1 that a timetable uses; anything else unknown becomes «?». */
const WIN_ANSI: Record<string, number> = { '–': 0x96, '—': 0x97, '’': 0x92, '«': 0xab, '»': 0xbb };

/** A PDF string in WinAnsi (one byte per letter, æ, ø and å included), delimiters escaped. */
function pdfText(text: string): string {
  const bytes = [...text].map((char) => {
    const code = char.codePointAt(0)!;
    return String.fromCharCode(WIN_ANSI[char] ?? (code <= 0xff ? code : 0x3f));
  });
  return `(${bytes.join('').replace(/[\\()]/g, (char) => `\\${char}`)})`;
}

/**
 * A one-page PDF with lines of text, written by hand: objects, a cross-reference table with
 * their byte offsets, and the trailer. Helvetica is one of the 14 fonts every reader has.
 */
export function textPdf(title: string, lines: readonly string[]): Buffer {
  const body = [
    'BT /F1 18 Tf 50 790 Td',
    `${pdfText(title)} Tj`,
    '/F1 11 Tf 0 -30 Td 15 TL',
    ...lines.map((line) => `${pdfText(line)} '`),
    'ET',
  ].join('\n');
  const content = Buffer.from(body, 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${content.length} >>\nstream\n${content.toString('latin1')}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

// ── A Word document ─────────────────────────────────────────────────────────────────────────

/**
 * A ZIP archive with its entries stored (not compressed): local headers, the data, the central
 * directory and its end record (APPNOTE.TXT §4.3). Enough for a few small XML files.
 */
export function storedZip(entries: readonly { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(0, 10); // time
    local.writeUInt16LE(0x5d77, 12); // date: 2026-11-23
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, entry.data);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by: 2.0
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x5d77, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The smallest .docx Word opens: the package's content types, its relationship, one document. */
export function wordDocument(paragraphs: readonly string[]): Buffer {
  const xml = (text: string) =>
    Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${text}`);
  return storedZip([
    {
      name: '[Content_Types].xml',
      data: xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
          '</Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
          '</Relationships>',
      ),
    },
    {
      name: 'word/document.xml',
      data: xml(
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
          paragraphs
            .map((text) => `<w:p><w:r><w:t xml:space="preserve">${escapeMarkup(text)}</w:t></w:r></w:p>`)
            .join('') +
          '</w:body></w:document>',
      ),
    },
  ]);
}

// ── Photos ──────────────────────────────────────────────────────────────────────────────────

/** A landscape drawn as SVG: sky, mountains and a fjord, in the colours given. */
async function landscapePhoto(sky: string, mountains: string, water: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
    <rect width="1200" height="800" fill="url(#sky)"/>
    <circle cx="950" cy="160" r="70" fill="#fff3c4"/>
    <polygon points="0,560 180,260 330,470 520,200 760,520 930,300 1200,560" fill="${mountains}"/>
    <polygon points="470,250 520,200 575,255 545,245 520,262 495,246" fill="#ffffff"/>
    <rect y="540" width="1200" height="260" fill="${water}"/>
  </svg>`;
  return (
    sharp()(Buffer.from(svg))
      .jpeg({ quality: 82 })
      // Where the photo was taken, as a phone would write it: the upload takes it out again.
      .withExif({
        IFD0: { Make: 'Tun', Model: 'Demokamera' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '61/1 50/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '5/1 30/1 0/1',
        },
      })
      .toBuffer()
  );
}

const TIMETABLE = [
  'Mandag–fredag',
  '07.45–08.15  Frokost',
  '08.30–10.00  Linjefag',
  '10.15–11.45  Linjefag',
  '12.00–12.45  Middag',
  '13.00–14.30  Valgfag',
  '14.45–16.00  Aktivitet',
  '17.30–18.00  Kveldsmat',
  '22.30        Ro i husene',
  '',
  'Lørdag: utflukt eller fellesaktivitet, se kalenderen.',
];

/** Folders and files made by `actorId` (the demo's admin); answers the trip photo's id (for a post). */
export async function generateFiles(
  ctx: AppContext,
  schoolId: string,
  actorId: string,
): Promise<{ tripPhotoId: string }> {
  const actor = { schoolId, personId: actorId, roles: ['admin'] as Role[] };
  const folder = async (name: string) => (await createFolder(ctx, actor, { name, parentId: null })).id;
  const timetables = await folder('Timeplaner');
  const photos = await folder('Bilder fra turer');
  const forms = await folder('Skjemaer');
  const upload = (folderId: string, name: string, bytes: Buffer, claimedType: string) =>
    uploadSmallFile(ctx, actor, { name, claimedType, folderId, bytes, customMetadata: {} });

  await upload(
    timetables,
    'Timeplan høst 2026.pdf',
    textPdf('Timeplan høsten 2026', TIMETABLE),
    'application/pdf',
  );
  const tripPhoto = await upload(
    photos,
    'Hornelen.jpg',
    await landscapePhoto('#7fb2e5', '#4f6b5a', '#2f5d7c'),
    'image/jpeg',
  );
  await upload(
    photos,
    'Kveld ved fjorden.jpg',
    await landscapePhoto('#f2a65a', '#5b4b6b', '#3d4f7a'),
    'image/jpeg',
  );
  await upload(
    forms,
    'Søknad om permisjon.docx',
    wordDocument([
      'Søknad om permisjon',
      'Navn:',
      'Linje:',
      'Dato(er) for permisjonen:',
      'Grunn:',
      'Underskrift elev:                    Underskrift kontaktlærer:',
    ]),
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  );
  return { tripPhotoId: tripPhoto.id };
}
