import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInSchoolZone, type Group } from '@tun/shared';
import { listGroups } from '../src/modules/groups/groups.service';
import {
  createPerson,
  createSchool,
  insertGroup,
  listenLive,
  login,
  setupSchool,
  untilAnnounced,
} from './factories';
import { expectNothingWidened, weekNamingTarget } from './calendar-release-factories';
import { createTestApp, dialects, type TestApp } from './helper';

// Inside the window of dates the API accepts (2000–2100).
const FUTURE = '2099-12-31';
const PAST = '2000-01-01';
const YESTERDAY = new Date(Date.parse(`${todayInSchoolZone()}T12:00:00Z`) - 86_400_000)
  .toISOString()
  .slice(0, 10);

describe.each(dialects())('temporary groups on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let adminId: string;
  let adminCookie: string;
  let teacherCookie: string;
  let studentCookie: string;
  let tvCookie: string;
  let students: string[];
  let otherSchoolId: string;
  let otherAdminCookie: string;
  let otherPersonId: string;

  const db = () => t.ctx.database.db;
  const countGroups = async () =>
    (await db().selectFrom('temp_group').select('id').where('school_id', '=', schoolId).execute()).length;
  const countMemberships = async () =>
    (await db().selectFrom('temp_group_member').select('group_id').execute()).length;

  async function create(cookie: string, payload: object) {
    return t.request({ method: 'POST', url: '/api/v1/groups', cookie, payload });
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ schoolId, adminId, adminCookie } = await setupSchool(t));
    teacherCookie = await login(
      t,
      (await createPerson(t, schoolId, { roles: ['teacher'], login: true })).email,
    );
    const student = await createPerson(t, schoolId, { login: true });
    studentCookie = await login(t, student.email);
    tvCookie = await login(t, (await createPerson(t, schoolId, { roles: ['tv'], login: true })).email);
    students = [student.personId];
    for (let i = 0; i < 3; i += 1) {
      students.push((await createPerson(t, schoolId)).personId);
    }
    otherSchoolId = await createSchool(t, 'Nabotun');
    const otherAdmin = await createPerson(t, otherSchoolId, { roles: ['admin'], login: true });
    otherAdminCookie = await login(t, otherAdmin.email);
    otherPersonId = (await createPerson(t, otherSchoolId)).personId;
  });
  afterAll(() => t.close());

  describe('creating', () => {
    it('creates a group with members and an end date, announced and audited', async () => {
      const live = await listenLive(t, schoolId);
      const response = await create(adminCookie, {
        name: '  Turgruppe Galdhøpiggen ',
        members: [students[0], students[1], students[0]],
        endDate: FUTURE,
      });
      expect(response.statusCode).toBe(201);
      const group = response.json<Group>();
      expect(group).toMatchObject({
        name: 'Turgruppe Galdhøpiggen',
        endDate: FUTURE,
        createdBy: adminId,
        archived: false,
      });
      // Named twice, a member is a member once.
      expect([...group.members].sort()).toEqual([students[0], students[1]].sort());
      const event = await live.next((e) => e.topic === 'groups');
      expect(event.ids).toEqual([group.id]);
      live.close();
      const audit = await db()
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'group')
        .where('entity_id', '=', group.id)
        .execute();
      expect(audit.map((row) => [row.action, row.actor_person_id])).toEqual([['create', adminId]]);

      const fetched = await t.request({
        method: 'GET',
        url: `/api/v1/groups/${group.id}`,
        cookie: studentCookie,
      });
      expect(fetched.statusCode).toBe(200);
      expect(fetched.json()).toEqual(group);
    });

    it('creates a group without end date or members', async () => {
      const response = await create(teacherCookie, { name: 'Kor' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ name: 'Kor', endDate: null, members: [], archived: false });
    });

    it('lets every role but students and TV create groups', async () => {
      for (const roles of [['teacher'], ['janitor'], ['kitchen'], ['stipp'], ['developer']] as const) {
        const { email } = await createPerson(t, schoolId, { roles, login: true });
        const response = await create(await login(t, email), { name: `Gruppe for ${roles[0]}` });
        expect(response.statusCode, roles[0]).toBe(201);
      }
    });

    it('refuses students and TV accounts and writes nothing', async () => {
      const before = await countGroups();
      for (const cookie of [studentCookie, tvCookie]) {
        const response = await create(cookie, { name: 'Ikke lov', members: [students[0]] });
        expect(response.statusCode).toBe(403);
        expect(response.json().code).toBe('forbidden');
      }
      expect(await countGroups()).toBe(before);
    });

    it.each([
      ['an empty name', { name: '   ' }, 'body.name'],
      ['a name over 100 characters', { name: 'x'.repeat(101) }, 'body.name'],
      ['a date that does not exist', { name: 'A', endDate: '2030-02-30' }, 'body.endDate'],
      ['a date in another format', { name: 'A', endDate: '31.12.2030' }, 'body.endDate'],
      ['members that are not a list', { name: 'A', members: 'alle' }, 'body.members'],
      ['an end date in the past', { name: 'A', endDate: PAST }, 'endDate'],
      ['an end date yesterday at the school', { name: 'A', endDate: YESTERDAY }, 'endDate'],
    ])('refuses %s with 400 and writes nothing', async (_, payload, path) => {
      const [groups, memberships] = [await countGroups(), await countMemberships()];
      const response = await create(adminCookie, { members: [students[0]], ...payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation-failed');
      expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(path);
      expect(await countGroups()).toBe(groups);
      expect(await countMemberships()).toBe(memberships);
    });

    it('refuses members who are not people of the school, naming each', async () => {
      const before = await countGroups();
      const response = await create(adminCookie, {
        name: 'Blandet',
        members: [students[0], otherPersonId, 'finnes-ikke'],
      });
      expect(response.statusCode).toBe(400);
      const errors = response.json().errors as { path: string; message: string }[];
      expect(errors.map((e) => e.path)).toEqual(['members', 'members']);
      expect(errors.map((e) => e.message).join()).toContain(otherPersonId);
      expect(await countGroups()).toBe(before);
    });

    it('accepts an end date of today at the school', async () => {
      const response = await create(adminCookie, { name: 'I dag', endDate: todayInSchoolZone() });
      expect(response.statusCode).toBe(201);
      expect(response.json().archived).toBe(false);
    });
  });

  describe('the archive', () => {
    it('lists ended groups as archived and the rest as active, to everyone', async () => {
      const ended = await insertGroup(t, schoolId, {
        name: 'Høsttur 2000',
        endDate: PAST,
        members: [students[2]!],
      });
      const open = await insertGroup(t, schoolId, { name: 'Uten slutt', endDate: null });
      const later = await insertGroup(t, schoolId, { name: 'Vårtur', endDate: FUTURE });
      const response = await t.request({ method: 'GET', url: '/api/v1/groups', cookie: studentCookie });
      expect(response.statusCode).toBe(200);
      const byId = new Map(response.json<Group[]>().map((group) => [group.id, group]));
      expect(byId.get(ended)).toMatchObject({ archived: true, members: [students[2]], endDate: PAST });
      expect(byId.get(open)?.archived).toBe(false);
      expect(byId.get(later)?.archived).toBe(false);
    });

    it('archives a group the day after its end date, in the school zone', async () => {
      const id = await insertGroup(t, schoolId, { name: 'Nyttårsgruppe', endDate: '2030-12-31' });
      const status = async (instant: string) =>
        (await listGroups(db(), schoolId, new Date(instant))).find((group) => group.id === id)?.archived;
      // 23:30 UTC on New Year's Eve is already 1 January in Oslo.
      expect(await status('2030-12-31T22:30:00Z')).toBe(false);
      expect(await status('2030-12-31T23:30:00Z')).toBe(true);
    });

    it('keeps an archived group archived when only its name or members change', async () => {
      const id = await insertGroup(t, schoolId, { name: 'Gammel', endDate: PAST });
      const response = await t.request({
        method: 'PATCH',
        url: `/api/v1/groups/${id}`,
        cookie: teacherCookie,
        payload: { name: 'Gammel tur', members: [students[1]], endDate: PAST },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ name: 'Gammel tur', endDate: PAST, archived: true });
    });

    it('brings a group back from the archive with a new end date, but not with another past one', async () => {
      const id = await insertGroup(t, schoolId, { name: 'Gjenoppliv', endDate: PAST });
      const past = await t.request({
        method: 'PATCH',
        url: `/api/v1/groups/${id}`,
        cookie: adminCookie,
        payload: { endDate: '2001-06-01' },
      });
      expect(past.statusCode).toBe(400);
      expect(past.json().errors).toEqual([expect.objectContaining({ path: 'endDate' })]);
      const revived = await t.request({
        method: 'PATCH',
        url: `/api/v1/groups/${id}`,
        cookie: adminCookie,
        payload: { endDate: null },
      });
      expect(revived.statusCode).toBe(200);
      expect(revived.json()).toMatchObject({ endDate: null, archived: false });
    });
  });

  describe('changing and deleting', () => {
    it('renames, replaces members and moves the end date', async () => {
      const { id } = (await create(adminCookie, { name: 'Før', members: [students[0]] })).json<Group>();
      const live = await listenLive(t, schoolId);
      const response = await t.request({
        method: 'PATCH',
        url: `/api/v1/groups/${id}`,
        cookie: teacherCookie,
        payload: { name: 'Etter', members: [students[1], students[2]], endDate: FUTURE },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id, name: 'Etter', endDate: FUTURE });
      expect([...response.json<Group>().members].sort()).toEqual([students[1], students[2]].sort());
      await live.next((e) => e.topic === 'groups' && e.ids.includes(id));
      live.close();
    });

    it('refuses a bad change with 400 and changes nothing', async () => {
      const created = (await create(adminCookie, { name: 'Uendret', members: [students[0]] })).json<Group>();
      for (const payload of [{ name: '' }, { members: [otherPersonId] }, { endDate: PAST }]) {
        const response = await t.request({
          method: 'PATCH',
          url: `/api/v1/groups/${created.id}`,
          cookie: adminCookie,
          payload: { name: 'Nytt navn', ...payload },
        });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      }
      const after = await t.request({
        method: 'GET',
        url: `/api/v1/groups/${created.id}`,
        cookie: adminCookie,
      });
      expect(after.json()).toEqual(created);
    });

    it('deletes a group and its memberships in one go', async () => {
      const { id } = (
        await create(adminCookie, { name: 'Slettes', members: [students[0], students[1]] })
      ).json<Group>();
      const response = await t.request({
        method: 'DELETE',
        url: `/api/v1/groups/${id}`,
        cookie: teacherCookie,
      });
      expect(response.statusCode).toBe(204);
      expect(await db().selectFrom('temp_group').select('id').where('id', '=', id).execute()).toEqual([]);
      expect(
        await db().selectFrom('temp_group_member').select('person_id').where('group_id', '=', id).execute(),
      ).toEqual([]);
      const gone = await t.request({ method: 'GET', url: `/api/v1/groups/${id}`, cookie: adminCookie });
      expect(gone.statusCode).toBe(404);
      const again = await t.request({ method: 'DELETE', url: `/api/v1/groups/${id}`, cookie: adminCookie });
      expect(again.statusCode).toBe(404);
    });

    it('drops a deleted person from the groups they were in', async () => {
      const person = await createPerson(t, schoolId);
      const { id } = (
        await create(adminCookie, { name: 'Med flyttet elev', members: [person.personId] })
      ).json<Group>();
      await db().deleteFrom('person').where('id', '=', person.personId).execute();
      const response = await t.request({ method: 'GET', url: `/api/v1/groups/${id}`, cookie: adminCookie });
      expect(response.json().members).toEqual([]);
    });
  });

  describe('another school', () => {
    it('sees none of the groups and gets 404 for every id, changing nothing', async () => {
      const own = (await create(adminCookie, { name: 'Vår egen', members: [students[0]] })).json<Group>();
      const list = await t.request({ method: 'GET', url: '/api/v1/groups', cookie: otherAdminCookie });
      expect(list.statusCode).toBe(200);
      // Their own groups (another test makes one) may be listed; none of ours.
      const ours = (
        await db().selectFrom('temp_group').select('id').where('school_id', '=', schoolId).execute()
      ).map((row) => row.id);
      expect(ours).toContain(own.id);
      expect(list.json<Group[]>().filter((group) => ours.includes(group.id))).toEqual([]);
      const url = `/api/v1/groups/${own.id}`;
      expect((await t.request({ method: 'GET', url, cookie: otherAdminCookie })).statusCode).toBe(404);
      const patch = await t.request({
        method: 'PATCH',
        url,
        cookie: otherAdminCookie,
        payload: { name: 'Kapret' },
      });
      expect(patch.statusCode).toBe(404);
      expect((await t.request({ method: 'DELETE', url, cookie: otherAdminCookie })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url, cookie: adminCookie })).json()).toEqual(own);
    });

    it("cannot put this school's people in its own groups", async () => {
      const theirs = () =>
        db().selectFrom('temp_group').select('id').where('school_id', '=', otherSchoolId).execute();
      const before = await theirs();
      const response = await create(otherAdminCookie, { name: 'Lån', members: [students[0]] });
      expect(response.statusCode).toBe(400);
      expect(await theirs()).toEqual(before);
    });

    it('announces nothing to this school when another school changes its groups', async () => {
      const live = await listenLive(t, schoolId);
      const response = await create(otherAdminCookie, { name: 'Deres egen' });
      expect(response.statusCode).toBe(201);
      const marker = await untilAnnounced(t, live, adminCookie);
      expect(live.received).toEqual([marker]);
      live.close();
    });
  });

  describe('the calendar when the group is deleted', () => {
    it('lets go of the group in every schedule entry and event, removing what was for it alone', async () => {
      const scenario = await weekNamingTarget(t, schoolId, adminCookie, 'group');
      const references = await t.request({
        method: 'GET',
        url: `${scenario.url}/references`,
        cookie: adminCookie,
      });
      expect(references.statusCode).toBe(200);
      expect(references.json()).toEqual(scenario.expected);
      const deleted = await t.request({ method: 'DELETE', url: scenario.url, cookie: adminCookie });
      expect(deleted.statusCode).toBe(204);
      await expectNothingWidened(t, adminCookie, scenario);
      expect(
        (await t.request({ method: 'GET', url: `${scenario.url}/references`, cookie: adminCookie }))
          .statusCode,
      ).toBe(404);
    });
  });
});
