import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { signInByApi } from '../fixtures';

// Made in 04-directory.spec.ts and 05-calendar.spec.ts.
const TEACHER = { email: 'lars@fjelltun.no', password: 'laerer-passord-1' };
const STUDENT = { email: 'siri@fjelltun.no', password: 'elev-passord-123', name: 'Siri Elev' };
const MINUTE = 60_000;

async function call<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  data?: unknown,
) {
  const response = await request.fetch(url, { method, data });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

test.describe.serial('attendance', () => {
  const ids = { music: '', room: '', otherRoom: '', now: '', later: '', key: '', otherKey: '' };

  test.beforeAll(async ({ browser }) => {
    // The admin registers tags in two rooms; Musikk has a lesson in one now and in the other
    // in an hour and a half.
    const page = await (await browser.newContext()).newPage();
    await signInByApi(page);
    const lines = await call<{ id: string; name: string }[]>(page.request, 'GET', '/api/v1/lines');
    ids.music = lines.find((line) => line.name === 'Musikk')!.id;
    const rooms = await call<{ id: string; name: string }[]>(page.request, 'GET', '/api/v1/rooms');
    ids.room = rooms.find((room) => room.name === 'Musikkrommet')!.id;
    ids.otherRoom = (
      await call<{ id: string }>(page.request, 'POST', '/api/v1/rooms', { name: 'Øvingsrom 2' })
    ).id;
    const event = async (name: string, room: string, startsIn: number) =>
      (
        await call<{ id: string }>(page.request, 'POST', '/api/v1/calendar/events', {
          name,
          start: new Date(Date.now() + startsIn * MINUTE).toISOString(),
          end: new Date(Date.now() + (startsIn + 60) * MINUTE).toISOString(),
          type: 'class',
          mandatory: true,
          roomUsed: room,
          groupsAttending: [ids.music],
        })
      ).id;
    ids.now = await event('Kor', ids.room, -5);
    ids.later = await event('Band', ids.otherRoom, 90);
    for (const [room, key] of [
      [ids.room, 'key'],
      [ids.otherRoom, 'otherKey'],
    ] as const) {
      await call(page.request, 'POST', `/api/v1/rooms/${room}/tag`, {});
      ids[key] = (
        await call<{ keyOfTheDay: string }>(page.request, 'GET', `/api/v1/rooms/${room}/tag`)
      ).keyOfTheDay;
    }
    await page.context().close();
  });

  test('a student scans in inside the window, and is told why not outside it', async ({ page }) => {
    await signInByApi(page, STUDENT.email, STUDENT.password);
    await page.goto(`/app/scan?room=${ids.room}&key=${encodeURIComponent(ids.key)}`);
    await expect(page.getByText(/Du er registrert til stede på «Kor»/)).toBeVisible();
    await expectNoAxeViolations(page, 'scan accepted');

    await page.goto(`/app/scan?room=${ids.otherRoom}&key=${encodeURIComponent(ids.otherKey)}`);
    await expect(page.getByText('Du ble ikke registrert')).toBeVisible();
    await expect(page.getByText(/«Band» starter kl\. .* Du kan registrere deg fra kl\./)).toBeVisible();
    await expectNoAxeViolations(page, 'scan too early');

    // Yesterday's key, or any other, is refused and writes nothing.
    await page.goto(`/app/scan?room=${ids.room}&key=gammel-nokkel`);
    await expect(page.getByText('Du ble ikke registrert')).toBeVisible();
  });

  test('a teacher sees the scan on the sheet and takes attendance for the lesson', async ({ page }) => {
    await signInByApi(page, TEACHER.email, TEACHER.password);
    await page.goto(`/app/attendance?type=event&id=${encodeURIComponent(ids.now)}`);
    const siri = page.getByRole('radiogroup', { name: STUDENT.name });
    await expect(siri.getByRole('radio', { name: 'Til stede', exact: true })).toBeChecked();
    await expect(page.getByText('Skannet inn')).toBeVisible();
    await expectNoAxeViolations(page, 'attendance sheet');

    // She left early: the teacher's manual status wins over the scan.
    await siri.getByText('Gyldig fravær').click();
    await page.getByRole('button', { name: 'Lagre fravær' }).click();
    await expect(page.getByText('Fraværet er lagret for 1 elev.')).toBeVisible();
    // Every change is on the record: the scan by the student, then the teacher's status.
    await page.getByRole('button', { name: `Historikk for ${STUDENT.name}` }).click();
    const history = page.getByRole('dialog', { name: `Endringer for ${STUDENT.name}` });
    await expect(history.getByRole('row')).toHaveCount(3);
    await expect(history.getByRole('row').nth(2)).toContainText('Gyldig fravær');
    await expectNoAxeViolations(page, 'record history');
    await page.keyboard.press('Escape');
    const sheet = await call<{
      rows: { status: string; record: { nfcStatus: string; manualStatus: string } }[];
    }>(page.request, 'GET', `/api/v1/attendance/events/${encodeURIComponent(ids.now)}`);
    expect(sheet.rows[0]).toMatchObject({
      status: 'justifiedLeave',
      record: { nfcStatus: 'attending', manualStatus: 'justifiedLeave' },
    });
  });

  test('a scholar proposes attendance for the lesson and a teacher approves it', async ({
    page,
    browser,
  }) => {
    // A scholar with a sign-in, made by the admin.
    await signInByApi(page);
    const scholar = await call<{ id: string }>(page.request, 'POST', '/api/v1/people', {
      name: { first: 'Stine', last: 'Stipendiat' },
      email: 'stine@fjelltun.no',
      roles: ['stipp'],
    });
    const link = await call<{ url: string }>(
      page.request,
      'POST',
      `/api/v1/people/${scholar.id}/password-link`,
      {},
    );
    const token = new URL(link.url).searchParams.get('token');
    await call(page.request, 'POST', '/api/v1/password-links/set', {
      token,
      password: 'stipendiat-passord-1',
    });

    const stine = await (await browser.newContext()).newPage();
    await signInByApi(stine, 'stine@fjelltun.no', 'stipendiat-passord-1');
    await stine.goto('/app/attendance/proposals');
    const events = stine.getByLabel('Hendelse', { exact: true });
    await events.selectOption((await events.locator('option', { hasText: 'Kor' }).getAttribute('value'))!);
    const siri = stine.getByRole('radiogroup', { name: STUDENT.name });
    await siri.getByText('Til stede', { exact: true }).click();
    await expectNoAxeViolations(stine, 'proposal form');
    await stine.getByRole('button', { name: 'Send forslag' }).click();
    await expect(stine.getByText('Forslaget for «Kor» er sendt til godkjenning.')).toBeVisible();

    const teacher = await (await browser.newContext()).newPage();
    await signInByApi(teacher, TEACHER.email, TEACHER.password);
    await teacher.goto('/app/attendance/proposals');
    await expect(teacher.getByText('Foreslått av Stine Stipendiat', { exact: false })).toBeVisible();
    await expectNoAxeViolations(teacher, 'pending proposals');
    await teacher.getByRole('button', { name: /^Godkjenn forslaget for Kor/ }).click();
    await expect(
      teacher.getByText('Forslaget for «Kor (Musikk)» er godkjent, og oppmøtet er registrert.'),
    ).toBeVisible();

    // Approved: the sheet has the scholar's status, registered by the teacher.
    const sheet = await call<{ rows: { status: string; record: { manualStatus: string } }[] }>(
      teacher.request,
      'GET',
      `/api/v1/attendance/events/${encodeURIComponent(ids.now)}`,
    );
    expect(sheet.rows[0]).toMatchObject({ status: 'attending', record: { manualStatus: 'attending' } });
  });

  test('the report of a known week shows the right percentages', async ({ page }) => {
    // Kunst gets two students and ten one-hour lessons last week: Ida attends nine (90,0 %),
    // Per eight and has justified leave for one (80,0 %: justified leave is still leave).
    await signInByApi(page);
    const lines = await call<{ id: string; name: string }[]>(page.request, 'GET', '/api/v1/lines');
    const art = lines.find((line) => line.name === 'Kunst')!.id;
    const person = async (first: string) =>
      (
        await call<{ id: string }>(page.request, 'POST', '/api/v1/people', {
          name: { first, last: 'Kunstner' },
          email: `${first.toLowerCase()}@fjelltun.no`,
          roles: [],
          memberOf: [art],
        })
      ).id;
    const ida = await person('Ida');
    const per = await person('Per');
    const monday = new Date();
    monday.setUTCHours(9, 0, 0, 0);
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) - 7);
    for (let lesson = 0; lesson < 10; lesson += 1) {
      const start = new Date(
        monday.getTime() + Math.floor(lesson / 2) * 24 * 60 * MINUTE + (lesson % 2) * 120 * MINUTE,
      );
      const { id } = await call<{ id: string }>(page.request, 'POST', '/api/v1/calendar/events', {
        name: 'Tegning',
        start: start.toISOString(),
        end: new Date(start.getTime() + 60 * MINUTE).toISOString(),
        type: 'class',
        mandatory: true,
        roomUsed: null,
        groupsAttending: [art],
      });
      await call(page.request, 'PUT', `/api/v1/attendance/events/${encodeURIComponent(id)}`, {
        records: [
          { studentId: ida, manualStatus: lesson === 0 ? 'notAttending' : 'attending', note: null },
          {
            studentId: per,
            manualStatus: lesson < 1 ? 'justifiedLeave' : lesson < 2 ? 'notAttending' : 'attending',
            note: null,
          },
        ],
      });
    }

    await page.goto(`/app/attendance/report`);
    await page.getByRole('textbox', { name: 'Linje', exact: true }).click();
    await page.getByRole('option', { name: 'Kunst', exact: true }).click();
    const table = page.getByRole('table', { name: 'Oppmøte per elev' });
    const row = (name: string) => table.getByRole('row').filter({ hasText: name });
    await expect(row('Ida Kunstner')).toContainText('90,0');
    await expect(row('Ida Kunstner')).not.toContainText('Under 90 %');
    await expect(row('Per Kunstner')).toContainText('80,0');
    await expect(row('Per Kunstner')).toContainText('Under 90 %');
    await expectNoAxeViolations(page, 'attendance report for a line');

    const csv = await page.request.get(`/api/v1/attendance/report.csv?line=${art}`);
    const text = await csv.text();
    expect(text).toContain('Ida Kunstner');
    expect(text).toMatch(/Per Kunstner;Kunst;600;480;60;60;80,0;Ja/);
  });

  test('a teacher’s «Ikke til stede» on a row not registered yet survives a later scan', async ({
    page,
    browser,
  }) => {
    // A lesson in the other room now: nobody has registered anything for it.
    await signInByApi(page);
    const { id } = await call<{ id: string }>(page.request, 'POST', '/api/v1/calendar/events', {
      name: 'Samspill',
      start: new Date(Date.now() - 5 * MINUTE).toISOString(),
      end: new Date(Date.now() + 55 * MINUTE).toISOString(),
      type: 'class',
      mandatory: true,
      roomUsed: ids.otherRoom,
      groupsAttending: [ids.music],
    });

    const teacher = await (await browser.newContext()).newPage();
    await signInByApi(teacher, TEACHER.email, TEACHER.password);
    await teacher.goto(`/app/attendance?type=event&id=${encodeURIComponent(id)}`);
    const siri = teacher.getByRole('radiogroup', { name: STUDENT.name });
    const row = teacher.locator('li').filter({ has: siri });
    await expect(row.getByText('Ikke registrert', { exact: true })).toBeVisible();
    for (const status of ['Til stede', 'Ikke til stede', 'Gyldig fravær']) {
      await expect(siri.getByRole('radio', { name: status, exact: true })).not.toBeChecked();
    }
    await expectNoAxeViolations(teacher, 'attendance sheet not registered');

    await siri.getByText('Ikke til stede', { exact: true }).click();
    await expect(siri.getByRole('radio', { name: 'Ikke til stede', exact: true })).toBeChecked();
    await expect(row.getByText('Ikke registrert', { exact: true })).toBeHidden();
    await teacher.getByRole('button', { name: 'Lagre fravær' }).click();
    await expect(teacher.getByText(/Fraværet er lagret for/)).toBeVisible();

    // She scans in afterwards, inside the window: the teacher's status stands (SPEC §4).
    const student = await (await browser.newContext()).newPage();
    await signInByApi(student, STUDENT.email, STUDENT.password);
    await student.goto(`/app/scan?room=${ids.otherRoom}&key=${encodeURIComponent(ids.otherKey)}`);
    await expect(student.getByText(/Læreren har allerede ført deg som «Ikke til stede»/)).toBeVisible();

    await teacher.reload();
    await expect(row.getByText('Skannet inn')).toBeVisible();
    await expect(siri.getByRole('radio', { name: 'Ikke til stede', exact: true })).toBeChecked();
    const sheet = await call<{
      rows: { studentId: string; status: string; record: { nfcStatus: string; manualStatus: string } }[];
    }>(teacher.request, 'GET', `/api/v1/attendance/events/${encodeURIComponent(id)}`);
    expect(sheet.rows).toContainEqual(
      expect.objectContaining({
        status: 'notAttending',
        record: expect.objectContaining({ nfcStatus: 'attending', manualStatus: 'notAttending' }),
      }),
    );
  });

  test('a scholar sees their own absence', async ({ page }) => {
    // Stine, made in the proposal test above, has no records of her own.
    await signInByApi(page, 'stine@fjelltun.no', 'stipendiat-passord-1');
    await page.goto('/app/attendance');
    await expect(page.getByRole('heading', { name: 'Mitt fravær', exact: true })).toBeVisible();
    await expect(page.getByText('Ingen registreringer i perioden.')).toBeVisible();
    await expectNoAxeViolations(page, 'a scholar’s own absence');
    await page.goto('/app/dashboard');
    await expect(page.getByRole('heading', { name: 'Mitt oppmøte', exact: true })).toBeVisible();
  });
});
