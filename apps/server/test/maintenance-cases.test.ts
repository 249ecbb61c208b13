/**
 * Janitor cases on the server (issue 17; docs/decisions/026-janitor-cases.md): a student reports
 * a fault with a photo, which is kept without its location; the janitor hears of it live and
 * solves it with a comment; the student is told and sees the comment but not the internal note;
 * nobody else may see the case; reopening within 14 days; numbers under concurrency; erasure.
 * Who may call which route at all is in route-access.test.ts.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case, CaseList, CasePolicies, NotificationList } from '@tun/shared';
import { generateCases } from '../src/demo/generate-cases';
import { photoStorageKey } from '../src/modules/maintenance/case-photos.service';
import { thumbnailKey } from '../src/modules/files/stored-objects';
import { callApi, createPerson, createSchool, insertRoom, login, setupSchool } from './factories';
import { createTestApp, dialects, type TestApp } from './helper';
import { isChange, openSse, type SseStream } from './sse-client';

/** A phone photo: a JPEG with the place it was taken in its EXIF. */
function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .withExif({
      IFD0: { Make: 'Telefon', Model: 'Kamera 12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '63/1 25/1 48/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '10/1 23/1 42/1',
        GPSMapDatum: 'WGS-84',
      },
    })
    .jpeg()
    .toBuffer();
}

const DAY_MS = 24 * 3_600_000;

describe.each(dialects())('janitor cases on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let schoolId: string;
  let roomId: string;
  let otherRoomId: string;
  const people = {} as Record<
    'admin' | 'janitor' | 'anna' | 'bjorn' | 'teacher' | 'foreignJanitor',
    { id: string; cookie: string }
  >;
  const streams: SseStream[] = [];

  const api = <T = unknown>(
    who: keyof typeof people,
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    payload?: object,
  ) => callApi<T>(t, people[who].cookie, method, url, payload);
  const report = (who: keyof typeof people, payload: object) =>
    api<Case>(who, 'POST', '/api/v1/maintenance/cases', payload);
  const uploadPhoto = (who: keyof typeof people, caseId: string, body: Buffer, contentType = 'image/jpeg') =>
    t.request({
      method: 'POST',
      url: `/api/v1/maintenance/cases/${caseId}/photos`,
      cookie: people[who].cookie,
      headers: { 'content-type': contentType },
      payload: body,
    });
  const auditOf = (caseId: string) =>
    t.ctx.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'maintenance_case')
      .where('entity_id', '=', caseId)
      .execute();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const school = await setupSchool(t);
    schoolId = school.schoolId;
    people.admin = { id: school.adminId, cookie: school.adminCookie };
    const person = async (target: string, roles: string[]) => {
      const made = await createPerson(t, target, { roles, login: true });
      return { id: made.personId, cookie: await login(t, made.email) };
    };
    people.janitor = await person(schoolId, ['janitor']);
    people.anna = await person(schoolId, []);
    people.bjorn = await person(schoolId, []);
    people.teacher = await person(schoolId, ['teacher']);
    const otherSchool = await createSchool(t);
    people.foreignJanitor = await person(otherSchool, ['janitor']);
    roomId = await insertRoom(t, schoolId, 'Rom 101');
    otherRoomId = await insertRoom(t, otherSchool, 'Rom 9');
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    streams.forEach((stream) => stream.close());
    await t?.close();
  });

  it('follows a case from the report with a photo to solved, with what each person may see', async () => {
    const janitorStream = await openSse(`${base}/api/v1/live`, { cookie: people.janitor.cookie });
    streams.push(janitorStream);

    const created = await report('anna', {
      title: 'Lekker kran',
      description: 'Det drypper hele natten.',
      roomId,
      category: 'plumbing',
      urgency: 'high',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const caseId = created.body.id;
    expect(created.body).toMatchObject({
      status: 'new',
      submittedBy: people.anna.id,
      roomId,
      photoCount: 0,
      history: [{ status: 'new', byId: people.anna.id, reason: null }],
    });
    expect(created.body.policies).toEqual<CasePolicies>({
      handle: false,
      comment: true,
      commentInternal: false,
      addPhoto: true,
      reopen: false,
    });

    // The photo is stored without its location, with a preview.
    const original = await phonePhoto();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const uploaded = await uploadPhoto('anna', caseId, original);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const photo = uploaded.json<{ id: string; url: string; thumbnailUrl: string }>();
    const stored = await t.ctx.storage.read(photoStorageKey(schoolId, caseId, photo.id));
    const chunks: Buffer[] = [];
    for await (const chunk of stored) chunks.push(chunk as Buffer);
    const storedBytes = Buffer.concat(chunks);
    const storedMeta = await sharp(storedBytes).metadata();
    expect(storedMeta.format).toBe('jpeg');
    expect(storedMeta.exif).toBeUndefined();
    expect(storedBytes.includes('WGS-84')).toBe(false);
    expect(
      await t.ctx.storage.size(thumbnailKey(photoStorageKey(schoolId, caseId, photo.id))),
    ).toBeGreaterThan(0);

    const served = await t.request({ method: 'GET', url: photo.url, cookie: people.anna.cookie });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(String(served.headers['cache-control'])).toContain('private');
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    const thumb = await t.request({ method: 'GET', url: photo.thumbnailUrl, cookie: people.janitor.cookie });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');

    // Anna sees it as new, in her list.
    const own = await api<Case>('anna', 'GET', `/api/v1/maintenance/cases/${caseId}`);
    expect(own.body).toMatchObject({ status: 'new', photoCount: 1 });
    expect(
      (await api<CaseList>('anna', 'GET', '/api/v1/maintenance/cases')).body.cases.map((c) => c.id),
    ).toEqual([caseId]);

    // The janitor heard of it live, naming Anna, and was told.
    const change = await janitorStream.next(isChange('cases'), 10_000);
    expect(JSON.parse(change.data!)).toMatchObject({ topic: 'cases', ids: [people.anna.id] });
    const janitorNotes = await api<NotificationList>('janitor', 'GET', '/api/v1/notifications');
    expect(janitorNotes.body.notifications[0]).toMatchObject({
      category: 'cases',
      link: `/app/janitor/cases/${caseId}`,
    });

    // Nobody else sees it: another student, another school's janitor.
    expect((await api('bjorn', 'GET', `/api/v1/maintenance/cases/${caseId}`)).status).toBe(404);
    expect((await t.request({ method: 'GET', url: photo.url, cookie: people.bjorn.cookie })).statusCode).toBe(
      404,
    );
    expect(
      (await api<CaseList>('bjorn', 'GET', '/api/v1/maintenance/cases')).body.cases.map((c) => c.id),
    ).not.toContain(caseId);
    expect(
      (await api('bjorn', 'POST', `/api/v1/maintenance/cases/${caseId}/comments`, { body: 'Hei' })).status,
    ).toBe(404);
    expect((await api('foreignJanitor', 'GET', `/api/v1/maintenance/cases/${caseId}`)).status).toBe(404);
    expect(
      (await api('foreignJanitor', 'PUT', `/api/v1/maintenance/cases/${caseId}/status`, { status: 'solved' }))
        .status,
    ).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: photo.url, cookie: people.foreignJanitor.cookie })).statusCode,
    ).toBe(404);

    // A teacher may not handle cases.
    expect(
      (await api('teacher', 'PUT', `/api/v1/maintenance/cases/${caseId}/status`, { status: 'solved' }))
        .status,
    ).toBe(403);

    // The janitor takes it, writes an internal note and solves it with a comment.
    expect(
      (
        await api('janitor', 'PUT', `/api/v1/maintenance/cases/${caseId}/assignee`, {
          assigneeId: people.janitor.id,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api('janitor', 'PUT', `/api/v1/maintenance/cases/${caseId}/assignee`, {
          assigneeId: people.anna.id,
        })
      ).status,
    ).toBe(400);
    const note = await api<Case>('janitor', 'POST', `/api/v1/maintenance/cases/${caseId}/comments`, {
      body: 'Pakningen kostet 40 kroner.',
      internal: true,
    });
    expect(note.status).toBe(200);
    const solved = await api<Case>('janitor', 'PUT', `/api/v1/maintenance/cases/${caseId}/status`, {
      status: 'solved',
      comment: 'Byttet pakning i kranen.',
    });
    expect(solved.status, JSON.stringify(solved.body)).toBe(200);
    expect(solved.body.status).toBe('solved');
    expect(solved.body.solvedAt).not.toBeNull();
    expect(solved.body.comments.map((c) => c.body)).toEqual([
      'Pakningen kostet 40 kroner.',
      'Byttet pakning i kranen.',
    ]);

    // Anna is told and sees the comment but not the note.
    const annaNotes = await api<NotificationList>('anna', 'GET', '/api/v1/notifications');
    expect(annaNotes.body.notifications[0]).toMatchObject({
      category: 'cases',
      title: 'Saken din «Lekker kran» er nå Løst',
      text: 'Byttet pakning i kranen.',
    });
    const seen = await api<Case>('anna', 'GET', `/api/v1/maintenance/cases/${caseId}`);
    expect(seen.body.status).toBe('solved');
    expect(seen.body.comments.map((c) => c.body)).toEqual(['Byttet pakning i kranen.']);
    expect(JSON.stringify(seen.body)).not.toContain('40 kroner');
    expect(seen.body.policies.reopen).toBe(true);

    // The same status again changes nothing and tells no one.
    const again = await api<Case>('janitor', 'PUT', `/api/v1/maintenance/cases/${caseId}/status`, {
      status: 'solved',
    });
    expect(again.status).toBe(200);
    expect(again.body.history).toHaveLength(2);
    const annaNotesAfter = await api<NotificationList>('anna', 'GET', '/api/v1/notifications');
    expect(annaNotesAfter.body.notifications).toHaveLength(annaNotes.body.notifications.length);

    // A student may not write an internal note.
    expect(
      (
        await api('anna', 'POST', `/api/v1/maintenance/cases/${caseId}/comments`, {
          body: 'Hei',
          internal: true,
        })
      ).status,
    ).toBe(403);

    // Audit: created, assigned, commented, solved.
    const audit = await auditOf(caseId);
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['create', 'add-photo', 'update', 'comment']),
    );
    expect(audit.find((row) => row.action === 'create')!.actor_person_id).toBe(people.anna.id);
  });

  it('lets the submitter reopen a solved case within 14 days, not after', async () => {
    const created = await report('anna', { title: 'Ødelagt stol', roomId: null, category: 'furniture' });
    const caseId = created.body.id;
    const solve = () =>
      api<Case>('janitor', 'PUT', `/api/v1/maintenance/cases/${caseId}/status`, { status: 'solved' });
    expect((await solve()).status).toBe(200);

    const reopened = await api<Case>('anna', 'POST', `/api/v1/maintenance/cases/${caseId}/reopen`, {
      reason: 'Den knekte igjen.',
    });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(reopened.body).toMatchObject({ status: 'new', solvedAt: null });
    expect(reopened.body.history.at(-1)).toMatchObject({ status: 'new', reason: 'Den knekte igjen.' });
    expect(reopened.body.comments.at(-1)).toMatchObject({ body: 'Den knekte igjen.', internal: false });

    expect((await solve()).status).toBe(200);
    const longAgo = new Date(Date.now() - 15 * DAY_MS).toISOString();
    await t.ctx.database.db
      .updateTable('maintenance_case')
      .set({ solved_at: longAgo })
      .where('id', '=', caseId)
      .execute();
    const late = await api<{ code: string }>('anna', 'POST', `/api/v1/maintenance/cases/${caseId}/reopen`, {
      reason: 'Igjen.',
    });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('case-not-reopenable');
    // A handler still may.
    expect(
      (await api('janitor', 'POST', `/api/v1/maintenance/cases/${caseId}/reopen`, { reason: 'Ser på den.' }))
        .status,
    ).toBe(200);
  });

  it('rejects with a reason only, and refuses bad input and photos that are none', async () => {
    const bad = [
      { title: '', roomId: null, category: 'it' },
      { title: 'X', roomId: null, category: 'roof' },
      { title: 'X', roomId: otherRoomId, category: 'it' },
      { title: 'X'.repeat(200), roomId: null, category: 'it' },
    ];
    for (const payload of bad) {
      const answer = await report('anna', payload);
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect((answer.body as unknown as { code: string }).code).toBe('validation-failed');
    }
    const created = await report('bjorn', { title: 'Wifi nede', roomId, category: 'it' });
    const caseId = created.body.id;
    expect(
      (await api('janitor', 'PUT', `/api/v1/maintenance/cases/${caseId}/status`, { status: 'rejected' }))
        .status,
    ).toBe(400);
    expect((await api('janitor', 'GET', '/api/v1/maintenance/cases?olderThanDays=-1')).status).toBe(400);

    const text = await uploadPhoto('bjorn', caseId, Buffer.from('#!/bin/sh\necho hei\n'), 'image/png');
    expect(text.statusCode).toBe(415);
    expect(text.json<{ code: string }>().code).toBe('file-type-refused');
    const pdf = await uploadPhoto('bjorn', caseId, Buffer.from('%PDF-1.4\n'), 'application/pdf');
    expect(pdf.statusCode).toBe(415);

    const rejected = await api<Case>('janitor', 'PUT', `/api/v1/maintenance/cases/${caseId}/status`, {
      status: 'rejected',
      reason: 'Nettet er skolens IT-ansvarliges sak.',
    });
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      rejectReason: 'Nettet er skolens IT-ansvarliges sak.',
    });
    // A closed case takes no more photos, and the submitter may not comment on a rejected one.
    expect((await uploadPhoto('bjorn', caseId, await phonePhoto())).statusCode).toBe(403);
    expect(
      (await api('bjorn', 'POST', `/api/v1/maintenance/cases/${caseId}/comments`, { body: 'Hvorfor?' }))
        .status,
    ).toBe(403);
  });

  it('stops at six photos a case', async () => {
    const caseId = (await report('anna', { title: 'Mange bilder', roomId, category: 'cleaning' })).body.id;
    const photo = await phonePhoto();
    for (let i = 0; i < 6; i += 1) expect((await uploadPhoto('anna', caseId, photo)).statusCode).toBe(201);
    const seventh = await uploadPhoto('anna', caseId, photo);
    expect(seventh.statusCode).toBe(409);
    expect(seventh.json<{ code: string }>().code).toBe('case-photo-limit');
  });

  it('gives cases reported at the same moment numbers of their own', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        report('teacher', { title: `Samtidig ${i}`, roomId, category: 'other' }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    const numbers = answers.map((answer) => answer.body.number);
    expect(new Set(numbers).size).toBe(8);
  });

  it('lists for handlers with filters, open oldest first, closed after', async () => {
    const list = await api<CaseList>('janitor', 'GET', '/api/v1/maintenance/cases');
    expect(list.status).toBe(200);
    expect(list.body.policies.handle).toBe(true);
    const statuses = list.body.cases.map((c) => c.status);
    const firstClosed = statuses.findIndex((s) => s === 'solved' || s === 'rejected');
    expect(firstClosed).toBeGreaterThan(0);
    expect(statuses.slice(firstClosed).every((s) => s === 'solved' || s === 'rejected')).toBe(true);
    const open = list.body.cases.slice(0, firstClosed).map((c) => c.createdAt);
    expect([...open].sort()).toEqual(open);

    const plumbing = await api<CaseList>(
      'janitor',
      'GET',
      '/api/v1/maintenance/cases?category=plumbing&state=closed',
    );
    expect(plumbing.body.cases.map((c) => c.title)).toEqual(['Lekker kran']);
    const mine = await api<CaseList>('janitor', 'GET', '/api/v1/maintenance/cases?mine=1');
    expect(mine.body.cases.every((c) => c.assignedTo === people.janitor.id)).toBe(true);
    const old = await api<CaseList>('janitor', 'GET', '/api/v1/maintenance/cases?olderThanDays=30');
    expect(old.body.cases).toEqual([]);
    // A submitter's list is their own, whatever the filter.
    const teacher = await api<CaseList>('teacher', 'GET', '/api/v1/maintenance/cases?state=all');
    expect(teacher.body.cases.every((c) => c.submittedBy === people.teacher.id)).toBe(true);
    expect(teacher.body.policies.handle).toBe(false);
  });

  it('keeps the cases of an erased person, without them', async () => {
    const gone = await createPerson(t, schoolId, { login: true });
    const cookie = await login(t, gone.email);
    const created = await callApi<Case>(t, cookie, 'POST', '/api/v1/maintenance/cases', {
      title: 'Knust vindu',
      roomId,
      category: 'furniture',
    });
    const caseId = created.body.id;
    await callApi(t, cookie, 'POST', `/api/v1/maintenance/cases/${caseId}/comments`, {
      body: 'Det trekker.',
    });

    const exported = await api<Record<string, unknown>>(
      'admin',
      'GET',
      `/api/v1/people/${gone.personId}/privacy-export`,
    );
    expect(exported.status).toBe(200);
    expect(exported.body.maintenanceCasesReported).toEqual([
      expect.objectContaining({ id: caseId, title: 'Knust vindu', room: 'Rom 101', status: 'new' }),
    ]);
    expect(exported.body.maintenanceComments).toEqual([expect.objectContaining({ body: 'Det trekker.' })]);

    expect((await api('admin', 'POST', `/api/v1/people/${gone.personId}/erase`, {})).status).toBe(204);
    const kept = await api<Case>('janitor', 'GET', `/api/v1/maintenance/cases/${caseId}`);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ title: 'Knust vindu', submittedBy: null });
    expect(kept.body.comments).toEqual([expect.objectContaining({ body: 'Det trekker.', authorId: null })]);
    expect(kept.body.history.every((change) => change.byId === null)).toBe(true);
  });

  it("makes the demo school's dozen cases through the same services", async () => {
    const before = (await api<CaseList>('janitor', 'GET', '/api/v1/maintenance/cases')).body.cases.length;
    await generateCases(t.ctx, schoolId, {
      janitorId: people.janitor.id,
      teacherId: people.teacher.id,
      kitchenId: undefined,
      demoStudentId: people.anna.id,
    });
    const { cases } = (await api<CaseList>('janitor', 'GET', '/api/v1/maintenance/cases')).body;
    const made = cases.length - before;
    expect(made).toBeGreaterThanOrEqual(11);
    const demo = cases.filter((c) => c.title === 'Sprukket vindusrute' || c.title === 'Taklampe virker ikke');
    expect(demo.map((c) => c.photoCount)).toEqual([1, 1]);
    expect(new Set(cases.map((c) => c.status))).toEqual(
      new Set(['new', 'inProgress', 'waitingForParts', 'solved', 'rejected']),
    );
    const lamp = cases.find((c) => c.title === 'Taklampe virker ikke')!;
    expect(Date.parse(lamp.solvedAt!)).toBeLessThan(Date.now() - 7 * DAY_MS);
  });
});
