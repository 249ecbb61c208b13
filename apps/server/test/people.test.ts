import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SINGLE_LINE_MESSAGE, type Person, type PersonInput } from '@tun/shared';
import { write } from '../src/db/write';
import { loadPeople } from '../src/modules/people/people.service';
import { createPerson, createSchool, insertLine, login, PASSWORD, setupSchool } from './factories';
import { createTestApp, dialects, type TestApp } from './helper';

describe.each(dialects())('people and roles on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let adminId: string;
  let adminCookie: string;
  let lineId: string;
  let otherLineId: string;
  let otherSchoolId: string;
  let otherAdminCookie: string;
  let otherPersonId: string;

  const db = () => t.ctx.database.db;

  async function countRows() {
    const [people, roles, members, audit] = await Promise.all([
      db().selectFrom('person').select('id').execute(),
      db().selectFrom('person_role').select('person_id').execute(),
      db().selectFrom('line_member').select('person_id').execute(),
      db().selectFrom('audit_log').select('id').execute(),
    ]);
    return { people: people.length, roles: roles.length, members: members.length, audit: audit.length };
  }

  async function auditOf(entityId: string, action: string) {
    return db()
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', entityId)
      .where('action', '=', action)
      .orderBy('at')
      .execute();
  }

  async function postPerson(input: Partial<PersonInput> & { name?: PersonInput['name'] } = {}) {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/people',
      cookie: adminCookie,
      payload: { name: { first: 'Kari', middle: 'Anne', last: 'Nordmann' }, ...input },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Person>();
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ schoolId, adminId, adminCookie } = await setupSchool(t));
    lineId = await insertLine(t, schoolId, { name: 'Friluftsliv' });
    otherSchoolId = await createSchool(t, 'Nabotun');
    otherLineId = await insertLine(t, otherSchoolId, { name: 'Musikk' });
    const otherAdmin = await createPerson(t, otherSchoolId, { roles: ['admin'], login: true });
    otherAdminCookie = await login(t, otherAdmin.email);
    ({ personId: otherPersonId } = await createPerson(t, otherSchoolId));
  });
  afterAll(() => t.close());

  describe('listing', () => {
    it("lists the school's people with roles, lines and login state, never another school's", async () => {
      const student = await postPerson({ memberOf: [lineId], email: 'liste.elev@fjordtun.no' });
      const response = await t.request({ method: 'GET', url: '/api/v1/people', cookie: adminCookie });
      expect(response.statusCode).toBe(200);
      const people = response.json<Person[]>();
      const ids = people.map((person) => person.id);
      expect(ids).toContain(adminId);
      expect(ids).toContain(student.id);
      expect(ids).not.toContain(otherPersonId);
      expect(people.find((person) => person.id === adminId)).toMatchObject({
        roles: ['admin'],
        hasLogin: true,
        email: 'rektor@fjordtun.no',
      });
      expect(people.find((person) => person.id === student.id)).toMatchObject({
        memberOf: [lineId],
        roles: [],
        hasLogin: false,
        userMutableData: {},
      });

      const other = await t.request({ method: 'GET', url: '/api/v1/people', cookie: otherAdminCookie });
      const otherIds = other.json<Person[]>().map((person) => person.id);
      expect(otherIds).toContain(otherPersonId);
      expect(otherIds).not.toContain(adminId);
      expect(otherIds).not.toContain(student.id);
    });

    it('is open to every signed-in role, students included', async () => {
      const { email } = await createPerson(t, schoolId, { login: true });
      const response = await t.request({
        method: 'GET',
        url: '/api/v1/people',
        cookie: await login(t, email),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<Person[]>().map((person) => person.id)).toContain(adminId);
    });

    it("shows students' and scholars' e-mail and phone to staff only, and to themselves", async () => {
      const student = await createPerson(t, schoolId, { login: true });
      const scholar = await createPerson(t, schoolId, { roles: ['stipp'], login: true });
      const teacher = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
      await db()
        .updateTable('person')
        .set({ phone: '+47 912 34 567' })
        .where('id', '=', student.personId)
        .execute();
      // Written past the routes, so announced as they announce it: the list is a kept answer.
      await write(t.ctx, schoolId, async (_trx, publish) =>
        publish('people', [student.personId, scholar.personId, teacher.personId]),
      );
      const contactOf = async (email: string, id: string) => {
        const cookie = await login(t, email);
        const list = await t.request({ method: 'GET', url: '/api/v1/people', cookie });
        const one = await t.request({ method: 'GET', url: `/api/v1/people/${id}`, cookie });
        const listed = list.json<Person[]>().find((person) => person.id === id)!;
        expect(one.json<Person>()).toMatchObject({ email: listed.email, phone: listed.phone });
        return { email: listed.email, phone: listed.phone };
      };
      expect(await contactOf(teacher.email, student.personId)).toEqual({
        email: student.email,
        phone: '+47 912 34 567',
      });
      expect(await contactOf(scholar.email, student.personId)).toEqual({ email: null, phone: null });
      expect(await contactOf(student.email, student.personId)).toEqual({
        email: student.email,
        phone: '+47 912 34 567',
      });
      // Staff contact stays visible to everyone.
      expect((await contactOf(student.email, teacher.personId)).email).toBe(teacher.email);
    });

    it('filters by role, by students (no roles) and by line', async () => {
      const teacher = await postPerson({ roles: ['teacher'], email: 'filter.laerer@fjordtun.no' });
      const student = await postPerson({ memberOf: [lineId], email: 'filter.elev@fjordtun.no' });
      const get = async (query: string) =>
        (await t.request({ method: 'GET', url: `/api/v1/people?${query}`, cookie: adminCookie }))
          .json<Person[]>()
          .map((person) => person.id);
      const teachers = await get('role=teacher');
      expect(teachers).toContain(teacher.id);
      expect(teachers).not.toContain(student.id);
      const students = await get('role=student');
      expect(students).toContain(student.id);
      expect(students).not.toContain(teacher.id);
      expect(students).not.toContain(adminId);
      const inLine = await get(`line=${lineId}`);
      expect(inLine).toContain(student.id);
      expect(inLine).not.toContain(teacher.id);
      const bad = await t.request({ method: 'GET', url: '/api/v1/people?role=rektor', cookie: adminCookie });
      expect(bad.statusCode).toBe(400);
    });

    it('skips a membership of a line that is not there with a warning (SPEC §8)', async () => {
      const person = await postPerson({ email: 'borte.linje@fjordtun.no' });
      // Foreign keys keep memberships of deleted lines out; a row pointing at another school's
      // line is the case that can still be stored.
      await write(t.ctx, schoolId, (trx) =>
        trx
          .insertInto('line_member')
          .values({ line_id: otherLineId, person_id: person.id, school_id: schoolId })
          .execute(),
      );
      const warnings: string[] = [];
      const [loaded] = await loadPeople(db(), schoolId, {
        ids: [person.id],
        warn: (message) => warnings.push(message),
      });
      expect(loaded?.memberOf).toEqual([]);
      expect(warnings).toEqual([expect.stringContaining(otherLineId)]);
      await db().deleteFrom('line_member').where('person_id', '=', person.id).execute();
    });
  });

  describe('creating', () => {
    it('creates a person with contact, room, lines and roles, audited and announced', async () => {
      const before = await db().selectFrom('live_event').select('id').execute();
      const person = await postPerson({
        name: { first: 'Ola', middle: 'Johan', last: 'Lærer' },
        email: 'Ola.Laerer@Fjordtun.no',
        phone: '+47 912 34 567',
        room: 'A12',
        memberOf: [lineId, lineId],
        roles: ['teacher', 'janitor', 'teacher'],
      });
      expect(person).toMatchObject({
        name: { first: 'Ola', middle: 'Johan', last: 'Lærer' },
        email: 'ola.laerer@fjordtun.no',
        phone: '+47 912 34 567',
        room: 'A12',
        memberOf: [lineId],
        roles: ['janitor', 'teacher'],
        hasLogin: false,
      });
      const read = await t.request({
        method: 'GET',
        url: `/api/v1/people/${person.id}`,
        cookie: adminCookie,
      });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(person);

      const [audit] = await auditOf(person.id, 'create');
      expect(audit).toMatchObject({ actor_person_id: adminId, entity: 'person', before: null });
      expect(JSON.parse(audit!.after!)).toMatchObject({ roles: ['janitor', 'teacher'], memberOf: [lineId] });

      const events = await db()
        .selectFrom('live_event')
        .select(['topic', 'ids'])
        .where('id', 'not in', before.length > 0 ? before.map((row) => row.id) : [-1])
        .execute();
      expect(events).toContainEqual({ topic: 'people', ids: JSON.stringify([person.id]) });
      expect(events).toContainEqual({ topic: 'lines', ids: JSON.stringify([lineId]) });
    });

    it('creates a student with only a name', async () => {
      const person = await postPerson({ name: { first: 'Emma', last: 'Elev' } });
      expect(person).toMatchObject({ email: null, phone: null, room: null, memberOf: [], roles: [] });
    });

    const invalid: [string, Record<string, unknown>, string][] = [
      ['a bad e-mail', { email: 'ikke-en-epost' }, 'body.email'],
      ['a bad phone number', { phone: 'ring meg' }, 'body.phone'],
      ['an unknown role', { roles: ['rektor'] }, 'body.roles.0'],
      ['an empty first name', { name: { first: ' ', last: 'Nordmann' } }, 'body.name.first'],
      ['an unknown line id', { memberOf: ['finnes-ikke'] }, 'memberOf'],
    ];
    for (const [what, payload, path] of invalid) {
      it(`refuses ${what} with 400 and writes nothing`, async () => {
        const before = await countRows();
        const response = await t.request({
          method: 'POST',
          url: '/api/v1/people',
          cookie: adminCookie,
          payload: { name: { first: 'Feil', last: 'Person' }, ...payload },
        });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().code).toBe('validation-failed');
        expect(response.json().errors.map((error: { path: string }) => error.path)).toContain(path);
        expect(await countRows()).toEqual(before);
      });
    }

    it("refuses another school's line as unknown", async () => {
      const before = await countRows();
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/people',
        cookie: adminCookie,
        payload: { name: { first: 'Feil', last: 'Linje' }, memberOf: [otherLineId] },
      });
      expect(response.statusCode).toBe(400);
      expect(await countRows()).toEqual(before);
    });

    it('refuses line breaks and other control characters in names and rooms', async () => {
      const before = await countRows();
      for (const [payload, path] of [
        [{ name: { first: 'Kari\nBcc: x', last: 'Nordmann' } }, 'body.name.first'],
        [{ name: { first: 'Kari', last: 'Nord\rmann' } }, 'body.name.last'],
        [{ name: { first: 'Kari', middle: 'A\u0007', last: 'Nordmann' } }, 'body.name.middle'],
        [{ name: { first: 'Kari', last: 'Nordmann' }, room: 'Hybel\u2028LOCATION:x' }, 'body.room'],
      ] as const) {
        const response = await t.request({
          method: 'POST',
          url: '/api/v1/people',
          cookie: adminCookie,
          payload,
        });
        expect(response.statusCode, path).toBe(400);
        const errors = response.json<{ errors: { path: string; code: string; message: string }[] }>().errors;
        expect(
          errors.find((error) => error.path === path),
          path,
        ).toMatchObject({
          code: 'single-line',
          message: SINGLE_LINE_MESSAGE,
        });
      }
      // White space around a name is trimmed, a trailing newline too.
      expect(
        (
          await t.request({
            method: 'POST',
            url: '/api/v1/people',
            cookie: adminCookie,
            payload: { name: { first: ' Kari\n', last: 'Linjeskift' } },
          })
        ).json<Person>().name.first,
      ).toBe('Kari');
      expect((await countRows()).people).toBe(before.people + 1);
    });

    it('refuses an e-mail address someone already uses with 409 and writes nothing', async () => {
      const before = await countRows();
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/people',
        cookie: adminCookie,
        payload: { name: { first: 'Dobbel', last: 'Adresse' }, email: 'REKTOR@fjordtun.no' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'conflict', errors: [{ path: 'email' }] });
      expect(await countRows()).toEqual(before);
    });
  });

  describe('changing', () => {
    it('changes name, contact, room and lines, audited with before and after', async () => {
      const secondLine = await insertLine(t, schoolId, { name: 'Kunst' });
      const person = await postPerson({ email: 'endre@fjordtun.no', memberOf: [lineId], room: 'B1' });
      const response = await t.request({
        method: 'PATCH',
        url: `/api/v1/people/${person.id}`,
        cookie: adminCookie,
        payload: {
          name: { first: 'Kari', last: 'Hansen' },
          phone: '99887766',
          room: null,
          memberOf: [secondLine],
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        name: { first: 'Kari', last: 'Hansen' },
        email: 'endre@fjordtun.no',
        phone: '99887766',
        room: null,
        memberOf: [secondLine],
      });
      const [audit] = await auditOf(person.id, 'update');
      expect(audit?.actor_person_id).toBe(adminId);
      expect(JSON.parse(audit!.before!)).toMatchObject({
        name: { first: 'Kari', middle: 'Anne', last: 'Nordmann' },
        room: 'B1',
        memberOf: [lineId],
      });
      expect(JSON.parse(audit!.after!)).toMatchObject({
        name: { first: 'Kari', last: 'Hansen' },
        room: null,
        memberOf: [secondLine],
      });
    });

    it('refuses bad changes with 400 and changes nothing', async () => {
      const person = await postPerson({ email: 'uendret@fjordtun.no', memberOf: [lineId] });
      for (const payload of [
        { email: 'ikke-gyldig' },
        { memberOf: ['finnes-ikke'] },
        { memberOf: [otherLineId] },
        { name: { first: '', last: 'X' } },
      ]) {
        const response = await t.request({
          method: 'PATCH',
          url: `/api/v1/people/${person.id}`,
          cookie: adminCookie,
          payload,
        });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      }
      const read = await t.request({
        method: 'GET',
        url: `/api/v1/people/${person.id}`,
        cookie: adminCookie,
      });
      expect(read.json()).toEqual(person);
      expect(await auditOf(person.id, 'update')).toEqual([]);
    });

    it("moves a signed-in person's account to the new address", async () => {
      const member = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
      const response = await t.request({
        method: 'PATCH',
        url: `/api/v1/people/${member.personId}`,
        cookie: adminCookie,
        payload: { email: 'ny.adresse@fjordtun.no' },
      });
      expect(response.statusCode, response.body).toBe(200);
      await expect(login(t, 'ny.adresse@fjordtun.no', PASSWORD)).resolves.toContain('tun.session_token');
      await expect(login(t, member.email, PASSWORD)).rejects.toThrow('401');

      const cleared = await t.request({
        method: 'PATCH',
        url: `/api/v1/people/${member.personId}`,
        cookie: adminCookie,
        payload: { email: null },
      });
      expect(cleared.statusCode).toBe(400);
      expect(cleared.json().errors[0].path).toBe('email');

      const taken = await t.request({
        method: 'PATCH',
        url: `/api/v1/people/${member.personId}`,
        cookie: adminCookie,
        payload: { email: 'rektor@fjordtun.no' },
      });
      expect(taken.statusCode).toBe(409);
    });
  });

  describe('deleting', () => {
    it('deletes the person, their roles, memberships, account and sessions, audited', async () => {
      const member = await createPerson(t, schoolId, { roles: ['teacher', 'kitchen'], login: true });
      const cookie = await login(t, member.email);
      await t.request({
        method: 'PATCH',
        url: `/api/v1/people/${member.personId}`,
        cookie: adminCookie,
        payload: { memberOf: [lineId] },
      });
      const userId = (await db()
        .selectFrom('person')
        .select('user_id')
        .where('id', '=', member.personId)
        .executeTakeFirstOrThrow())!.user_id!;

      const response = await t.request({
        method: 'DELETE',
        url: `/api/v1/people/${member.personId}`,
        cookie: adminCookie,
      });
      expect(response.statusCode, response.body).toBe(204);

      const left = await Promise.all([
        db().selectFrom('person').select('id').where('id', '=', member.personId).execute(),
        db().selectFrom('person_role').select('role').where('person_id', '=', member.personId).execute(),
        db().selectFrom('line_member').select('line_id').where('person_id', '=', member.personId).execute(),
        db().selectFrom('user').select('id').where('id', '=', userId).execute(),
        db().selectFrom('account').select('id').where('userId', '=', userId).execute(),
        db().selectFrom('session').select('id').where('userId', '=', userId).execute(),
      ]);
      expect(left.map((rows) => rows.length)).toEqual([0, 0, 0, 0, 0, 0]);
      const [audit] = await auditOf(member.personId, 'delete');
      expect(JSON.parse(audit!.before!)).toMatchObject({ roles: ['teacher', 'kitchen'], memberOf: [lineId] });
      expect((await t.request({ method: 'GET', url: '/api/v1/session', cookie })).statusCode).toBe(401);
      const again = await t.request({
        method: 'DELETE',
        url: `/api/v1/people/${member.personId}`,
        cookie: adminCookie,
      });
      expect(again.statusCode).toBe(404);
    });

    it('takes a deleted person off supervision', async () => {
      const person = await postPerson({ roles: ['teacher'], email: 'tilsyn@fjordtun.no' });
      await db()
        .updateTable('school')
        .set({ current_supervision: person.id })
        .where('id', '=', schoolId)
        .execute();
      await t.request({ method: 'DELETE', url: `/api/v1/people/${person.id}`, cookie: adminCookie });
      const school = await db()
        .selectFrom('school')
        .select('current_supervision')
        .where('id', '=', schoolId)
        .executeTakeFirstOrThrow();
      expect(school.current_supervision).toBeNull();
    });
  });

  describe('roles', () => {
    it('replaces roles, audited with who, before and after, announced, and the session follows', async () => {
      const member = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
      const cookie = await login(t, member.email);
      const response = await t.request({
        method: 'PUT',
        url: `/api/v1/people/${member.personId}/roles`,
        cookie: adminCookie,
        payload: { roles: ['stipp', 'janitor', 'stipp'] },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().roles).toEqual(['janitor', 'stipp']);
      const [audit] = await auditOf(member.personId, 'roles');
      expect(audit).toMatchObject({ actor_person_id: adminId, entity: 'person' });
      expect(JSON.parse(audit!.before!)).toEqual({ roles: ['teacher'] });
      expect(JSON.parse(audit!.after!)).toEqual({ roles: ['janitor', 'stipp'] });
      expect(audit!.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      const event = await db()
        .selectFrom('live_event')
        .select(['topic', 'ids'])
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(event).toEqual({ topic: 'people', ids: JSON.stringify([member.personId]) });
      const session = await t.request({ method: 'GET', url: '/api/v1/session', cookie });
      expect(session.json().user.roles).toEqual(['janitor', 'stipp']);
      expect(session.json().actions).toContain('supervision:take');
    });

    it('writes nothing when the roles are unchanged', async () => {
      const member = await createPerson(t, schoolId, { roles: ['teacher'] });
      const response = await t.request({
        method: 'PUT',
        url: `/api/v1/people/${member.personId}/roles`,
        cookie: adminCookie,
        payload: { roles: ['teacher'] },
      });
      expect(response.statusCode).toBe(200);
      expect(await auditOf(member.personId, 'roles')).toEqual([]);
    });

    it('refuses an unknown role with 400 and changes nothing', async () => {
      const member = await createPerson(t, schoolId, { roles: ['teacher'] });
      const before = await countRows();
      const response = await t.request({
        method: 'PUT',
        url: `/api/v1/people/${member.personId}/roles`,
        cookie: adminCookie,
        payload: { roles: ['teacher', 'rektor'] },
      });
      expect(response.statusCode).toBe(400);
      expect(await countRows()).toEqual(before);
    });

    it('is refused to a teacher', async () => {
      const teacher = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
      const response = await t.request({
        method: 'PUT',
        url: `/api/v1/people/${teacher.personId}/roles`,
        cookie: await login(t, teacher.email),
        payload: { roles: ['admin'] },
      });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('the last admin', () => {
    it('cannot remove their own admin role or be deleted, until another admin exists', async () => {
      const t2 = await createTestApp(dialect);
      try {
        const school = await setupSchool(t2);
        const own = await t2.request({
          method: 'PUT',
          url: `/api/v1/people/${school.adminId}/roles`,
          cookie: school.adminCookie,
          payload: { roles: ['teacher'] },
        });
        expect(own.statusCode).toBe(409);
        expect(own.json()).toMatchObject({
          code: 'last-admin',
          title: 'Skolen må ha minst én administrator. Gi en annen person administratorrollen først.',
        });
        const deleted = await t2.request({
          method: 'DELETE',
          url: `/api/v1/people/${school.adminId}`,
          cookie: school.adminCookie,
        });
        expect(deleted.statusCode).toBe(409);
        const session = await t2.request({
          method: 'GET',
          url: '/api/v1/session',
          cookie: school.adminCookie,
        });
        expect(session.json().user.roles).toEqual(['admin']);
        expect(
          await t2.ctx.database.db
            .selectFrom('audit_log')
            .select('id')
            .where('action', '=', 'roles')
            .execute(),
        ).toEqual([]);

        // A developer counts as an admin for access, but not as the school's admin.
        const developer = await createPerson(t2, school.schoolId, { roles: ['developer'], login: true });
        const byDeveloper = await t2.request({
          method: 'PUT',
          url: `/api/v1/people/${school.adminId}/roles`,
          cookie: await login(t2, developer.email),
          payload: { roles: [] },
        });
        expect(byDeveloper.statusCode).toBe(409);

        const second = await createPerson(t2, school.schoolId, { roles: ['admin'], login: true });
        const now = await t2.request({
          method: 'PUT',
          url: `/api/v1/people/${school.adminId}/roles`,
          cookie: school.adminCookie,
          payload: { roles: ['teacher'] },
        });
        expect(now.statusCode).toBe(200);
        const last = await t2.request({
          method: 'PUT',
          url: `/api/v1/people/${second.personId}/roles`,
          cookie: await login(t2, second.email),
          payload: { roles: [] },
        });
        expect(last.statusCode).toBe(409);
      } finally {
        await t2.close();
      }
    });
  });

  describe('Feide id', () => {
    const patch = (id: string, payload: Record<string, unknown>, cookie = adminCookie) =>
      t.request({ method: 'PATCH', url: `/api/v1/people/${id}`, cookie, payload });

    it('is set on creation, shown to admins and audited', async () => {
      const person = await postPerson({ email: 'feide.ny@fjordtun.no', feideId: ' Kari.Ny@Fjordtun.no ' });
      expect(person.feideId).toBe('Kari.Ny@Fjordtun.no');
      const read = await t.request({
        method: 'GET',
        url: `/api/v1/people/${person.id}`,
        cookie: adminCookie,
      });
      expect(read.json<Person>().feideId).toBe('Kari.Ny@Fjordtun.no');
      const listed = await t.request({ method: 'GET', url: '/api/v1/people', cookie: adminCookie });
      expect(listed.json<Person[]>().find((p) => p.id === person.id)?.feideId).toBe('Kari.Ny@Fjordtun.no');
      const [audit] = await auditOf(person.id, 'create');
      expect(JSON.parse(audit!.after!)).toMatchObject({ feideId: 'Kari.Ny@Fjordtun.no' });
      // Someone with no Feide id is sent null, not left out: the admin's form tells them apart.
      expect((await postPerson({ email: 'feide.uten@fjordtun.no' })).feideId).toBeNull();
    });

    it('is set and cleared with PATCH, audited with before and after', async () => {
      const person = await postPerson({ email: 'feide.endre@fjordtun.no' });
      const set = await patch(person.id, { feideId: 'endre@fjordtun.no' });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json<Person>().feideId).toBe('endre@fjordtun.no');
      // Another field changed leaves it as it is.
      expect((await patch(person.id, { room: 'C3' })).json<Person>().feideId).toBe('endre@fjordtun.no');
      // The person's own id in other letters is no clash with themselves.
      expect((await patch(person.id, { feideId: 'Endre@Fjordtun.no' })).statusCode).toBe(200);
      const cleared = await patch(person.id, { feideId: null });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json<Person>().feideId).toBeNull();
      const stored = await db()
        .selectFrom('person')
        .select('feide_id')
        .where('id', '=', person.id)
        .executeTakeFirstOrThrow();
      expect(stored.feide_id).toBeNull();

      const audits = await auditOf(person.id, 'update');
      const changes = audits.map((audit) => [
        JSON.parse(audit.before!).feideId,
        JSON.parse(audit.after!).feideId,
      ]);
      expect(changes).toContainEqual([null, 'endre@fjordtun.no']);
      expect(changes).toContainEqual(['Endre@Fjordtun.no', null]);
    });

    it('refuses a bad Feide id with 400', async () => {
      const person = await postPerson({ email: 'feide.feil@fjordtun.no' });
      for (const feideId of ['', 'uten-krøllalfa', 'to ord@fjordtun.no', `${'x'.repeat(200)}@fjordtun.no`]) {
        const response = await patch(person.id, { feideId });
        expect(response.statusCode, feideId).toBe(400);
        expect(response.json().errors.map((error: { path: string }) => error.path)).toContain('body.feideId');
      }
    });

    it('refuses one another person of the school has, ignoring case, with 409 feide-id-taken', async () => {
      await createPerson(t, schoolId, { feideId: 'opptatt@fjordtun.no' });
      const before = await countRows();
      const created = await t.request({
        method: 'POST',
        url: '/api/v1/people',
        cookie: adminCookie,
        payload: { name: { first: 'Dobbel', last: 'Feide' }, feideId: 'OPPTATT@fjordtun.no' },
      });
      expect(created.statusCode).toBe(409);
      expect(created.json()).toMatchObject({
        code: 'feide-id-taken',
        title: 'Feide-ID-en brukes allerede av en annen person ved skolen.',
        errors: [{ path: 'feideId' }],
      });
      expect(await countRows()).toEqual(before);

      const other = await postPerson({ email: 'feide.annen@fjordtun.no', feideId: 'annen@fjordtun.no' });
      const changed = await patch(other.id, { feideId: 'Opptatt@Fjordtun.no', room: 'D4' });
      expect(changed.statusCode).toBe(409);
      expect(changed.json().code).toBe('feide-id-taken');
      const read = await t.request({ method: 'GET', url: `/api/v1/people/${other.id}`, cookie: adminCookie });
      expect(read.json()).toEqual(other);
    });

    it("does not clash with another school's person", async () => {
      await createPerson(t, otherSchoolId, { feideId: 'nabo@skole.no' });
      const person = await postPerson({ email: 'feide.nabo@fjordtun.no', feideId: 'nabo@skole.no' });
      expect(person.feideId).toBe('nabo@skole.no');
      const theirs = await t.request({
        method: 'POST',
        url: '/api/v1/people',
        cookie: otherAdminCookie,
        payload: { name: { first: 'Nabo', last: 'To' }, feideId: 'NABO@skole.no' },
      });
      expect(theirs.statusCode).toBe(409);
    });

    it('is not shown to those who may not change people, the person themselves included', async () => {
      const teacher = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
      const student = await createPerson(t, schoolId, { login: true, feideId: 'elev.feide@fjordtun.no' });
      await write(t.ctx, schoolId, async (_trx, publish) => publish('people', [student.personId]));
      for (const email of [teacher.email, student.email]) {
        const cookie = await login(t, email);
        const list = await t.request({ method: 'GET', url: '/api/v1/people', cookie });
        expect(list.statusCode).toBe(200);
        expect(
          list.json<Person[]>().every((person) => !('feideId' in person)),
          email,
        ).toBe(true);
        expect(list.body).not.toContain('elev.feide@fjordtun.no');
        const one = await t.request({ method: 'GET', url: `/api/v1/people/${student.personId}`, cookie });
        expect(one.json()).not.toHaveProperty('feideId');
        // Teachers still see the student's e-mail, as before.
        if (email === teacher.email) expect(one.json<Person>().email).toBe(student.email);
      }
      const admin = await t.request({
        method: 'GET',
        url: `/api/v1/people/${student.personId}`,
        cookie: adminCookie,
      });
      expect(admin.json<Person>().feideId).toBe('elev.feide@fjordtun.no');
    });
  });

  describe('another school', () => {
    it('gets 404 on every id route and changes nothing', async () => {
      const person = await postPerson({ email: 'fremmed@fjordtun.no', roles: ['teacher'] });
      const before = await countRows();
      const requests = [
        { method: 'GET', url: `/api/v1/people/${person.id}` },
        { method: 'PATCH', url: `/api/v1/people/${person.id}`, payload: { room: 'X' } },
        { method: 'DELETE', url: `/api/v1/people/${person.id}` },
        { method: 'PUT', url: `/api/v1/people/${person.id}/roles`, payload: { roles: ['admin'] } },
      ] as const;
      for (const request of requests) {
        const response = await t.request({ ...request, cookie: otherAdminCookie });
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
        expect(response.json().code).toBe('not-found');
        expect(response.body).not.toContain('fremmed@fjordtun.no');
      }
      expect(await countRows()).toEqual(before);
      const read = await t.request({
        method: 'GET',
        url: `/api/v1/people/${person.id}`,
        cookie: adminCookie,
      });
      expect(read.json()).toEqual(person);
    });

    it('answers an address used in another school exactly as a free one, and leaves that account alone', async () => {
      const accountEmail = 'rektor@fjordtun.no';
      const accountOf = () =>
        t.ctx.database.db
          .selectFrom('user')
          .select(['id', 'email'])
          .where('email', '=', accountEmail)
          .executeTakeFirstOrThrow();
      const account = await accountOf();
      const create = (email: string, last: string) =>
        t.request({
          method: 'POST',
          url: '/api/v1/people',
          cookie: otherAdminCookie,
          payload: { name: { first: 'Samme', last }, email },
        });
      const used = await create(accountEmail.toUpperCase(), 'Brukt');
      const free = await create('ledig@nabotun.no', 'Ledig');
      expect(used.statusCode, used.body).toBe(201);
      expect(free.statusCode).toBe(201);
      expect(Object.keys(used.json()).sort()).toEqual(Object.keys(free.json()).sort());
      expect(used.json()).toMatchObject({ email: accountEmail, hasLogin: false });

      // A person of that school who signs in: the directory takes the address, the account
      // keeps the one it has, since sign-in addresses are one per installation.
      const member = await createPerson(t, otherSchoolId, { login: true });
      const changed = await t.request({
        method: 'PATCH',
        url: `/api/v1/people/${member.personId}`,
        cookie: otherAdminCookie,
        payload: { email: 'bruker2@fjordtun.no' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const clash = await createPerson(t, schoolId, { roles: ['teacher'], login: true });
      const moved = await t.request({
        method: 'PATCH',
        url: `/api/v1/people/${member.personId}`,
        cookie: otherAdminCookie,
        payload: { email: clash.email },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      await login(t, 'bruker2@fjordtun.no');
      await login(t, clash.email);
      expect(await accountOf()).toEqual(account);
      await login(t, accountEmail);

      // Within one school an address is still one person's.
      expect((await create(accountEmail, 'Igjen')).statusCode).toBe(409);
    });

    it("cannot put its people in this school's lines", async () => {
      const response = await t.request({
        method: 'PATCH',
        url: `/api/v1/people/${otherPersonId}`,
        cookie: otherAdminCookie,
        payload: { memberOf: [lineId] },
      });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('own userMutableData', () => {
    it('merges into the signed-in person only', async () => {
      const student = await createPerson(t, schoolId, { login: true });
      const classmate = await createPerson(t, schoolId);
      const cookie = await login(t, student.email);
      const first = await t.request({
        method: 'PATCH',
        url: '/api/v1/me',
        cookie,
        payload: {
          userMutableData: { firstSetupDone: true, profilePicURL: 'https://bilder.example/meg.jpg' },
        },
      });
      expect(first.statusCode, first.body).toBe(200);
      const second = await t.request({
        method: 'PATCH',
        url: '/api/v1/me',
        cookie,
        payload: { userMutableData: { mailboxFlag: true } },
      });
      expect(second.json()).toEqual({
        userMutableData: {
          firstSetupDone: true,
          mailboxFlag: true,
          profilePicURL: 'https://bilder.example/meg.jpg',
        },
      });
      const session = await t.request({ method: 'GET', url: '/api/v1/session', cookie });
      expect(session.json().user.userMutableData).toEqual(second.json().userMutableData);
      const people = (await t.request({ method: 'GET', url: '/api/v1/people', cookie: adminCookie })).json<
        Person[]
      >();
      expect(people.find((person) => person.id === classmate.personId)?.userMutableData).toEqual({});
      expect(people.find((person) => person.id === adminId)?.userMutableData).toEqual({});
      const [audit] = await auditOf(student.personId, 'update-own-data');
      expect(audit?.actor_person_id).toBe(student.personId);

      const cleared = await t.request({
        method: 'PATCH',
        url: '/api/v1/me',
        cookie,
        payload: { userMutableData: { profilePicURL: '' } },
      });
      expect(cleared.json().userMutableData).toEqual({ firstSetupDone: true, mailboxFlag: true });
    });

    it('refuses unsafe picture addresses and unknown fields, changing nothing', async () => {
      const student = await createPerson(t, schoolId, { login: true });
      const cookie = await login(t, student.email);
      for (const userMutableData of [
        { profilePicURL: 'javascript:alert(1)' },
        { profilePicURL: 'http://bilder.example/meg.jpg' },
        { profilePicURL: '//bilder.example/meg.jpg' },
        { firstSetupDone: 'ja' },
        { roles: ['admin'] },
      ]) {
        const response = await t.request({
          method: 'PATCH',
          url: '/api/v1/me',
          cookie,
          payload: { userMutableData },
        });
        expect(response.statusCode, JSON.stringify(userMutableData)).toBe(400);
      }
      const session = await t.request({ method: 'GET', url: '/api/v1/session', cookie });
      expect(session.json().user).toMatchObject({ roles: [], userMutableData: {} });
    });
  });
});
