import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Line, Student } from '@tun/shared';
import { AUDIENCES, createPerson, createSchool, login, setupSchool } from './factories';
import { createTestApp, dialects, type TestApp } from './helper';

/** Decision: e-mail and phone for staff (developers count as admins); the rest see name, line, room. */
const SEES_CONTACT = new Set(['developer', 'admin', 'teacher', 'janitor', 'kitchen']);

describe.each(dialects())('students on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let admin: string;
  const cookies = new Map<string, string>();
  const loginIds = new Map<string, string>();
  let emma: string;
  let jonas: string;
  let lone: string;
  let oddRole: string;
  let notStudents: string[];
  let friluft: Line;
  let musikk: Line;
  let other: string;
  let otherStudent: string;

  const list = async (cookie: string) => {
    const response = await t.request({ method: 'GET', url: '/api/v1/students', cookie });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Student[]>();
  };

  const newLine = async (name: string) =>
    (
      await t.request({
        method: 'POST',
        url: '/api/v1/lines',
        cookie: admin,
        payload: { name, shortName: name.slice(0, 3), color: 'teal' },
      })
    ).json<Line>();

  const setMembers = (id: string, personIds: string[]) =>
    t.request({ method: 'PUT', url: `/api/v1/lines/${id}/members`, cookie: admin, payload: { personIds } });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ schoolId, adminCookie: admin } = await setupSchool(t));
    for (const audience of AUDIENCES) {
      const { personId, email } = await createPerson(t, schoolId, { roles: audience.roles, login: true });
      loginIds.set(audience.name, personId);
      cookies.set(audience.name, await login(t, email));
    }
    ({ personId: emma } = await createPerson(t, schoolId, {
      first: 'Emma',
      middle: 'Louise',
      last: 'Aas',
      room: 'Hybel 12',
      email: 'emma@fjordtun.no',
      phone: '+47 912 34 567',
    }));
    ({ personId: jonas } = await createPerson(t, schoolId, {
      first: 'Jonas',
      last: 'Berg',
      roles: ['stipp'],
      room: 'Hybel 3',
    }));
    lone = (await createPerson(t, schoolId, { first: 'Lone', last: 'Dahl', email: null, phone: null }))
      .personId;
    // An unknown role id is skipped (SPEC §8), so this person counts as a student.
    oddRole = (await createPerson(t, schoolId, { first: 'Ukjent', last: 'Rolle', roles: ['trollmann'] }))
      .personId;
    notStudents = [
      (await createPerson(t, schoolId, { roles: ['stipp', 'teacher'] })).personId,
      (await createPerson(t, schoolId, { roles: ['kitchen'] })).personId,
    ];
    friluft = await newLine('Friluftsliv');
    musikk = await newLine('Musikk');
    await setMembers(friluft.id, [emma, jonas, notStudents[0]!]);
    await setMembers(musikk.id, [emma]);

    other = await createSchool(t, 'Nabotun');
    otherStudent = (await createPerson(t, other, { first: 'Nabo', last: 'Elev' })).personId;
  });
  afterAll(() => t.close());

  it('lists the students and scholars (no roles, or only stipp) and nobody else', async () => {
    const ids = (await list(admin)).map((s) => s.id).sort();
    const expected = [emma, jonas, lone, oddRole, loginIds.get('student')!, loginIds.get('stipp')!].sort();
    expect(ids).toEqual(expected);
    for (const id of notStudents) expect(ids).not.toContain(id);
    expect(ids).not.toContain(otherStudent);
  });

  it('gives lines (ids and names), room, and whether the person is a scholar', async () => {
    const students = await list(admin);
    const byId = new Map(students.map((s) => [s.id, s]));
    expect(byId.get(emma)).toEqual({
      id: emma,
      name: { first: 'Emma', middle: 'Louise', last: 'Aas' },
      scholar: false,
      lines: [
        { id: friluft.id, name: 'Friluftsliv' },
        { id: musikk.id, name: 'Musikk' },
      ],
      room: 'Hybel 12',
      email: 'emma@fjordtun.no',
      phone: '+47 912 34 567',
    });
    expect(byId.get(jonas)).toMatchObject({
      scholar: true,
      lines: [{ id: friluft.id, name: 'Friluftsliv' }],
    });
    expect(byId.get(lone)).toMatchObject({ lines: [], room: null, email: null, phone: null });
  });

  it('sorts by last name', async () => {
    const names = (await list(admin)).map((s) => s.name.last);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  // A TV account reads no students: a screen shows no student names (decision 024).
  it('refuses a TV account the list', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/students', cookie: cookies.get('tv')! });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('forbidden');
  });

  for (const audience of AUDIENCES.filter((a) => a.name !== 'tv')) {
    const seesContact = SEES_CONTACT.has(audience.name);
    it(`shows ${audience.name} the list ${seesContact ? 'with' : 'without'} e-mail and phone`, async () => {
      const students = await list(cookies.get(audience.name)!);
      expect(students.map((s) => s.id)).toContain(emma);
      const e = students.find((s) => s.id === emma)!;
      expect(e.lines.map((l) => l.name)).toEqual(['Friluftsliv', 'Musikk']);
      expect(e.room).toBe('Hybel 12');
      for (const student of students) {
        expect('email' in student, student.id).toBe(seesContact);
        expect('phone' in student, student.id).toBe(seesContact);
      }
      if (seesContact) expect(e).toMatchObject({ email: 'emma@fjordtun.no', phone: '+47 912 34 567' });
    });
  }

  it("shows another school's user none of this school's students", async () => {
    const { email } = await createPerson(t, other, { roles: ['admin'], login: true });
    const students = await list(await login(t, email));
    expect(students.map((s) => s.id)).toEqual([otherStudent]);
  });

  it('follows a line being deleted', async () => {
    const line = await newLine('Kortvarig');
    await setMembers(line.id, [lone]);
    expect((await list(admin)).find((s) => s.id === lone)?.lines).toEqual([
      { id: line.id, name: 'Kortvarig' },
    ]);
    await t.request({ method: 'DELETE', url: `/api/v1/lines/${line.id}`, cookie: admin });
    expect((await list(admin)).find((s) => s.id === lone)?.lines).toEqual([]);
  });

  it('needs a session', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/students' });
    expect(response.statusCode).toBe(401);
  });
});
