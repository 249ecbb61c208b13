/**
 * The demo school's files are real files of their kinds: the upload's sniffing tells each type
 * by its bytes, the photos lose their position and get previews, and the PDF's cross-reference
 * table points at its objects.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileList } from '@tun/shared';
import { generateFiles, textPdf } from '../src/demo/generate-files';
import { setupSchool } from './factories';
import { createFilesTestApp, download, type FilesTestApp } from './files-factories';

describe('the demo file archive', () => {
  let t: FilesTestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createFilesTestApp('sqlite', 'disk');
    const school = await setupSchool(t);
    admin = school.adminCookie;
    await generateFiles(t.ctx, school.schoolId, school.adminId);
  });
  afterAll(() => t.close());

  it('has three folders with a timetable, two photos and a Word form, each told by its content', async () => {
    const top = (await t.request({ method: 'GET', url: '/api/v1/files', cookie: admin })).json<FileList>();
    expect(top.folders.map((folder) => folder.name)).toEqual(['Bilder fra turer', 'Skjemaer', 'Timeplaner']);
    const contents: Record<string, { name: string; contentType: string; hasThumbnail: boolean }[]> = {};
    for (const folder of top.folders) {
      const page = (
        await t.request({
          method: 'GET',
          url: '/api/v1/files',
          query: { folderId: folder.id },
          cookie: admin,
        })
      ).json<FileList>();
      contents[folder.name] = page.items.map(({ name, contentType, hasThumbnail }) => ({
        name,
        contentType,
        hasThumbnail,
      }));
    }
    expect(contents).toEqual({
      Timeplaner: [{ name: 'Timeplan høst 2026.pdf', contentType: 'application/pdf', hasThumbnail: false }],
      'Bilder fra turer': [
        { name: 'Hornelen.jpg', contentType: 'image/jpeg', hasThumbnail: true },
        { name: 'Kveld ved fjorden.jpg', contentType: 'image/jpeg', hasThumbnail: true },
      ],
      Skjemaer: [
        {
          name: 'Søknad om permisjon.docx',
          contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          hasThumbnail: false,
        },
      ],
    });
  });

  it('stores the photos without the position the demo camera wrote', async () => {
    const photos = (
      await t.request({ method: 'GET', url: '/api/v1/files', query: { q: '.jpg' }, cookie: admin })
    ).json<FileList>();
    expect(photos.items).toHaveLength(2);
    for (const photo of photos.items) {
      const bytes = (await download(t, admin, photo.id)).rawPayload;
      const metadata = await sharp(bytes).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.width).toBe(1200);
    }
  });

  it('writes a PDF whose cross-reference table points at each object', () => {
    const pdf = textPdf('Prøve – «tittel»', ['Linje (1)', 'Linje \\ 2']).toString('latin1');
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, i) => expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true));
    expect(pdf).toContain('(Pr\u00f8ve \u0096 \u00abtittel\u00bb) Tj');
    expect(pdf).toContain("(Linje \\(1\\)) '");
  });
});
