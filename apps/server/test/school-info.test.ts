import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { School } from '@tun/shared';
import { createPerson, createSchool, listenLive, login, setupSchool } from './factories';
import { createTestApp, dialects, type TestApp } from './helper';

describe.each(dialects())('school info on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let adminCookie: string;
  let teacherCookie: string;
  let studentCookie: string;
  let otherAdminCookie: string;

  const get = (cookie: string) => t.request({ method: 'GET', url: '/api/v1/school', cookie });
  const patch = (cookie: string, payload: object) =>
    t.request({ method: 'PATCH', url: '/api/v1/school', cookie, payload });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ schoolId, adminCookie } = await setupSchool(t));
    teacherCookie = await login(
      t,
      (await createPerson(t, schoolId, { roles: ['teacher'], login: true })).email,
    );
    studentCookie = await login(t, (await createPerson(t, schoolId, { login: true })).email);
    const other = await createSchool(t, 'Nabotun');
    otherAdminCookie = await login(
      t,
      (await createPerson(t, other, { roles: ['admin'], login: true })).email,
    );
  });
  afterAll(() => t.close());

  it('lets the admin change every field, and everyone read them, announced live', async () => {
    const live = await listenLive(t, schoolId);
    const response = await patch(adminCookie, {
      shortName: ' Fjordtun ',
      longName: 'Fjordtun folkehøgskole',
      supervisionPhone: '+47 400 00 000',
      position: { lat: 61.2, lon: 7.1 },
    });
    expect(response.statusCode).toBe(200);
    const expected = {
      id: schoolId,
      shortName: 'Fjordtun',
      longName: 'Fjordtun folkehøgskole',
      supervisionPhone: '+47 400 00 000',
      position: { lat: 61.2, lon: 7.1 },
    };
    expect(response.json()).toMatchObject(expected);
    expect((await get(studentCookie)).json()).toMatchObject(expected);
    await live.next((e) => e.topic === 'school');
    live.close();
    const session = await t.request({ method: 'GET', url: '/api/v1/session', cookie: studentCookie });
    expect(session.json().school.shortName).toBe('Fjordtun');
  });

  it('clears the supervision phone and the position with null', async () => {
    const response = await patch(adminCookie, { supervisionPhone: null, position: null });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ supervisionPhone: null, position: null });
  });

  it.each([
    ['an empty short name', { shortName: '' }, 'body.shortName'],
    ['a long name over the limit', { longName: 'x'.repeat(201) }, 'body.longName'],
    ['letters in the phone', { supervisionPhone: 'ring meg' }, 'body.supervisionPhone'],
    ['a latitude beyond 90', { position: { lat: 91, lon: 10 } }, 'body.position.lat'],
    ['a longitude beyond -180', { position: { lat: 60, lon: -181 } }, 'body.position.lon'],
    ['half a position', { position: { lat: 60 } }, 'body.position.lon'],
    ['a position as text', { position: { lat: '60', lon: '10' } }, 'body.position.lat'],
  ])('refuses %s with 400 and changes nothing', async (_, payload, path) => {
    const before = (await get(adminCookie)).json<School>();
    const response = await patch(adminCookie, { longName: 'Skal ikke lagres', ...payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    expect((await get(adminCookie)).json()).toEqual(before);
  });

  it('refuses everyone but the admin and changes nothing', async () => {
    const before = (await get(adminCookie)).json<School>();
    for (const cookie of [teacherCookie, studentCookie]) {
      const response = await patch(cookie, { longName: 'Kapret' });
      expect(response.statusCode).toBe(403);
    }
    expect((await get(adminCookie)).json()).toEqual(before);
  });

  it("keeps another school's admin to their own school", async () => {
    const before = (await get(adminCookie)).json<School>();
    const theirs = await patch(otherAdminCookie, { longName: 'Nabotun nye navn' });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().id).not.toBe(schoolId);
    expect((await get(otherAdminCookie)).json().longName).toBe('Nabotun nye navn');
    expect((await get(adminCookie)).json()).toEqual(before);
  });
});
