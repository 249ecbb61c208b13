import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDANCE_MESSAGES, type AttendanceSheet, type Proposal } from '@tun/shared';
import { callApi, lastLiveEventId, liveEventsAfter } from './factories';
import { attendanceSchool } from './attendance-factories';
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
  let freshWeek: Awaited<ReturnType<typeof attendanceSchool>>['freshWeek'];

  const api = <T = unknown>(
    cookie: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => callApi<T>(t, cookie, method, url, payload);
  const proposalUrl = (eventId: string) => `/api/v1/attendance/proposals/${encodeURIComponent(eventId)}`;
  const propose = (eventId: string, records: object[], cookie = stipp) =>
    api(cookie, 'PUT', proposalUrl(eventId), { records });
  const decide = (eventId: string, action: 'approve' | 'reject', cookie = teacher) =>
    api(cookie, 'POST', `${proposalUrl(eventId)}/${action}`);
  /** The proposals a reader is listed for the given events (other tests propose for theirs). */
  const list = async (
    cookie: string,
    eventIds: string[],
    state?: 'pending' | 'approved' | 'rejected' | 'all',
  ) => {
    const response = await api<Proposal[]>(
      cookie,
      'GET',
      `/api/v1/attendance/proposals${state ? `?state=${state}` : ''}`,
    );
    const body =
      response.status === 200 ? response.body.filter((p) => eventIds.includes(p.eventId)) : response.body;
    return { status: response.status, body };
  };
  const sheet = (eventId: string) =>
    api<AttendanceSheet>(teacher, 'GET', `/api/v1/attendance/events/${encodeURIComponent(eventId)}`);
  /** Rows of the table for one event, or for the whole school. */
  const count = async (
    table: 'attendance' | 'attendance_proposed' | 'event_attend_reg_proposed',
    eventId?: string,
  ) => {
    let query = t.ctx.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('school_id', '=', schoolId);
    if (eventId !== undefined) query = query.where('event_id', '=', eventId);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ schoolId, admin, teacher, teacherId, stipp, otherAdmin, students, stippId, otherStipp, freshWeek } =
      await attendanceSchool(t));
  });
  afterAll(() => t.close());

  it('lets only scholars propose', async () => {
    const { eventL } = await freshWeek();
    const records = [{ studentId: students.anna.id, manualStatus: 'attending' }];
    expect((await propose(eventL, records, students.anna.cookie)).status).toBe(403);
    expect((await propose(eventL, records, teacher)).status).toBe(403);
    expect((await propose(eventL, records, admin)).status).toBe(403);
    expect(await count('event_attend_reg_proposed', eventL)).toBe(0);
  });

  it('refuses an unknown student with the SPEC message, writing nothing', async () => {
    const { eventL } = await freshWeek();
    const response = await propose(eventL, [
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
    expect(await count('attendance_proposed', eventL)).toBe(0);
    expect(await count('event_attend_reg_proposed', eventL)).toBe(0);
  });

  it('answers 404 for an event that does not exist', async () => {
    const before = await count('event_attend_reg_proposed');
    const response = await propose('nosuchentry@1795000000000', [
      { studentId: students.anna.id, manualStatus: 'attending' },
    ]);
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'event-not-found' });
    expect(await count('event_attend_reg_proposed')).toBe(before);
  });

  it('shows a pending proposal to approvers and to its scholar, not to another scholar', async () => {
    const { monday, eventL } = await freshWeek();
    const before = await lastLiveEventId(t);
    // A first draft, replaced by the second while nobody has decided.
    expect(
      (await propose(eventL, [{ studentId: students.anna.id, manualStatus: 'notAttending' }])).status,
    ).toBe(204);
    const response = await propose(eventL, [
      { studentId: students.anna.id, manualStatus: 'attending' },
      { studentId: students.bjorn.id, manualStatus: 'justifiedLeave', note: 'Legetime' },
    ]);
    expect(response.status).toBe(204);
    expect((await liveEventsAfter(t, before)).map((e) => e.topic)).toContain('attendance');

    for (const cookie of [teacher, admin, stipp]) {
      const { status, body } = await list(cookie, [eventL]);
      expect(status).toBe(200);
      expect(body).toHaveLength(1);
      expect(body[0]).toMatchObject({
        eventId: eventL,
        registeredBy: stippId,
        state: 'pending',
        decidedBy: null,
        decidedAt: null,
      });
      // The lesson is at 09:00 in Oslo, in winter time.
      expect(body[0]!.eventStart).toBe(new Date(`${monday}T09:00:00+01:00`).toISOString());
      expect(body[0]!.records).toEqual(
        expect.arrayContaining([
          { studentId: students.anna.id, manualStatus: 'attending', note: null },
          { studentId: students.bjorn.id, manualStatus: 'justifiedLeave', note: 'Legetime' },
        ]),
      );
      expect(body[0]!.records).toHaveLength(2);
    }
    expect((await list(otherStipp, [eventL])).body).toEqual([]);
    expect((await list(students.anna.cookie, [eventL])).status).toBe(403);
    // Proposing writes no attendance.
    expect(await count('attendance', eventL)).toBe(0);
  });

  it("hides a school's proposals from another school's admin", async () => {
    const { eventL } = await freshWeek();
    expect((await propose(eventL, [{ studentId: students.anna.id, manualStatus: 'attending' }])).status).toBe(
      204,
    );
    expect((await api<Proposal[]>(otherAdmin, 'GET', '/api/v1/attendance/proposals?state=all')).body).toEqual(
      [],
    );
    expect((await decide(eventL, 'approve', otherAdmin)).status).toBe(404);
    expect((await decide(eventL, 'reject', otherAdmin)).status).toBe(404);
    expect((await list(teacher, [eventL])).body.map((p) => p.state)).toEqual(['pending']);
  });

  it('lets neither a student nor a scholar decide', async () => {
    const { eventL } = await freshWeek();
    expect((await propose(eventL, [{ studentId: students.anna.id, manualStatus: 'attending' }])).status).toBe(
      204,
    );
    expect((await decide(eventL, 'approve', students.anna.cookie)).status).toBe(403);
    expect((await decide(eventL, 'approve', stipp)).status).toBe(403);
    expect((await decide(eventL, 'reject', stipp)).status).toBe(403);
    expect((await list(teacher, [eventL])).body.map((p) => p.state)).toEqual(['pending']);
  });

  it('copies an approved proposal into attendance, registered by the approver, with audit rows', async () => {
    const { eventL } = await freshWeek();
    expect(
      (
        await propose(eventL, [
          { studentId: students.anna.id, manualStatus: 'attending' },
          { studentId: students.bjorn.id, manualStatus: 'justifiedLeave', note: 'Legetime' },
        ])
      ).status,
    ).toBe(204);
    const before = await lastLiveEventId(t);
    expect((await decide(eventL, 'approve')).status).toBe(204);
    expect((await liveEventsAfter(t, before)).map((e) => e.topic)).toContain('attendance');

    const { body } = await sheet(eventL);
    const anna = body.rows.find((row) => row.studentId === students.anna.id)!;
    const bjorn = body.rows.find((row) => row.studentId === students.bjorn.id)!;
    expect(anna.status).toBe('attending');
    expect(anna.record).toMatchObject({ manualStatus: 'attending', registeredBy: teacherId });
    expect(bjorn.status).toBe('justifiedLeave');
    expect(bjorn.record).toMatchObject({
      manualStatus: 'justifiedLeave',
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

    const approved = (await list(teacher, [eventL], 'approved')).body;
    expect(approved).toHaveLength(1);
    expect(approved[0]).toMatchObject({ eventId: eventL, state: 'approved', decidedBy: teacherId });
    expect(approved[0]!.decidedAt).not.toBeNull();
    expect((await list(teacher, [eventL])).body).toEqual([]);
    expect((await list(stipp, [eventL], 'approved')).body.map((p) => p.state)).toEqual(['approved']);
  });

  it('refuses deciding or proposing again once decided', async () => {
    const { eventL } = await freshWeek();
    expect((await propose(eventL, [{ studentId: students.anna.id, manualStatus: 'attending' }])).status).toBe(
      204,
    );
    expect((await decide(eventL, 'approve')).status).toBe(204);
    const records = await count('attendance', eventL);
    const approveAgain = await decide(eventL, 'approve', admin);
    expect(approveAgain.status).toBe(409);
    expect(approveAgain.body).toMatchObject({ code: 'proposal-decided' });
    expect((await decide(eventL, 'reject')).status).toBe(409);
    const again = await propose(eventL, [{ studentId: students.anna.id, manualStatus: 'notAttending' }]);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'proposal-decided' });
    expect(await count('attendance', eventL)).toBe(records);
    expect((await sheet(eventL)).body.rows.find((row) => row.studentId === students.anna.id)!.status).toBe(
      'attending',
    );
  });

  it('leaves attendance untouched when a proposal is rejected', async () => {
    const { eventL, eventM } = await freshWeek();
    // An approved proposal beside it, for the list of all.
    expect((await propose(eventL, [{ studentId: students.anna.id, manualStatus: 'attending' }])).status).toBe(
      204,
    );
    expect((await decide(eventL, 'approve')).status).toBe(204);
    expect(
      (await propose(eventM, [{ studentId: students.cecilie.id, manualStatus: 'attending' }])).status,
    ).toBe(204);
    const records = await count('attendance');
    expect((await decide(eventM, 'reject', admin)).status).toBe(204);
    expect(await count('attendance')).toBe(records);
    const row = (await sheet(eventM)).body.rows[0]!;
    expect(row).toMatchObject({ studentId: students.cecilie.id, record: null, status: 'notAttending' });
    expect((await sheet(eventM)).body.registration).toBeNull();

    const rejected = (await list(teacher, [eventL, eventM], 'rejected')).body;
    expect(rejected.map((p) => [p.eventId, p.state])).toEqual([[eventM, 'rejected']]);
    expect(
      (await list(teacher, [eventL, eventM], 'all')).body.map((p) => [p.eventId, p.state]).sort(),
    ).toEqual(
      [
        [eventL, 'approved'],
        [eventM, 'rejected'],
      ].sort(),
    );
    expect((await decide(eventM, 'approve')).status).toBe(409);
    expect(
      (await propose(eventM, [{ studentId: students.cecilie.id, manualStatus: 'attending' }])).status,
    ).toBe(409);
  });

  it('answers 404 when approving an event nobody proposed for', async () => {
    expect((await decide('nosuchentry@1795000000000', 'approve')).status).toBe(404);
  });
});
