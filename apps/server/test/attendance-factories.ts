import type { CalendarEvent } from '@tun/shared';
import { createMember, createSchool, login, setupSchool } from './factories';
import type { TestApp } from './helper';

const WEEK = { from: '2026-11-23T00:00:00+01:00', to: '2026-11-30T00:00:00+01:00' };

/** A request as a signed-in person, with the answer's status and JSON body. */
export async function callApi<T = unknown>(
  t: TestApp,
  cookie: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  const response = await t.request({ method, url, cookie, ...(payload === undefined ? {} : { payload }) });
  return { status: response.statusCode, body: (response.body ? response.json() : null) as T };
}

/**
 * A school to take attendance in: an admin, a teacher, two scholars, three students (Anna and
 * Bjørn on Friluftsliv, Cecilie on Musikk), another school's admin, and a Monday «Linjefag» for
 * both lines (the occurrences of 23 November 2026, `eventL` and `eventM`).
 */
export async function attendanceSchool(t: TestApp) {
  const { schoolId, adminId, adminCookie: admin } = await setupSchool(t);
  const member = async (roles: Parameters<typeof createMember>[2]) => {
    const created = await createMember(t, schoolId, roles);
    return { id: created.personId, cookie: await login(t, created.email) };
  };
  const teacher = await member(['teacher']);
  const stipp = await member(['stipp']);
  const otherStipp = await member(['stipp']);
  const students = { anna: await member([]), bjorn: await member([]), cecilie: await member([]) };
  const otherAdmin = await login(t, (await createMember(t, await createSchool(t), ['admin'])).email);

  const line = async (name: string, members: string[]) => {
    const { body } = await callApi<{ id: string }>(t, admin, 'POST', '/api/v1/lines', {
      name,
      shortName: name.slice(0, 3),
      color: 'blue',
    });
    await callApi(t, admin, 'PUT', `/api/v1/lines/${body.id}/members`, { personIds: members });
    return body.id;
  };
  const lineL = await line('Friluftsliv', [students.anna.id, students.bjorn.id]);
  const lineM = await line('Musikk', [students.cecilie.id]);
  await callApi(t, admin, 'PUT', '/api/v1/calendar/schedules/normalWeek', {
    name: 'Normaluke',
    days: {
      Mo: [
        {
          name: 'Linjefag',
          from: '09:00',
          to: '11:30',
          type: 'class',
          mandatory: true,
          groupsAttending: [],
          roomUsed: null,
          forClasses: [lineL, lineM],
          forElectives: [],
        },
      ],
    },
  });
  const week = await callApi<{ events: CalendarEvent[] }>(
    t,
    admin,
    'GET',
    `/api/v1/calendar?from=${encodeURIComponent(WEEK.from)}&to=${encodeURIComponent(WEEK.to)}`,
  );
  const eventOf = (lineId: string) => week.body.events.find((e) => e.groupsAttending[0] === lineId)!.id;
  return {
    schoolId,
    adminId,
    admin,
    teacher: teacher.cookie,
    teacherId: teacher.id,
    stipp: stipp.cookie,
    stippId: stipp.id,
    otherStipp: otherStipp.cookie,
    otherAdmin,
    students,
    lineL,
    lineM,
    eventL: eventOf(lineL),
    eventM: eventOf(lineM),
  };
}
