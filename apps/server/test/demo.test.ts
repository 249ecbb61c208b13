/**
 * The demo school. Its files are real files of their kinds: the upload's sniffing tells each type
 * by its bytes, the photos lose their position and get previews, and the PDF's cross-reference
 * table points at its objects. Its feed has something for everyone, and nothing a student may
 * not see. Its three info screens are paired, and the demo's TV login shows the dining hall's.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileList, PostFeed, ScreenCheckIn, ScreenContent, ScreenLayout } from '@tun/shared';
import { generateFiles, textPdf } from '../src/demo/generate-files';
import { generatePosts } from '../src/demo/generate-posts';
import { DEMO_PASSWORD, seedDemo } from '../src/demo/seed';
import { createPerson, insertLine, login, setupSchool } from './factories';
import { createFilesTestApp, download, type FilesTestApp } from './files-factories';
import { createTestApp, type TestApp } from './helper';

describe('the demo file archive and feed', () => {
  let t: FilesTestApp;
  let admin: string;
  let schoolId: string;
  let lineId: string;
  let tripPhotoId: string;

  beforeAll(async () => {
    t = await createFilesTestApp('sqlite', 'disk');
    const school = await setupSchool(t);
    admin = school.adminCookie;
    schoolId = school.schoolId;
    ({ tripPhotoId } = await generateFiles(t.ctx, school.schoolId, school.adminId));
    const teacher = await createPerson(t, schoolId, { roles: ['teacher'] });
    const kitchen = await createPerson(t, schoolId, { roles: ['kitchen'] });
    lineId = await insertLine(t, schoolId);
    await generatePosts(t.ctx, schoolId, {
      adminId: school.adminId,
      teacherId: teacher.personId,
      kitchenId: kitchen.personId,
      lineId,
      tripPhotoId,
    });
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

  it('has a feed: the pinned house rules first, the line’s excursion with its packing list, no staff post for students', async () => {
    const student = await createPerson(t, schoolId, { login: true });
    await t.ctx.database.db
      .insertInto('line_member')
      .values({ line_id: lineId, person_id: student.personId, school_id: schoolId })
      .execute();
    const cookie = await login(t, student.email);
    const feed = (await t.request({ method: 'GET', url: '/api/v1/posts', cookie })).json<PostFeed>();
    expect(feed.posts.map((post) => post.title)).toEqual([
      'Husreglement for skoleåret 2026/27',
      'Nytt fra kjøkkenet: taco fredag og vegetardager',
      'Tur til Hornelen lørdag',
      'Velkommen til Solbakken!',
    ]);
    const trip = feed.posts.find((post) => post.title.startsWith('Tur'))!;
    expect(trip.attachments.map((file) => [file.name, file.contentType])).toEqual([
      ['Pakkeliste Hornelen.pdf', 'application/pdf'],
    ]);
    expect(trip.body).toContain(`src="/api/v1/files/${tripPhotoId}/content?inline=1"`);
    const staff = (await t.request({ method: 'GET', url: '/api/v1/posts', cookie: admin })).json<PostFeed>();
    // The admin sees every post, the staff meeting and the scheduled reminder included.
    expect(staff.posts.map((post) => [post.title, post.status])).toContainEqual([
      'Påminnelse: julebord og avslutning',
      'scheduled',
    ]);
    expect(staff.posts.map((post) => post.title)).toContain('Personalmøte torsdag');
  });
});

describe('the demo info screens', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { LOGIN_RATE_LIMIT: '1000' } });
    await seedDemo(t.ctx);
  });
  afterAll(() => t.close());

  it('has the dining hall, the hallway and the auditorium, each paired to a TV account of its own', async () => {
    const rows = await t.ctx.database.db
      .selectFrom('screen')
      .innerJoin('person', 'person.id', 'screen.person_id')
      .innerJoin('person_role', 'person_role.person_id', 'person.id')
      .select(['screen.name', 'screen.layout', 'screen.paired_at', 'person.email', 'person_role.role'])
      .orderBy('screen.name')
      .execute();
    expect(rows.map((row) => [row.name, row.role, row.email])).toEqual([
      ['Auditoriet', 'tv', null],
      ['Gangen', 'tv', null],
      ['Spisesalen', 'tv', 'tv@solbakken.example'],
    ]);
    for (const row of rows) expect(row.paired_at).not.toBeNull();
    const layouts = Object.fromEntries(rows.map((row) => [row.name, JSON.parse(row.layout) as ScreenLayout]));
    expect(layouts.Gangen).toMatchObject({
      orientation: 'portrait',
      panels: ['programme', 'posts', 'clock'],
    });
    const auditorium = await t.ctx.database.db
      .selectFrom('room')
      .select('id')
      .where('name', '=', 'Auditoriet')
      .executeTakeFirstOrThrow();
    expect(layouts.Auditoriet).toEqual({
      orientation: 'landscape',
      panels: ['programme', 'checkIn', 'clock'],
      roomId: auditorium.id,
    });
    // Its check-in code changes every minute.
    const tag = await t.ctx.database.db
      .selectFrom('room_tag')
      .select('rotating')
      .where('room_id', '=', auditorium.id)
      .executeTakeFirstOrThrow();
    expect(Number(tag.rotating)).toBe(1);
  });

  it('shows the dining hall’s screen to the demo’s TV login, with its posts and the teacher on duty', async () => {
    const cookie = await login(t, 'tv@solbakken.example', DEMO_PASSWORD);
    const response = await t.request({ method: 'GET', url: '/api/v1/screen', cookie });
    expect(response.statusCode, response.body).toBe(200);
    const content = response.json<ScreenContent>();
    expect(content.screen).toMatchObject({ name: 'Spisesalen', place: 'Spisesalen, ved inngangen' });
    expect(content.school.longName).toBe('Solbakken folkehøgskole');
    expect(content.supervision).toEqual({ name: 'Kari A. Nordmann', phone: '+47 57 65 43 21' });
    expect(content.posts.map((post) => post.title)).toEqual([
      'Nytt fra kjøkkenet: taco fredag og vegetardager',
      'Ukas bilde: Hornelen',
      'Velkommen til Solbakken!',
    ]);
    const photo = /src="(\/api\/v1\/screen\/images\/[^"]+)"/.exec(content.posts[1]!.body)![1]!;
    const image = await t.request({ method: 'GET', url: photo, cookie });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    // The dining hall has no room, so no check-in code.
    const checkIn = await t.request({ method: 'GET', url: '/api/v1/screen/check-in', cookie });
    expect(checkIn.json<ScreenCheckIn>()).toBeNull();
  });
});
