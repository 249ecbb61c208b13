import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectContentType, makeThumbnail, processImage } from './file-content';

/** A photo as a phone takes it: a location in its EXIF, a colour profile, maybe turned. */
function photo(
  format: 'jpeg' | 'png' | 'webp',
  options: { width?: number; height?: number; orientation?: number } = {},
) {
  const { width = 300, height = 200, orientation } = options;
  let image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 30 } } })
    .withExif({
      IFD0: { Make: 'Telefon', Model: 'Kamera 12', Copyright: 'Tun test' },
      // IFD3 is the GPS directory: Trondheim, in the map datum cameras write.
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '63/1 25/1 48/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '10/1 23/1 42/1',
        GPSMapDatum: 'WGS-84',
      },
    })
    .withIccProfile('p3');
  if (orientation) image = image.withMetadata({ orientation });
  return image.toFormat(format).toBuffer();
}

const text = (value: string) => Buffer.from(value, 'utf8');

describe('detectContentType', () => {
  it('tells documents and images by their bytes, whatever the name and claim say', async () => {
    const pdf = text('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n');
    expect(await detectContentType(pdf, 'image/png', 'bilde.png')).toEqual({
      contentType: 'application/pdf',
      refused: false,
    });
    expect(await detectContentType(await photo('jpeg'), 'application/pdf', 'notat.pdf')).toEqual({
      contentType: 'image/jpeg',
      refused: false,
    });
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'white' } })
      .png()
      .toBuffer();
    expect((await detectContentType(png, undefined, 'uten-endelse')).contentType).toBe('image/png');
  });

  it('refuses programs by their bytes, whatever they are called', async () => {
    // ELF: 64-bit, little-endian, an executable for x86-64.
    const elf = Buffer.concat([
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
      Buffer.alloc(8),
      Buffer.from([2, 0, 0x3e, 0]),
    ]);
    expect(
      await detectContentType(Buffer.concat([elf, Buffer.alloc(200)]), 'text/plain', 'lekser.txt'),
    ).toEqual({
      contentType: 'application/x-elf',
      refused: true,
    });
    // Windows PE: the DOS header's "MZ", pointing at a "PE\0\0" header.
    const pe = Buffer.alloc(512);
    pe.write('MZ', 0, 'latin1');
    pe.writeUInt32LE(0x80, 0x3c);
    pe.write('PE\0\0', 0x80, 'latin1');
    expect(await detectContentType(pe, 'application/pdf', 'timeplan.pdf')).toEqual({
      contentType: 'application/x-msdownload',
      refused: true,
    });
    // A Windows shortcut runs its target when opened.
    const lnk = Buffer.concat([
      Buffer.from('4c0000000114020000000000c000000000000046', 'hex'),
      Buffer.alloc(100),
    ]);
    expect(await detectContentType(lnk, undefined, 'snarvei')).toMatchObject({ refused: true });
  });

  it('refuses names Windows would run, also when the bytes are harmless text', async () => {
    for (const name of [
      'oppgave.bat',
      'lekse.pdf.exe',
      'skript.PS1',
      'x.vbs',
      'installer.msi',
      'virus.exe. ',
    ]) {
      expect(await detectContentType(text('echo hei'), 'text/plain', name)).toMatchObject({ refused: true });
    }
    expect(await detectContentType(text('print("hei")'), 'text/x-python', 'oppgave.py')).toEqual({
      contentType: 'text/plain',
      refused: false,
    });
  });

  it('takes UTF-8 without NUL for text, naming CSV and the like by the name or the claim', async () => {
    const csv = text('navn;klasse\nÅse Øvrebø;2B\n');
    expect(await detectContentType(csv, undefined, 'elever.csv')).toEqual({
      contentType: 'text/csv',
      refused: false,
    });
    expect(await detectContentType(csv, 'text/csv; charset=utf-8')).toEqual({
      contentType: 'text/csv',
      refused: false,
    });
    expect(await detectContentType(text('Hei på deg!\n'), 'application/pdf', 'brev.pdf')).toEqual({
      contentType: 'text/plain',
      refused: false,
    });
    // Cut in the middle of "ø" (two bytes in UTF-8): still text.
    const cut = text('Søknad ø').subarray(0, -1);
    expect((await detectContentType(cut, undefined, 'x.txt')).contentType).toBe('text/plain');
    // Notepad's "Unicode" is UTF-16 with a byte-order mark, NULs and all.
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Hei', 'utf16le')]);
    expect((await detectContentType(utf16, undefined, 'notat.txt')).contentType).toBe('text/plain');
  });

  it('never describes markup as markup: HTML, SVG and XML are plain text', async () => {
    const html = text('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    expect(await detectContentType(html, 'text/html', 'side.html')).toEqual({
      contentType: 'text/plain',
      refused: false,
    });
    const svg = text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>');
    expect((await detectContentType(svg, 'image/svg+xml', 'logo.svg')).contentType).toBe('text/plain');
    const xmlSvg = text('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect((await detectContentType(xmlSvg, 'image/svg+xml', 'logo.svg')).contentType).toBe('text/plain');
  });

  it('takes other bytes for application/octet-stream', async () => {
    expect(await detectContentType(randomBytes(4100), 'image/jpeg', 'bilde.jpg')).toEqual({
      contentType: 'application/octet-stream',
      refused: false,
    });
    expect(await detectContentType(Buffer.from([0x41, 0x00, 0x42]), 'text/plain', 'a.txt')).toMatchObject({
      contentType: 'application/octet-stream',
    });
    expect(await detectContentType(Buffer.alloc(0), 'text/plain', 'tom.txt')).toMatchObject({
      contentType: 'application/octet-stream',
    });
  });
});

describe('processImage', () => {
  it.each(['jpeg', 'png', 'webp'] as const)(
    'writes a %s photo again without its location, keeping its colour profile',
    async (format) => {
      const input = await photo(format);
      const before = await sharp(input).metadata();
      expect(before.exif?.includes('WGS-84')).toBe(true);

      const output = await processImage(input, `image/${format}`);
      expect(output).not.toBeNull();
      const after = await sharp(output!).metadata();
      expect(after.format).toBe(format);
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(output!.includes('WGS-84')).toBe(false);
      expect(output!.includes('Telefon')).toBe(false);
      expect(after.icc).toBeDefined();
      expect(after.icc!.equals(before.icc!)).toBe(true);
      expect([after.width, after.height]).toEqual([300, 200]);
    },
  );

  it('turns a photo upright by its EXIF orientation', async () => {
    // Orientation 6: the camera was turned; viewers rotate 90° clockwise to show it.
    const input = await photo('jpeg', { width: 300, height: 200, orientation: 6 });
    const output = await processImage(input, 'image/jpeg');
    const after = await sharp(output!).metadata();
    expect([after.width, after.height]).toEqual([200, 300]);
    expect(after.orientation).toBeUndefined();
  });

  it('leaves a photo without metadata as it is, rather than re-encoding it', async () => {
    const plain = await sharp({ create: { width: 50, height: 50, channels: 3, background: 'blue' } })
      .jpeg()
      .toBuffer();
    expect(await processImage(plain, 'image/jpeg')).toBeNull();
  });

  it('leaves what is not a photo, or not an image at all, alone', async () => {
    expect(await processImage(await photo('jpeg'), 'application/pdf')).toBeNull();
    expect(await processImage(randomBytes(2000), 'image/jpeg')).toBeNull();
  });

  it('skips images beyond 40 megapixels without decoding them', async () => {
    // 10,000 × 4,001 of one colour: a small PNG that would decode to 160 MB.
    const huge = await sharp({ create: { width: 10_000, height: 4_001, channels: 3, background: 'white' } })
      .withExif({ IFD0: { Copyright: 'Tun test' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(await processImage(huge, 'image/png')).toBeNull();
    expect(await makeThumbnail(huge)).toBeNull();
  });
});

describe('makeThumbnail', () => {
  it('makes a WebP of at most 256 px on the longer side, upright and without metadata', async () => {
    const thumbnail = await makeThumbnail(await photo('jpeg', { width: 1000, height: 500, orientation: 6 }));
    const metadata = await sharp(thumbnail!).metadata();
    expect(metadata.format).toBe('webp');
    expect([metadata.width, metadata.height]).toEqual([128, 256]);
    expect(metadata.exif).toBeUndefined();
    expect(thumbnail!.includes('WGS-84')).toBe(false);
  });

  it('does not enlarge small images, and gives null for bytes that are no image', async () => {
    const small = await sharp({ create: { width: 40, height: 30, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    const metadata = await sharp((await makeThumbnail(small))!).metadata();
    expect([metadata.width, metadata.height]).toEqual([40, 30]);
    expect(await makeThumbnail(randomBytes(3000))).toBeNull();
  });
});
