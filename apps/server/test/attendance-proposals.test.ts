import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDANCE_MESSAGES, type AttendanceSheet, type Proposal } from '@tun/shared';
import { lastLiveEventId, liveEventsAfter } from './factories';
import { attendanceSchool, callApi } from './attendance-factories';
import { createTestApp, dialects, type TestApp } from './helper';

describe.each(dialects())('attendance proposals on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let admin: string;
  let teacher: string;
  let teacherId: string;
  let stipp: string;
  let stippId: string;
  let otherStipp: string;
  let otherAdmin: string;
  let students: Record<'anna' | 'bjorn' | 'cecilie', { id: string; cookie: string }>;
  let eventL: string;
  let eventM: string;

  const api = <T = unknown>(
    cookie: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => callApi<T>(t, cookie, method, url, payload);
  const proposalUrl = (eventId: string) => `/api/v1/attendance/proposals/${encodeURIComponent(eventId)}`;
  const propose = (records: object[], cookie = stipp, eventId = eventL) =>
    api(cookie, 'PUT', proposalUrl(eventId), { records });
  const decide = (action: 'approve' | 'reject', cookie = teacher, eventId = eventL) =>
    api(cookie, 'POST', `${proposalUrl(eventId)}/${action}`);
  const list = (cookie: string, state?: 'pending' | 'approved' | 'rejected' | 'all') =>
    api<Proposal[]>(cookie, 'GET', `/api/v1/attendance/proposals${state ? `?state=${state}` : ''}`);
  const sheet = (eventId = eventL) =>
    api<AttendanceSheet>(teacher, 'GET', `/api/v1/attendance/events/${encodeURIComponent(eventId)}`);
  const count = async (table: 'attendance' | 'attendance_proposed' | 'event_attend_reg_proposed') =>
    Number(
      (
        await t.ctx.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('school_id', '=', schoolId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({
      schoolId,
      admin,
      teacher,
      teacherId,
      stipp,
      otherAdmin,
      students,
      eventL,
      eventM,
      stippId,
      otherStipp,
    } = await attendanceSchool(t));
  });
  afterAll(() => t.close());

  it('lets only scholars propose', async () => {
    const records = [{ studentId: students.anna.id, manualStatus: 'attending' }];
    expect((await propose(records, students.anna.cookie)).status).toBe(403);
    expect((await propose(records, teacher)).status).toBe(403);
    expect((await propose(records, admin)).status).toBe(403);
    expect(await count('event_attend_reg_proposed')).toBe(0);
  });

  it('refuses an unknown student with the SPEC message, writing nothing', async () => {
    const response = await propose([
      { studentId: students.anna.id, manualStatus: 'attending' },
      { studentId: 'nobody', manualStatus: 'attending' },
    ]);
    expect(response.status).toBe(400);
    expect((response.body as { errors: unknown[] }).errors[0]).toEqual({
      path: 'body.records.1.studentId',
      code: 'not-found',
      message: 'Eleven finnes ikke.',
      detail: ATTENDANCE_MESSAGES.studentMissing,
    });
    expect(await count('attendance_proposed')).toBe(0);
    expect(await count('event_attend_reg_proposed')).toBe(0);
  });

  it('answers 404 for an event that does not exist', async () => {
    const response = await propose(
      [{ studentId: students.anna.id, manualStatus: 'attending' }],
      stipp,
      'nosuchentry@1795000000000',
    );
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'event-not-found' });
    expect(await count('event_attend_reg_proposed')).toBe(0);
  });

  it('shows a pending proposal to approvers and to its scholar, not to another scholar', async () => {
    const before = await lastLiveEventId(t);
    // A first draft, replaced by the second while nobody has decided.
    expect((await propose([{ studentId: students.anna.id, manualStatus: 'notAttending' }])).status).toBe(204);
    const response = await propose([
      { studentId: students.anna.id, manualStatus: 'attending' },
      { studentId: students.bjorn.id, manualStatus: 'justifiedLeave', note: 'Legetime' },
    ]);
    expect(response.status).toBe(204);
    expect((await liveEventsAfter(t, before)).map((e) => e.topic)).toContain('attendance');

    for (const cookie of [teacher, admin, stipp]) {
      const { status, body } = await list(cookie);
      expect(status).toBe(200);
      expect(body).toHaveLength(1);
      expect(body[0]).toMatchObject({
        eventId: eventL,
        registeredBy: stippId,
        state: 'pending',
        decidedBy: null,
        decidedAt: null,
      });
      expect(body[0]!.eventStart).toBe(new Date('2026-11-23T08:00:00Z').toISOString());
      expect(body[0]!.records).toEqual(
        expect.arrayContaining([
          { studentId: students.anna.id, manualStatus: 'attending', note: null },
          { studentId: students.bjorn.id, manualStatus: 'justifiedLeave', note: 'Legetime' },
        ]),
      );
      expect(body[0]!.records).toHaveLength(2);
    }
    expect((await list(otherStipp)).body).toEqual([]);
    expect((await list(students.anna.cookie)).status).toBe(403);
    // Proposing writes no attendance.
    expect(await count('attendance')).toBe(0);
  });

  it("hides a school's proposals from another school's admin", async () => {
    expect((await list(otherAdmin, 'all')).body).toEqual([]);
    expect((await decide('approve', otherAdmin)).status).toBe(404);
    expect((await decide('reject', otherAdmin)).status).toBe(404);
    expect((await list(teacher)).body[0]!.state).toBe('pending');
  });

  it('lets neither a student nor a scholar decide', async () => {
    expect((await decide('approve', students.anna.cookie)).status).toBe(403);
    expect((await decide('approve', stipp)).status).toBe(403);
    expect((await decide('reject', stipp)).status).toBe(403);
  });

  it('copies an approved proposal into attendance, registered by the approver, with audit rows', async () => {
    const before = await lastLiveEventId(t);
    expect((await decide('approve')).status).toBe(204);
    expect((await liveEventsAfter(t, before)).map((e) => e.topic)).toContain('attendance');

    const { body } = await sheet();
    const anna = body.rows.find((row) => row.studentId === students.anna.id)!;
    const bjorn = body.rows.find((row) => row.studentId === students.bjorn.id)!;
    expect(anna.status).toBe('attending');
    expect(anna.record).toMatchObject({ manualStatus: 'attending', registeredBy: teacherId });
    expect(bjorn.record).toMatchObject({
      manualStatus: 'justifiedLeave',
      status: 'justifiedLeave',
      note: 'Legetime',
      registeredBy: teacherId,
    });
    expect(body.registration).toMatchObject({ registeredBy: teacherId });

    const audits = await t.ctx.database.db
      .selectFrom('audit_log')
      .select(['entity', 'action', 'entity_id', 'actor_person_id'])
      .where('school_id', '=', schoolId)
      .where('entity', 'in', ['attendance', 'attendance_proposal'])
      .where('actor_person_id', '=', teacherId)
      .execute();
    expect(audits).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entity: 'attendance_proposal', action: 'approve', entity_id: eventL }),
        expect.objectContaining({ entity: 'attendance', entity_id: `${eventL}-${students.anna.id}` }),
        expect.objectContaining({ entity: 'attendance', entity_id: `${eventL}-${students.bjorn.id}` }),
      ]),
    );

    const approved = (await list(teacher, 'approved')).body;
    expect(approved).toHaveLength(1);
    expect(approved[0]).toMatchObject({ eventId: eventL, state: 'approved', decidedBy: teacherId });
    expect(approved[0]!.decidedAt).not.toBeNull();
    expect((await list(teacher)).body).toEqual([]);
    expect((await list(stipp, 'approved')).body.map((p) => p.state)).toEqual(['approved']);
  });

  it('refuses deciding or proposing again once decided', async () => {
    const records = await count('attendance');
    const approveAgain = await decide('approve', admin);
    expect(approveAgain.status).toBe(409);
    expect(approveAgain.body).toMatchObject({ code: 'proposal-decided' });
    expect((await decide('reject')).status).toBe(409);
    const again = await propose([{ studentId: students.anna.id, manualStatus: 'notAttending' }]);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'proposal-decided' });
    expect(await count('attendance')).toBe(records);
    expect((await sheet()).body.rows.find((row) => row.studentId === students.anna.id)!.status).toBe(
      'attending',
    );
  });

  it('leaves attendance untouched when a proposal is rejected', async () => {
    expect(
      (await propose([{ studentId: students.cecilie.id, manualStatus: 'attending' }], stipp, eventM)).status,
    ).toBe(204);
    const records = await count('attendance');
    expect((await decide('reject', admin, eventM)).status).toBe(204);
    expect(await count('attendance')).toBe(records);
    const row = (await sheet(eventM)).body.rows[0]!;
    expect(row).toMatchObject({ studentId: students.cecilie.id, record: null, status: 'notAttending' });
    expect((await sheet(eventM)).body.registration).toBeNull();

    const rejected = (await list(teacher, 'rejected')).body;
    expect(rejected.map((p) => [p.eventId, p.state])).toEqual([[eventM, 'rejected']]);
    expect((await list(teacher, 'all')).body).toHaveLength(2);
    expect((await decide('approve', teacher, eventM)).status).toBe(409);
    expect(
      (await propose([{ studentId: students.cecilie.id, manualStatus: 'attending' }], stipp, eventM)).status,
    ).toBe(409);
  });

  it('answers 404 when approving an event nobody proposed for', async () => {
    expect((await decide('approve', teacher, 'nosuchentry@1795000000000')).status).toBe(404);
  });
});
