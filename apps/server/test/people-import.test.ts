import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { readSheet } from 'read-excel-file/node';
import type { ImportPreview } from '@tun/shared';
import { createPerson, createSchool, insertLine, login, setupSchool } from './factories';
import { createTestApp, dialects, type TestApp } from './helper';

/** The JSON body the web app sends for a file. */
function upload(fileName: string, content: Buffer | string) {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return { fileName, contentBase64: bytes.toString('base64') };
}

const BOM = '\uFEFF';

const PREVIEW = '/api/v1/people/import/preview';
const COMMIT = '/api/v1/people/import/commit';

describe.each(dialects())('people import and export on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let adminCookie: string;
  let friluft: string;
  let musikk: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ schoolId, adminCookie } = await setupSchool(t));
    friluft = await insertLine(t, schoolId, { name: 'Friluftsliv', shortName: 'FRI' });
    musikk = await insertLine(t, schoolId, { name: 'Musikk', shortName: 'MUS' });
  });
  afterAll(() => t.close());

  const preview = async (fileName: string, content: Buffer | string, cookie = adminCookie) =>
    t.request({ method: 'POST', url: PREVIEW, cookie, payload: upload(fileName, content) });
  const commit = async (fileName: string, content: Buffer | string, cookie = adminCookie) =>
    t.request({ method: 'POST', url: COMMIT, cookie, payload: upload(fileName, content) });

  const peopleCount = async (school = schoolId) =>
    Number(
      (
        await t.ctx.database.db
          .selectFrom('person')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('school_id', '=', school)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Imports a file as the admin: people of the test's own. */
  const imported = async (content: string) => {
    const response = await commit('egne.csv', content);
    expect(response.statusCode, response.body).toBe(201);
  };

  const errorsOf = (body: ImportPreview) =>
    body.rows.flatMap((row) => row.errors.map((error) => `${error.row}:${error.field}`));

  describe('preview', () => {
    it('reads a CSV with BOM and semicolons (Excel in Norway), Norwegian headers and æøå', async () => {
      const file =
        `${BOM}Fornavn;Mellomnavn;Etternavn;E-post;Telefon;Rom;Linje;Roller\r\n` +
        'Kari;Anne;Nordmann;Kari.Nordmann@Example.no;912 34 567;Hybel 3;Friluftsliv;\r\n' +
        'Øystein;;Ås;oystein@example.no;+47 (0)22-33-44-55;;mus;Lærer\r\n' +
        'Åse;;Bø;ase@example.no;;;;Admin, Vaktmester\r\n';
      const before = await peopleCount();
      const response = await preview('elever.csv', file);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<ImportPreview>();
      expect(body).toMatchObject({
        fileName: 'elever.csv',
        delimiter: ';',
        encoding: 'utf-8',
        errorCount: 0,
      });
      expect(body.columns).toEqual({
        first: 'Fornavn',
        middle: 'Mellomnavn',
        last: 'Etternavn',
        email: 'E-post',
        phone: 'Telefon',
        room: 'Rom',
        line: 'Linje',
        roles: 'Roller',
        feideId: null,
      });
      expect(body.rows.map((row) => row.row)).toEqual([2, 3, 4]);
      expect(body.rows[0]).toMatchObject({
        values: { first: 'Kari', middle: 'Anne', last: 'Nordmann', room: 'Hybel 3' },
        lineIds: [friluft],
        roles: [],
      });
      expect(body.rows[1]).toMatchObject({ values: { first: 'Øystein', last: 'Ås' }, lineIds: [musikk] });
      expect(body.rows[1]!.roles).toEqual(['teacher']);
      expect(body.rows[2]!.roles).toEqual(['admin', 'janitor']);
      // A preview writes nobody.
      expect(await peopleCount()).toBe(before);
    });

    it('reads a CSV with commas and English headers, with roles by id', async () => {
      const file =
        'First name,Last name,Email,Mobile,Room,Class,Roles\n' +
        'Ola,Hansen,ola@example.no,98765432,12,FRI,teacher\n' +
        'Per,Olsen,,,,"Friluftsliv, Musikk",\n';
      const body = (await preview('people.csv', file)).json<ImportPreview>();
      expect(body).toMatchObject({ delimiter: ',', errorCount: 0 });
      expect(body.columns.middle).toBeNull();
      expect(body.rows[0]).toMatchObject({ roles: ['teacher'], lineIds: [friluft] });
      expect(body.rows[1]!.lineIds).toEqual([friluft, musikk]);
    });

    it('reads a Windows-1252 file (older Excel) without garbling æøå', async () => {
      const text = 'Fornavn;Etternavn;E-post\r\nBjørn;Æsø;bjorn@example.no\r\n';
      const bytes = Buffer.from([...text].map((char) => ({ ø: 0xf8, Æ: 0xc6 })[char] ?? char.charCodeAt(0)));
      const body = (await preview('gammel.csv', bytes)).json<ImportPreview>();
      expect(body.encoding).toBe('windows-1252');
      expect(body.rows[0]!.values).toMatchObject({ first: 'Bjørn', last: 'Æsø' });
    });

    it('reads UTF-16 text (Excel "Unicode text") with tabs', async () => {
      const text = 'Fornavn\tEtternavn\r\nSiri\tLøvås\r\n';
      const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
      const body = (await preview('unicode.txt', bytes)).json<ImportPreview>();
      expect(body).toMatchObject({ encoding: 'utf-16', delimiter: '\t', errorCount: 0 });
      expect(body.rows[0]!.values.last).toBe('Løvås');
    });

    it('reads an XLSX spreadsheet, numbers as text', async () => {
      const xlsx = await writeXlsxFile([
        ['Fornavn', 'Etternavn', 'Mobil', 'Klasse', 'Roller'],
        ['Liv', 'Berg', 91234567, 'Musikk', 'Stipendiat'],
        ['Nils', 'Dal', null, null, null],
      ]).toBuffer();
      const body = (await preview('elever.xlsx', xlsx)).json<ImportPreview>();
      expect(body).toMatchObject({ encoding: 'xlsx', delimiter: null, errorCount: 0 });
      expect(body.rows[0]).toMatchObject({
        values: { first: 'Liv', last: 'Berg', phone: '91234567' },
        lineIds: [musikk],
        roles: ['stipp'],
      });
      expect(body.rows[1]!.values.phone).toBe('');
    });

    it('takes header synonyms, a title row above the header, and a single name column', async () => {
      const file =
        'Elevliste 2025/26;;;\n' +
        'Navn;EPOST;Mobilnr.;Linje\n' +
        'Nordmann, Kari Anne;kari.anne@example.no;912 34 567;FRI\n' +
        'Ola Jakob Hansen;ola.jakob@example.no;;\n';
      const body = (await preview('navi.csv', file)).json<ImportPreview>();
      expect(body.errorCount).toBe(0);
      expect(body.columns).toMatchObject({ first: 'Navn', last: 'Navn', email: 'EPOST', phone: 'Mobilnr.' });
      expect(body.rows.map((row) => row.row)).toEqual([3, 4]);
      expect(body.rows[0]!.values).toMatchObject({ first: 'Kari', middle: 'Anne', last: 'Nordmann' });
      expect(body.rows[1]!.values).toMatchObject({ first: 'Ola', middle: 'Jakob', last: 'Hansen' });
    });

    it('lists every row error with its row number, field and a Norwegian message', async () => {
      const { email: taken } = await createPerson(t, schoolId);
      const file =
        'Fornavn;Etternavn;E-post;Telefon;Linje;Roller\n' +
        'Kari;Nordmann;kari@example.no;;;\n' + // 2: fine
        'Ola;;ola@example.no;;;\n' + // 3: no last name
        'Per;Olsen;ikke-en-epost;;;\n' + // 4: bad e-mail
        'Liv;Berg;liv@example.no;;Dykking;\n' + // 5: unknown line
        'Nils;Dal;nils@example.no;;;Rektor\n' + // 6: unknown role
        'Kari;Kopi;KARI@example.no;;;\n' + // 7: same e-mail as row 2
        `Åse;Bø;${taken};;;\n` + // 8: e-mail already in the school
        'Tor;Vik;tor@example.no;12;;\n'; // 9: bad phone
      const response = await preview('feil.csv', file);
      expect(response.statusCode).toBe(200);
      const body = response.json<ImportPreview>();
      expect(errorsOf(body)).toEqual([
        '3:last',
        '4:email',
        '5:line',
        '6:roles',
        '7:email',
        '8:email',
        '9:phone',
      ]);
      expect(body.errorCount).toBe(7);
      const message = (row: number) => body.rows.find((r) => r.row === row)!.errors[0]!.message;
      expect(message(3)).toBe('Mangler etternavn.');
      expect(message(4)).toBe('Ugyldig e-postadresse: «ikke-en-epost».');
      expect(message(5)).toBe('Ukjent linje: «Dykking».');
      expect(message(6)).toBe('Ukjent rolle: «Rektor».');
      expect(message(7)).toBe('Samme e-postadresse står også på rad 2.');
      expect(message(8)).toBe('Det finnes allerede en person med denne e-postadressen.');
    });

    it('refuses what is not a people file, with a Norwegian problem and nothing written', async () => {
      const before = await peopleCount();
      const noNames = await preview('x.csv', 'Hei;Hallo\n1;2\n');
      expect(noNames.statusCode).toBe(400);
      expect(noNames.json()).toMatchObject({ code: 'import-unreadable' });
      expect(noNames.json().errors.map((e: { message: string }) => e.message)).toEqual([
        'Mangler kolonnen Fornavn.',
        'Mangler kolonnen Etternavn.',
      ]);

      const xls = await preview(
        'gammel.xls',
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
      );
      expect(xls.statusCode).toBe(400);
      expect(xls.json().detail).toContain('.xls');

      const brokenZip = await preview('ødelagt.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]));
      expect(brokenZip.statusCode).toBe(400);
      expect(brokenZip.json().code).toBe('import-unreadable');

      const binary = await preview('bilde.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]));
      expect(binary.statusCode).toBe(400);

      const headerOnly = await preview('tom.csv', 'Fornavn;Etternavn\n');
      expect(headerOnly.statusCode).toBe(400);
      expect(headerOnly.json().detail).toBe('Filen har ingen personer under overskriftene.');

      const noBody = await t.request({ method: 'POST', url: PREVIEW, cookie: adminCookie, payload: {} });
      expect(noBody.statusCode).toBe(400);
      expect(noBody.json().code).toBe('validation-failed');

      const notBase64 = await t.request({
        method: 'POST',
        url: PREVIEW,
        cookie: adminCookie,
        payload: { fileName: 'x.csv', contentBase64: '<script>' },
      });
      expect(notBase64.statusCode).toBe(400);
      expect(await peopleCount()).toBe(before);
    });

    it('answers 413 for a file over 2 MB, not a 500', async () => {
      const big = Buffer.alloc(2 * 1024 * 1024 + 10, 'a');
      const response = await preview('stor.csv', big);
      expect([400, 413]).toContain(response.statusCode);
      const huge = await t.request({
        method: 'POST',
        url: PREVIEW,
        cookie: adminCookie,
        payload: { fileName: 'x.csv', contentBase64: 'A'.repeat(4 * 1024 * 1024) },
      });
      expect(huge.statusCode).toBe(413);
    });
  });

  describe('commit', () => {
    it('writes nothing when one row is bad, and answers 400 with the errors', async () => {
      const before = await peopleCount();
      const auditBefore = await t.ctx.database.db.selectFrom('audit_log').select('id').execute();
      const file = 'Fornavn;Etternavn;E-post;Linje\nGod;Rad;god@example.no;FRI\nDårlig;Rad;dårlig@;FRI\n';
      const response = await commit('en-feil.csv', file);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation-failed',
        detail: 'Filen har feil, og ingen personer ble importert.',
        errors: [{ path: 'rows.3.email', message: 'Rad 3: Ugyldig e-postadresse: «dårlig@».' }],
      });
      expect(await peopleCount()).toBe(before);
      expect(await t.ctx.database.db.selectFrom('audit_log').select('id').execute()).toHaveLength(
        auditBefore.length,
      );
    });

    it('creates everyone in one transaction, audited, announced once per topic', async () => {
      const before = await peopleCount();
      const lastEvent = await t.ctx.database.db
        .selectFrom('live_event')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      const file =
        `${BOM}Fornavn;Mellomnavn;Etternavn;E-post;Telefon;Rom;Linje;Roller\r\n` +
        'Ingrid;;Lie;ingrid@example.no;912 34 567;Hybel 1;Friluftsliv;\r\n' +
        'Magnus;;Moe;magnus@example.no;;Hybel 2;Musikk;\r\n' +
        'Sofie;Marie;Strand;sofie@example.no;;;;Lærer\r\n';
      const response = await commit('elever.csv', file);
      expect(response.statusCode, response.body).toBe(201);
      const { created, ids } = response.json<{ created: number; ids: string[] }>();
      expect(created).toBe(3);
      expect(await peopleCount()).toBe(before + 3);

      const people = await t.ctx.database.db
        .selectFrom('person')
        .selectAll()
        .where('id', 'in', ids)
        .orderBy('last_name')
        .execute();
      expect(people.map((p) => [p.first_name, p.middle_name, p.last_name, p.email, p.phone, p.room])).toEqual(
        [
          ['Ingrid', null, 'Lie', 'ingrid@example.no', '912 34 567', 'Hybel 1'],
          ['Magnus', null, 'Moe', 'magnus@example.no', null, 'Hybel 2'],
          ['Sofie', 'Marie', 'Strand', 'sofie@example.no', null, null],
        ],
      );
      const members = await t.ctx.database.db
        .selectFrom('line_member')
        .select(['line_id', 'person_id'])
        .where('person_id', 'in', ids)
        .execute();
      expect(members).toHaveLength(2);
      const roles = await t.ctx.database.db
        .selectFrom('person_role')
        .select('role')
        .where('person_id', 'in', ids)
        .execute();
      expect(roles.map((r) => r.role)).toEqual(['teacher']);
      expect(people.every((p) => p.user_id === null)).toBe(true);

      const audit = await t.ctx.database.db
        .selectFrom('audit_log')
        .select(['action', 'entity', 'entity_id', 'after'])
        .where('school_id', '=', schoolId)
        .where('action', 'in', ['create', 'import'])
        .execute();
      for (const id of ids) expect(audit.some((a) => a.action === 'create' && a.entity_id === id)).toBe(true);
      const summary = audit.find((a) => a.action === 'import' && a.after?.includes(ids[0]!));
      expect(JSON.parse(summary!.after!)).toMatchObject({ fileName: 'elever.csv', created: 3 });

      const events = await t.ctx.database.db
        .selectFrom('live_event')
        .select(['topic', 'ids'])
        .where('id', '>', Number(lastEvent?.id ?? 0))
        .where('school_id', '=', schoolId)
        .execute();
      expect(events.filter((e) => e.topic === 'people')).toHaveLength(1);
      expect(JSON.parse(events.find((e) => e.topic === 'people')!.ids).sort()).toEqual([...ids].sort());
    });

    it('imports a whole school (400 people) in one request', async () => {
      const before = await peopleCount();
      const rows = Array.from(
        { length: 400 },
        (_, index) =>
          `Elev${index};Stor;elev${index}@stor.example;;Hybel ${index % 60};${index % 2 ? 'FRI' : 'MUS'};`,
      );
      const file = `Fornavn;Etternavn;E-post;Telefon;Rom;Linje;Roller\n${rows.join('\n')}\n`;
      const started = Date.now();
      const response = await commit('stor.csv', file);
      const ms = Date.now() - started;
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().created).toBe(400);
      expect(await peopleCount()).toBe(before + 400);
      // Generous: a regression to one request per row would be far slower than this.
      expect(ms).toBeLessThan(15_000);
    });

    it('checks again at commit: an e-mail taken since the preview refuses the whole file', async () => {
      const file = 'Fornavn;Etternavn;E-post\nAnne;Aas;anne@example.no\nBo;Berg;bo@example.no\n';
      expect((await preview('igjen.csv', file)).json().errorCount).toBe(0);
      expect(
        (await commit('først.csv', 'Fornavn;Etternavn;E-post\nBo;Berg;bo@example.no\n')).statusCode,
      ).toBe(201);
      const before = await peopleCount();
      const response = await commit('igjen.csv', file);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].path).toBe('rows.3.email');
      expect(await peopleCount()).toBe(before);
    });
  });

  describe('export', () => {
    it('exports everyone as CSV with Norwegian headers, semicolons and a BOM, as an attachment', async () => {
      await imported(
        'Fornavn;Mellomnavn;Etternavn;E-post;Telefon;Rom;Linje;Roller\n' +
          'Inga;;Lien;inga.lien@example.no;912 34 567;Hybel 1;Friluftsliv;\n' +
          'Sara;Marie;Sand;sara.sand@example.no;;;;Lærer\n',
      );
      const response = await t.request({
        method: 'GET',
        url: '/api/v1/people/export?format=csv',
        cookie: adminCookie,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="tun-personer-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const bytes = response.rawPayload;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString('utf8').split('\r\n');
      expect(lines[0]).toBe('Fornavn;Mellomnavn;Etternavn;E-post;Telefon;Rom;Linje;Roller;Feide-ID');
      expect(lines).toContain('Inga;;Lien;inga.lien@example.no;912 34 567;Hybel 1;Friluftsliv;;');
      expect(lines).toContain('Sara;Marie;Sand;sara.sand@example.no;;;;Lærer;');
      expect(lines).toContain('Astrid;;Rektor;rektor@fjordtun.no;;;;Administrator;');
    });

    it('round-trips: the export previews without errors except e-mails already in the school', async () => {
      await imported(
        'Fornavn;Mellomnavn;Etternavn;E-post;Linje;Roller\n' +
          'Runa;;Rundtur;runa.rundtur@example.no;Friluftsliv;\n' +
          'Rita;Marie;Retur;rita.retur@example.no;;Lærer\n',
      );
      const csv = await t.request({ method: 'GET', url: '/api/v1/people/export', cookie: adminCookie });
      const body = (await preview('eksport.csv', csv.rawPayload)).json<ImportPreview>();
      expect(body.rows.length).toBe(await peopleCount());
      const messages = body.rows.flatMap((row) => row.errors.map((e) => e.message));
      expect(messages.length).toBeGreaterThan(0);
      expect(new Set(messages)).toEqual(new Set(['Det finnes allerede en person med denne e-postadressen.']));
      const rita = body.rows.find((row) => row.values.last === 'Retur')!;
      expect(rita).toMatchObject({ roles: ['teacher'], values: { middle: 'Marie' } });
      expect(body.rows.find((row) => row.values.last === 'Rundtur')!.lineIds).toEqual([friluft]);
    });

    it('exports XLSX that previews the same way', async () => {
      await imported('Fornavn;Etternavn;E-post;Roller\nXena;Xlsxen;xena.xlsxen@example.no;Lærer\n');
      const response = await t.request({
        method: 'GET',
        url: '/api/v1/people/export?format=xlsx',
        cookie: adminCookie,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(response.headers['content-disposition']).toMatch(/\.xlsx"$/);
      expect([...response.rawPayload.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
      const body = (await preview('eksport.xlsx', response.rawPayload)).json<ImportPreview>();
      expect(body.encoding).toBe('xlsx');
      expect(body.columns.roles).toBe('Roller');
      expect(new Set(body.rows.flatMap((row) => row.errors.map((e) => e.field)))).toEqual(new Set(['email']));
      expect(body.rows.find((row) => row.values.last === 'Xlsxen')!.roles).toEqual(['teacher']);
    });

    it('defuses cells a spreadsheet would run as formulas, and reads them back as written', async () => {
      await commit('formel.csv', 'Fornavn;Etternavn\n"=HYPERLINK(""http://x"")";Formel\n');
      const csv = (
        await t.request({ method: 'GET', url: '/api/v1/people/export', cookie: adminCookie })
      ).rawPayload.toString('utf8');
      expect(csv).toContain(`"'=HYPERLINK(""http://x"")";;Formel`);
      const body = (await preview('eksport.csv', Buffer.from(csv))).json<ImportPreview>();
      expect(body.rows.find((row) => row.values.last === 'Formel')!.values.first).toBe(
        '=HYPERLINK("http://x")',
      );
    });

    it('defuses formula-like cells in XLSX too, and reads them back as written', async () => {
      await commit(
        'formel2.csv',
        'Fornavn;Etternavn;Rom\n"=HYPERLINK(""http://x"",""y"")";@Formel;+47 rom\n',
      );
      const response = await t.request({
        method: 'GET',
        url: '/api/v1/people/export?format=xlsx',
        cookie: adminCookie,
      });
      const rows = await readSheet(response.rawPayload);
      // Phone numbers are digits with an optional leading +: numbers, not formulas.
      const phone = rows[0]!.indexOf('Telefon');
      const cells = rows
        .flatMap((row) => row.filter((_, column) => column !== phone))
        .map((cell) => String(cell ?? ''));
      expect(cells).toContain(`'=HYPERLINK("http://x","y")`);
      expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
      const body = (await preview('eksport.xlsx', response.rawPayload)).json<ImportPreview>();
      const formel = body.rows.find((row) => row.values.last === '@Formel')!;
      expect(formel.values.first).toBe('=HYPERLINK("http://x","y")');
    });

    it('refuses an unknown format', async () => {
      const response = await t.request({
        method: 'GET',
        url: '/api/v1/people/export?format=pdf',
        cookie: adminCookie,
      });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('tenancy and access', () => {
    it("another school's admin exports only their own people and cannot use this school's lines", async () => {
      const ours = await createPerson(t, schoolId, { first: 'Heimebuande', email: 'heime@example.no' });
      const otherSchool = await createSchool(t);
      const { email } = await createPerson(t, otherSchool, { roles: ['admin'], login: true });
      const cookie = await login(t, email);
      const csv = (
        await t.request({ method: 'GET', url: '/api/v1/people/export', cookie })
      ).rawPayload.toString();
      expect(csv).not.toContain('Heimebuande');
      expect(csv.split('\r\n').filter(Boolean)).toHaveLength(2);
      const body = (
        await preview('x.csv', `Fornavn;Etternavn;E-post;Linje\nA;B;${ours.email};Friluftsliv\n`, cookie)
      ).json<ImportPreview>();
      // The e-mail is this school's, not theirs; the line is not theirs either.
      expect(errorsOf(body)).toEqual(['2:line']);
      // An address another school signs in with is answered as a free one
      // (docs/decisions/015-input-bounds-and-writers.md).
      const signsIn = (
        await preview('x.csv', 'Fornavn;Etternavn;E-post\nA;B;rektor@fjordtun.no\n', cookie)
      ).json<ImportPreview>();
      expect(signsIn.rows[0]!.errors).toEqual([]);
      const created = await commit('x.csv', 'Fornavn;Etternavn\nNy;Nabo\n', cookie);
      expect(created.statusCode).toBe(201);
      expect(await peopleCount(otherSchool)).toBe(2);
    });

    it('is for admins only', async () => {
      const { email } = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
      const cookie = await login(t, email);
      expect((await preview('x.csv', 'Fornavn;Etternavn\nA;B\n', cookie)).statusCode).toBe(403);
      expect((await commit('x.csv', 'Fornavn;Etternavn\nA;B\n', cookie)).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: '/api/v1/people/export', cookie })).statusCode).toBe(403);
    });
  });

  describe('Feide id', () => {
    const feideIdOf = async (id: string) =>
      (
        await t.ctx.database.db
          .selectFrom('person')
          .select('feide_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).feide_id;

    it('reads the Feide id column by its usual headers and sets it on the people it creates', async () => {
      for (const header of ['Feide-ID', 'Feide ID', 'Feidenavn', 'eduPersonPrincipalName', 'feideId']) {
        const body = (
          await preview('feide.csv', `Fornavn;Etternavn;${header}\nKari;Nordmann;kari.hode@skole.no\n`)
        ).json<ImportPreview>();
        expect(body.columns.feideId, header).toBe(header);
        expect(body.ignoredHeaders, header).toEqual([]);
        expect(body.rows[0]!.values.feideId, header).toBe('kari.hode@skole.no');
      }

      const response = await commit(
        'feide.csv',
        'Fornavn;Etternavn;E-post;Feide-ID\n' +
          'Frida;Feide;frida.feide@example.no; Frida.Feide@Skole.no \n' +
          'Uten;Feide;uten.feide@example.no;\n',
      );
      expect(response.statusCode, response.body).toBe(201);
      const [frida, uten] = response.json<{ ids: string[] }>().ids;
      // Stored as written, trimmed: Feide compares it ignoring case.
      expect(await feideIdOf(frida!)).toBe('Frida.Feide@Skole.no');
      expect(await feideIdOf(uten!)).toBeNull();
      const [audit] = await t.ctx.database.db
        .selectFrom('audit_log')
        .select('after')
        .where('entity_id', '=', frida!)
        .where('action', '=', 'create')
        .execute();
      expect(JSON.parse(audit!.after!)).toMatchObject({ feideId: 'Frida.Feide@Skole.no' });
    });

    it('refuses a bad Feide id, one twice in the file and one another person of the school has', async () => {
      await createPerson(t, schoolId, { feideId: 'opptatt@skole.no' });
      const file =
        'Fornavn;Etternavn;Feide-ID\n' +
        'Ane;Ok;ane@skole.no\n' + // 2: fine
        'Bo;Feil;ikke en feide-id\n' + // 3: not name@realm
        'Cato;Kopi;ANE@skole.no\n' + // 4: same as row 2, ignoring case
        'Dina;Opptatt;Opptatt@Skole.no\n' + // 5: another person of the school has it
        `Eli;Lang;${'x'.repeat(200)}@skole.no\n`; // 6: too long
      const before = await peopleCount();
      const body = (await preview('feide-feil.csv', file)).json<ImportPreview>();
      expect(errorsOf(body)).toEqual(['3:feideId', '4:feideId', '5:feideId', '6:feideId']);
      const message = (row: number) => body.rows.find((r) => r.row === row)!.errors[0]!.message;
      expect(message(3)).toBe('Ugyldig Feide-ID: «ikke en feide-id». Den skrives som navn@organisasjon.');
      expect(message(4)).toBe('Samme Feide-ID står også på rad 2.');
      expect(message(5)).toBe('Det finnes allerede en person med denne Feide-ID-en.');

      const response = await commit('feide-feil.csv', file);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.map((error: { path: string }) => error.path)).toEqual([
        'rows.3.feideId',
        'rows.4.feideId',
        'rows.5.feideId',
        'rows.6.feideId',
      ]);
      expect(await peopleCount()).toBe(before);
    });

    it("does not count another school's people", async () => {
      const otherSchool = await createSchool(t);
      await createPerson(t, otherSchool, { feideId: 'nabo@skole.no' });
      const body = (
        await preview('nabo.csv', 'Fornavn;Etternavn;Feide-ID\nNora;Nabo;nabo@skole.no\n')
      ).json<ImportPreview>();
      expect(body.rows[0]!.errors).toEqual([]);
    });

    it('exports the Feide id as its own column, in CSV and XLSX, and reads it back', async () => {
      const { personId } = await createPerson(t, schoolId, {
        first: 'Eksport',
        last: 'Feidesen',
        email: 'eksport.feidesen@example.no',
        feideId: 'eksport.feidesen@skole.no',
      });
      const csv = (
        await t.request({ method: 'GET', url: '/api/v1/people/export', cookie: adminCookie })
      ).rawPayload
        .subarray(3)
        .toString('utf8')
        .split('\r\n');
      expect(csv[0]!.split(';').at(-1)).toBe('Feide-ID');
      expect(csv).toContain('Eksport;;Feidesen;eksport.feidesen@example.no;;;;;eksport.feidesen@skole.no');

      const xlsx = await t.request({
        method: 'GET',
        url: '/api/v1/people/export?format=xlsx',
        cookie: adminCookie,
      });
      const sheet = await readSheet(xlsx.rawPayload);
      const column = sheet[0]!.indexOf('Feide-ID');
      expect(column).toBeGreaterThan(-1);
      expect(sheet.find((row) => row[2] === 'Feidesen')![column]).toBe('eksport.feidesen@skole.no');

      // Read back, the person's own row is refused as already in the school, Feide id and all.
      const body = (await preview('eksport.xlsx', xlsx.rawPayload)).json<ImportPreview>();
      expect(body.columns.feideId).toBe('Feide-ID');
      const row = body.rows.find((r) => r.values.last === 'Feidesen')!;
      expect(row.values.feideId).toBe('eksport.feidesen@skole.no');
      expect(row.errors.map((error) => error.field)).toEqual(['email', 'feideId']);
      expect(await feideIdOf(personId)).toBe('eksport.feidesen@skole.no');
    });
  });
});
