/**
 * The janitor's rounds and the cases' statistics (issue 17; docs/decisions/026-janitor-cases.md):
 * writing rounds and the input refused; the stored job that makes a round's cases once when due,
 * moves it to its next date and queues the next job; statistics on known cases with the median
 * hours to solve; the CSV for Excel; who may do what, and another school's round not found.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  ROUNDS_MAX,
  schoolTimeToInstant,
  todayInSchoolZone,
  type CaseStats,
  type Round,
  type RoundInput,
} from '@tun/shared';
import { enqueueJob } from '../src/jobs/job-queue';
import { followingDue, nextDueAfter } from '../src/modules/maintenance/rounds.service';
import {
  callApi,
  createPerson,
  createSchool,
  insertRoom,
  lastLiveEventId,
  liveEventsSince,
  login,
  setupSchool,
} from './factories';
import { createTestApp, dialects, type TestApp } from './helper';

describe('the due dates of a round', () => {
  it('adds a week, or months clamped to the month’s end', () => {
    expect(nextDueAfter('2026-12-29', 'weekly')).toBe('2027-01-05');
    expect(nextDueAfter('2026-01-31', 'monthly')).toBe('2026-02-28');
    expect(nextDueAfter('2028-01-31', 'monthly')).toBe('2028-02-29');
    expect(nextDueAfter('2026-03-15', 'monthly')).toBe('2026-04-15');
    expect(nextDueAfter('2026-11-30', 'quarterly')).toBe('2027-02-28');
    expect(nextDueAfter('2026-12-31', 'monthly')).toBe('2027-01-31');
    expect(nextDueAfter('2028-02-29', 'yearly')).toBe('2029-02-28');
  });

  it('passes today once after a round missed for several periods', () => {
    expect(followingDue('2026-01-31', 'monthly', '2026-02-10')).toBe('2026-02-28');
    expect(followingDue('2026-01-05', 'weekly', '2026-03-01')).toBe('2026-03-02');
    // Due on the day it runs: the next is a period later, never the same day again.
    expect(followingDue('2026-03-02', 'weekly', '2026-03-02')).toBe('2026-03-09');
  });
});

describe.each(dialects())('maintenance rounds on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let admin: string;
  let janitor: string;
  let teacher: string;
  let otherSchoolId: string;
  let otherAdmin: string;
  let rooms: string[];
  let otherRoom: string;

  async function member(roles: string[], school = schoolId) {
    const { email } = await createPerson(t, school, { roles, login: true });
    return login(t, email);
  }

  beforeAll(async () => {
    // The app's runner looks once at start, then not for an hour: the tests run the jobs.
    t = await createTestApp(dialect, { env: { LOGIN_RATE_LIMIT: '1000', JOB_POLL_MS: '3600000' } });
    ({ schoolId, adminCookie: admin } = await setupSchool(t));
    janitor = await member(['janitor']);
    teacher = await member(['teacher']);
    otherSchoolId = await createSchool(t);
    otherAdmin = await member(['admin'], otherSchoolId);
    rooms = [
      await insertRoom(t, schoolId, 'Gymsal'),
      await insertRoom(t, schoolId, 'Kantine'),
      await insertRoom(t, schoolId, 'Verksted'),
    ];
    otherRoom = await insertRoom(t, otherSchoolId, 'Nabosal');
    await t.ctx.jobs.runDue();
  });
  afterAll(() => t.close());

  const db = () => t.ctx.database.db;
  const today = () => todayInSchoolZone();

  const roundInput = (overrides: Partial<RoundInput> = {}): RoundInput => ({
    title: 'Kontroll av brannslukningsapparater',
    description: 'Sjekk trykk og plombe.',
    category: 'other',
    frequency: 'monthly',
    roomIds: [],
    nextDue: addDays(today(), 1),
    active: true,
    ...overrides,
  });

  async function create(overrides: Partial<RoundInput> = {}, cookie = janitor): Promise<Round> {
    const response = await callApi<Round>(
      t,
      cookie,
      'POST',
      '/api/v1/maintenance/rounds',
      roundInput(overrides),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  }

  function expectProblem(response: { status: number; body: unknown }, status: number, code: string) {
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect((response.body as { code: string }).code).toBe(code);
  }

  const casesOfRound = (roundId: string) =>
    db()
      .selectFrom('maintenance_case')
      .selectAll()
      .where('school_id', '=', schoolId)
      .where('round_id', '=', roundId)
      .orderBy('number')
      .execute();

  const queuedJobsOf = async (roundId: string) =>
    (await db().selectFrom('job').selectAll().where('kind', '=', 'maintenance.round').execute())
      .map((job) => ({ ...job, payload: JSON.parse(job.payload) as { roundId: string; due: string } }))
      .filter((job) => job.payload.roundId === roundId);

  /** Makes the round due on `due` as if its date had come: its row and a job for that date. */
  async function makeDue(roundId: string, due: string) {
    await db().updateTable('maintenance_round').set({ next_due: due }).where('id', '=', roundId).execute();
    await enqueueJob(db(), {
      schoolId,
      kind: 'maintenance.round',
      payload: { schoolId, roundId, due },
      runAt: new Date(schoolTimeToInstant(due, '06:00')).toISOString(),
    });
  }

  describe('writing', () => {
    it('creates, lists, changes and deletes a round, audited and announced', async () => {
      const before = await lastLiveEventId(t);
      const round = await create({ roomIds: [rooms[0]!, rooms[1]!] });
      expect(round).toMatchObject({
        title: 'Kontroll av brannslukningsapparater',
        description: 'Sjekk trykk og plombe.',
        category: 'other',
        frequency: 'monthly',
        roomIds: [rooms[0], rooms[1]],
        nextDue: addDays(today(), 1),
        active: true,
        lastRunAt: null,
      });
      const listed = await callApi<Round[]>(t, admin, 'GET', '/api/v1/maintenance/rounds');
      expect(listed.status).toBe(200);
      expect(listed.body.map((item) => item.id)).toContain(round.id);

      const changed = await callApi<Round>(
        t,
        janitor,
        'PUT',
        `/api/v1/maintenance/rounds/${round.id}`,
        roundInput({ title: 'Sjekk nødlys', frequency: 'quarterly', roomIds: [rooms[2]!], active: false }),
      );
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(changed.body).toMatchObject({
        title: 'Sjekk nødlys',
        frequency: 'quarterly',
        roomIds: [rooms[2]],
        active: false,
      });

      const removed = await callApi(t, janitor, 'DELETE', `/api/v1/maintenance/rounds/${round.id}`);
      expect(removed.status).toBe(204);
      expectProblem(
        await callApi(t, janitor, 'PUT', `/api/v1/maintenance/rounds/${round.id}`, roundInput()),
        404,
        'round-not-found',
      );
      expectProblem(
        await callApi(t, janitor, 'DELETE', `/api/v1/maintenance/rounds/${round.id}`),
        404,
        'round-not-found',
      );

      const audit = await db()
        .selectFrom('audit_log')
        .select('action')
        .where('entity', '=', 'maintenance_round')
        .where('entity_id', '=', round.id)
        .execute();
      expect(audit.map((entry) => entry.action).sort()).toEqual(['create', 'delete', 'edit']);
      const announced = (await liveEventsSince(t, schoolId, before)).filter(
        (event) => event.topic === 'cases',
      );
      expect(announced).toEqual([
        { topic: 'cases', ids: [] },
        { topic: 'cases', ids: [] },
        { topic: 'cases', ids: [] },
      ]);
    });

    it('queues one job for an active round at 06:00 of its date, and a new one when the date moves', async () => {
      const round = await create({ nextDue: addDays(today(), 3) });
      const first = await queuedJobsOf(round.id);
      expect(first.map((job) => job.payload.due)).toEqual([addDays(today(), 3)]);
      expect(first[0]!.run_at).toBe(
        new Date(schoolTimeToInstant(addDays(today(), 3), '06:00')).toISOString(),
      );

      // The same date again queues nothing; a new one queues a job for it.
      await callApi(
        t,
        janitor,
        'PUT',
        `/api/v1/maintenance/rounds/${round.id}`,
        roundInput({ nextDue: addDays(today(), 3) }),
      );
      expect(await queuedJobsOf(round.id)).toHaveLength(1);
      await callApi(
        t,
        janitor,
        'PUT',
        `/api/v1/maintenance/rounds/${round.id}`,
        roundInput({ nextDue: addDays(today(), 5) }),
      );
      expect((await queuedJobsOf(round.id)).map((job) => job.payload.due).sort()).toEqual([
        addDays(today(), 3),
        addDays(today(), 5),
      ]);
      // An inactive round is not scheduled; activating it is.
      const paused = await create({ active: false });
      expect(await queuedJobsOf(paused.id)).toEqual([]);
      await callApi(
        t,
        janitor,
        'PUT',
        `/api/v1/maintenance/rounds/${paused.id}`,
        roundInput({ active: true }),
      );
      expect(await queuedJobsOf(paused.id)).toHaveLength(1);
    });

    it('refuses rooms not of the school and a first date in the past; today is allowed', async () => {
      const unknownRoom = await callApi(
        t,
        janitor,
        'POST',
        '/api/v1/maintenance/rounds',
        roundInput({ roomIds: [rooms[0]!, otherRoom, randomUUID()] }),
      );
      expectProblem(unknownRoom, 400, 'validation-failed');
      expect((unknownRoom.body as { errors: { path: string }[] }).errors.map((error) => error.path)).toEqual([
        'body.roomIds.1',
        'body.roomIds.2',
      ]);

      const past = await callApi(
        t,
        janitor,
        'POST',
        '/api/v1/maintenance/rounds',
        roundInput({ nextDue: addDays(today(), -1) }),
      );
      expectProblem(past, 400, 'validation-failed');
      expect((past.body as { errors: { path: string }[] }).errors.map((error) => error.path)).toEqual([
        'body.nextDue',
      ]);
      // Inactive, so that its cases are not made now.
      await create({ nextDue: today(), active: false });

      for (const input of [
        { ...roundInput(), title: '' },
        { ...roundInput(), frequency: 'daily' },
        { ...roundInput(), nextDue: '2026-02-30' },
        { ...roundInput(), roomIds: Array.from({ length: 201 }, () => randomUUID()) },
      ]) {
        expectProblem(
          await callApi(t, janitor, 'POST', '/api/v1/maintenance/rounds', input),
          400,
          'validation-failed',
        );
      }
    });

    it(`keeps a school to ${ROUNDS_MAX} rounds`, async () => {
      const now = new Date().toISOString();
      await db()
        .insertInto('maintenance_round')
        .values(
          Array.from({ length: ROUNDS_MAX }, (_, i) => ({
            id: randomUUID(),
            school_id: otherSchoolId,
            title: `Runde ${i}`,
            description: '',
            category: 'other',
            frequency: 'yearly',
            room_ids: '[]',
            next_due: addDays(today(), 30),
            active: 0,
            last_run_at: null,
            created_by: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      expectProblem(
        await callApi(t, otherAdmin, 'POST', '/api/v1/maintenance/rounds', roundInput()),
        409,
        'conflict',
      );
      const listed = await callApi<Round[]>(t, otherAdmin, 'GET', '/api/v1/maintenance/rounds');
      expect(listed.body).toHaveLength(ROUNDS_MAX);
      await db().deleteFrom('maintenance_round').where('school_id', '=', otherSchoolId).execute();
    });

    it('answers 403 to a teacher and 404 for another school’s round', async () => {
      const round = await create();
      for (const [method, url] of [
        ['GET', '/api/v1/maintenance/rounds'],
        ['POST', '/api/v1/maintenance/rounds'],
        ['PUT', `/api/v1/maintenance/rounds/${round.id}`],
        ['DELETE', `/api/v1/maintenance/rounds/${round.id}`],
        ['GET', '/api/v1/maintenance/stats?from=2026-01-01&to=2026-01-31'],
        ['GET', '/api/v1/maintenance/stats.csv?from=2026-01-01&to=2026-01-31'],
      ] as const) {
        const payload = method === 'POST' || method === 'PUT' ? roundInput() : undefined;
        expectProblem(await callApi(t, teacher, method, url, payload), 403, 'forbidden');
      }
      expectProblem(
        await callApi(t, otherAdmin, 'PUT', `/api/v1/maintenance/rounds/${round.id}`, roundInput()),
        404,
        'round-not-found',
      );
      expectProblem(
        await callApi(t, otherAdmin, 'DELETE', `/api/v1/maintenance/rounds/${round.id}`),
        404,
        'round-not-found',
      );
      const theirs = await callApi<Round[]>(t, otherAdmin, 'GET', '/api/v1/maintenance/rounds');
      expect(theirs.body.map((item) => item.id)).not.toContain(round.id);
      expect(
        (await db().selectFrom('maintenance_round').select('id').where('id', '=', round.id).execute()).length,
      ).toBe(1);
    });
  });

  describe('the job', () => {
    it('makes one case per room when due, moves the round on and queues the next job', async () => {
      const round = await create({ frequency: 'weekly', roomIds: rooms, category: 'electrical' });
      const due = addDays(today(), -1);
      await makeDue(round.id, due);
      await t.ctx.jobs.runDue();

      const cases = await casesOfRound(round.id);
      expect(cases).toHaveLength(3);
      expect(cases.map((item) => item.room_id).sort()).toEqual([...rooms].sort());
      for (const item of cases) {
        expect(item).toMatchObject({
          title: 'Kontroll av brannslukningsapparater',
          description: 'Sjekk trykk og plombe.',
          category: 'electrical',
          urgency: 'normal',
          status: 'new',
          submitted_by: null,
        });
      }
      const stored = await callApi<Round[]>(t, janitor, 'GET', '/api/v1/maintenance/rounds');
      const after = stored.body.find((item) => item.id === round.id)!;
      expect(after.nextDue).toBe(addDays(due, 7));
      expect(after.lastRunAt).not.toBeNull();
      // The job for the original date (tomorrow) waits and will find the round moved on; the
      // next one is queued for the new date.
      expect((await queuedJobsOf(round.id)).map((job) => job.payload.due)).toContain(addDays(due, 7));
      const audit = await db()
        .selectFrom('audit_log')
        .select('action')
        .where('entity', '=', 'maintenance_round')
        .where('entity_id', '=', round.id)
        .execute();
      expect(audit.map((entry) => entry.action)).toContain('run');
    });

    it('makes the cases once when the same due date runs twice, even at the same time', async () => {
      const round = await create({ roomIds: [rooms[0]!, rooms[1]!] });
      const due = addDays(today(), -2);
      await makeDue(round.id, due);
      // A second job for the same date, as a second instance or a retry would run.
      await enqueueJob(db(), {
        schoolId,
        kind: 'maintenance.round',
        payload: { schoolId, roundId: round.id, due },
      });
      await t.ctx.jobs.runDue();
      expect(await casesOfRound(round.id)).toHaveLength(2);
      // Once more, after it has moved on.
      await enqueueJob(db(), {
        schoolId,
        kind: 'maintenance.round',
        payload: { schoolId, roundId: round.id, due },
      });
      await t.ctx.jobs.runDue();
      expect(await casesOfRound(round.id)).toHaveLength(2);
      const [stored] = await db()
        .selectFrom('maintenance_round')
        .select('next_due')
        .where('id', '=', round.id)
        .execute();
      expect(stored!.next_due).toBe(followingDue(due, 'monthly', today()));
    });

    it('makes one case without a room for a round without rooms', async () => {
      const round = await create({ title: 'Sjekk nødlys', frequency: 'quarterly' });
      await makeDue(round.id, addDays(today(), -1));
      await t.ctx.jobs.runDue();
      const cases = await casesOfRound(round.id);
      expect(cases.map((item) => [item.title, item.room_id])).toEqual([['Sjekk nødlys', null]]);
    });

    it('makes nothing for an inactive round, a deleted one, or a job whose date has moved', async () => {
      const inactive = await create({ active: false, roomIds: rooms });
      await makeDue(inactive.id, addDays(today(), -1));
      const deleted = await create({ roomIds: rooms });
      await makeDue(deleted.id, addDays(today(), -1));
      await callApi(t, janitor, 'DELETE', `/api/v1/maintenance/rounds/${deleted.id}`);
      const moved = await create({ roomIds: rooms, nextDue: addDays(today(), 10) });
      await enqueueJob(db(), {
        schoolId,
        kind: 'maintenance.round',
        payload: { schoolId, roundId: moved.id, due: addDays(today(), -1) },
      });
      await t.ctx.jobs.runDue();

      expect(await casesOfRound(inactive.id)).toEqual([]);
      expect(await casesOfRound(deleted.id)).toEqual([]);
      expect(await casesOfRound(moved.id)).toEqual([]);
      const [row] = await db()
        .selectFrom('maintenance_round')
        .select(['next_due', 'last_run_at'])
        .where('id', '=', inactive.id)
        .execute();
      expect(row).toEqual({ next_due: addDays(today(), -1), last_run_at: null });
      expect(await queuedJobsOf(inactive.id)).toEqual([]);
    });
  });

  describe('statistics', () => {
    let statsSchool: string;
    let statsAdmin: string;
    let gym: string;
    let caseNumber = 0;

    /** A case reported at `createdAt`, with its status changes after that many hours. */
    async function insertCase(values: {
      title?: string;
      category: string;
      status: string;
      roomId?: string | null;
      createdAt: string;
      changes?: [status: string, hours: number][];
    }) {
      const id = randomUUID();
      caseNumber += 1;
      const at = (hours: number) => new Date(Date.parse(values.createdAt) + hours * 3_600_000).toISOString();
      await db()
        .insertInto('maintenance_case')
        .values({
          id,
          school_id: statsSchool,
          number: caseNumber,
          title: values.title ?? `Sak ${caseNumber}`,
          description: '',
          room_id: values.roomId ?? null,
          category: values.category,
          urgency: 'normal',
          status: values.status,
          reject_reason: values.status === 'rejected' ? 'Ikke vårt ansvar' : null,
          submitted_by: null,
          assigned_to: null,
          round_id: null,
          created_at: values.createdAt,
          updated_at: values.createdAt,
          solved_at: null,
        })
        .execute();
      const changes: [string, number][] = [['new', 0], ...(values.changes ?? [])];
      await db()
        .insertInto('maintenance_status_change')
        .values(
          changes.map(([status, hours]) => ({
            id: randomUUID(),
            school_id: statsSchool,
            case_id: id,
            status,
            reason: null,
            changed_by: null,
            at: at(hours),
          })),
        )
        .execute();
      return id;
    }

    beforeAll(async () => {
      statsSchool = await createSchool(t, 'Statstun');
      statsAdmin = await member(['admin'], statsSchool);
      gym = await insertRoom(t, statsSchool, 'Gymsal');
      await insertCase({
        title: '=HYPERLINK("http://evil.example")',
        category: 'electrical',
        status: 'solved',
        roomId: gym,
        createdAt: '2025-03-03T08:00:00.000Z',
        changes: [
          ['inProgress', 1],
          ['solved', 10],
        ],
      });
      // Solved, reopened and solved again: the time to solve runs to the last «Løst».
      await insertCase({
        category: 'electrical',
        status: 'solved',
        createdAt: '2025-03-05T08:00:00.000Z',
        changes: [
          ['solved', 4],
          ['new', 5],
          ['solved', 30],
        ],
      });
      await insertCase({
        category: 'plumbing',
        status: 'solved',
        createdAt: '2025-03-10T08:00:00.000Z',
        changes: [['solved', 2]],
      });
      // Solved once, then reopened: not solved now.
      await insertCase({
        category: 'plumbing',
        status: 'inProgress',
        roomId: gym,
        createdAt: '2025-03-12T08:00:00.000Z',
        changes: [
          ['solved', 3],
          ['inProgress', 4],
        ],
      });
      await insertCase({
        category: 'furniture',
        status: 'rejected',
        createdAt: '2025-03-20T08:00:00.000Z',
        changes: [['rejected', 1]],
      });
      // Outside the period (reported 1 April at the school), open now without a room.
      await insertCase({ category: 'electrical', status: 'new', createdAt: '2025-03-31T22:30:00.000Z' });
    });

    it('counts open cases now, and reported, solved and the median hours to solve in the period', async () => {
      const response = await callApi<CaseStats>(
        t,
        statsAdmin,
        'GET',
        '/api/v1/maintenance/stats?from=2025-03-01&to=2025-03-31',
      );
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const stats = response.body;
      expect(stats).toMatchObject({ from: '2025-03-01', to: '2025-03-31', reported: 5, solved: 3 });
      expect(stats.medianHoursToSolve).toBe(10);
      expect(stats.openByRoom).toEqual(
        expect.arrayContaining([
          { roomId: gym, count: 1 },
          { roomId: null, count: 1 },
        ]),
      );
      expect(stats.openByRoom).toHaveLength(2);
      expect(stats.openByCategory).toEqual([
        { category: 'electrical', count: 1 },
        { category: 'plumbing', count: 1 },
      ]);
      const of = (category: string) => stats.byCategory.find((row) => row.category === category);
      expect(of('electrical')).toEqual({
        category: 'electrical',
        reported: 2,
        solved: 2,
        medianHoursToSolve: 20,
      });
      expect(of('plumbing')).toEqual({ category: 'plumbing', reported: 2, solved: 1, medianHoursToSolve: 2 });
      expect(of('furniture')).toEqual({
        category: 'furniture',
        reported: 1,
        solved: 0,
        medianHoursToSolve: null,
      });
      expect(stats.byCategory).toHaveLength(6);

      // The janitor's school sees none of these.
      const own = await callApi<CaseStats>(
        t,
        janitor,
        'GET',
        '/api/v1/maintenance/stats?from=2025-03-01&to=2025-03-31',
      );
      expect(own.body.reported).toBe(0);
    });

    it('refuses a period longer than a year or ending before it starts', async () => {
      for (const query of [
        'from=2025-01-01&to=2026-01-02',
        'from=2025-03-10&to=2025-03-01',
        'from=2025-03-01',
      ]) {
        for (const path of ['stats', 'stats.csv']) {
          expectProblem(
            await callApi(t, statsAdmin, 'GET', `/api/v1/maintenance/${path}?${query}`),
            400,
            'validation-failed',
          );
        }
      }
      // A whole leap year is allowed.
      const year = await callApi(
        t,
        statsAdmin,
        'GET',
        '/api/v1/maintenance/stats?from=2028-01-01&to=2028-12-31',
      );
      expect(year.status).toBe(200);
    });

    it('writes the period’s cases as CSV for Excel, with formulas defused', async () => {
      const response = await t.request({
        method: 'GET',
        url: '/api/v1/maintenance/stats.csv?from=2025-03-01&to=2025-03-31',
        cookie: statsAdmin,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="saker-2025-03-01-2025-03-31.csv"',
      );
      const bytes = response.rawPayload;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
      expect(lines[0]).toBe('Sak;Tittel;Rom;Kategori;Hastegrad;Status;Meldt;Løst;Timer til løst');
      expect(lines).toHaveLength(6);
      // 08:00 UTC is 09:00 in Oslo in March (before the clocks change).
      expect(lines[1]).toBe(
        `1;"'=HYPERLINK(""http://evil.example"")";Gymsal;Elektrisk;Normal;Løst;03.03.2025 09:00;03.03.2025 19:00;10,0`,
      );
      expect(lines[4]).toBe('4;Sak 4;Gymsal;Rørlegger;Normal;Under arbeid;12.03.2025 09:00;;');
      expect(lines[5]).toBe('5;Sak 5;;Inventar;Normal;Avvist;20.03.2025 09:00;;');
    });
  });
});
