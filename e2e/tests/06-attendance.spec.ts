import type { APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { call, expect, test, unique, type Member, type PersonOptions } from '../fixtures';
import { schoolDateOf } from '../school-date';

const MINUTE = 60_000;

/**
 * A line of its own with one student, Siri, and a room with a tag. The scan and the sheet go by
 * the server's clock, so lessons are made relative to now rather than pinned.
 */
async function musicLine(api: APIRequestContext, member: (options?: PersonOptions) => Promise<Member>) {
  const id = unique();
  const line = await call<{ id: string; name: string }>(api, 'POST', '/api/v1/lines', {
    name: `Musikk ${id}`,
    shortName: 'MUS',
    color: 'grape',
  });
  const room = await call<{ id: string }>(api, 'POST', '/api/v1/rooms', { name: `Musikkrommet ${id}` });
  await call(api, 'POST', `/api/v1/rooms/${room.id}/tag`, {});
  const siri = await member({ first: 'Siri', memberOf: [line.id] });
  /** A mandatory lesson for the line in the room, an hour long, starting `startsIn` minutes from now. */
  const lesson = async (name: string, startsIn: number, roomId = room.id) => {
    const start = new Date(Date.now() + startsIn * MINUTE);
    const event = await call<{ id: string }>(api, 'POST', '/api/v1/calendar/events', {
      name: `${name} ${id}`,
      start: start.toISOString(),
      end: new Date(Date.now() + (startsIn + 60) * MINUTE).toISOString(),
      type: 'class',
      mandatory: true,
      roomUsed: roomId,
      groupsAttending: [line.id],
    });
    // The school day it starts on: just after midnight, a lesson that began minutes ago is
    // yesterday's (the browser runs in the school's zone, see playwright.config.ts).
    const day = schoolDateOf(start);
    return { id: event.id, name: `${name} ${id}`, day };
  };
  return { id, line, room, siri, lesson };
}

/** Today's key of a room's tag, read just before a scan (it changes at midnight). */
async function keyOfTheDay(api: APIRequestContext, roomId: string): Promise<string> {
  return (await call<{ keyOfTheDay: string }>(api, 'GET', `/api/v1/rooms/${roomId}/tag`)).keyOfTheDay;
}

test('a student scans in inside the window, and is told why not outside it', async ({ api, member }) => {
  const { id, room, siri, lesson } = await musicLine(api, member);
  const otherRoom = await call<{ id: string }>(api, 'POST', '/api/v1/rooms', { name: `Øvingsrom ${id}` });
  await call(api, 'POST', `/api/v1/rooms/${otherRoom.id}/tag`, {});
  const now = await lesson('Kor', -5);
  const later = await lesson('Band', 90, otherRoom.id);
  const { page } = siri;

  await page.goto(`/app/scan?room=${room.id}&key=${encodeURIComponent(await keyOfTheDay(api, room.id))}`);
  await expect(page.getByText(`Du er registrert til stede på «${now.name}»`)).toBeVisible();
  await expectNoAxeViolations(page, 'scan accepted');

  const otherKey = await keyOfTheDay(api, otherRoom.id);
  await page.goto(`/app/scan?room=${otherRoom.id}&key=${encodeURIComponent(otherKey)}`);
  await expect(page.getByText('Du ble ikke registrert')).toBeVisible();
  await expect(page.getByText(`«${later.name}» starter kl.`)).toContainText('Du kan registrere deg fra kl.');
  await expectNoAxeViolations(page, 'scan too early');

  // Yesterday's key, or any other, is refused and writes nothing.
  await page.goto(`/app/scan?room=${room.id}&key=gammel-nokkel`);
  await expect(page.getByText('Du ble ikke registrert')).toBeVisible();
});

test('a teacher sees the scan on the sheet and takes attendance for the lesson', async ({
  api,
  member,
  teacher: { page },
}) => {
  const { room, siri, lesson } = await musicLine(api, member);
  const now = await lesson('Kor', -5);
  await call(siri.page.request, 'POST', '/api/v1/attendance/scan', {
    roomId: room.id,
    key: await keyOfTheDay(api, room.id),
  });

  // The sheet checks no input, so it loads no schema library (docs/decisions/028-first-load.md).
  const schemaChunks: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/schemas-[\w-]+\.js$/.test(request.url())) schemaChunks.push(request.url());
  });
  await page.goto(`/app/attendance?type=event&id=${encodeURIComponent(now.id)}`);
  const row = page.getByRole('radiogroup', { name: siri.fullName });
  await expect(row.getByRole('radio', { name: 'Til stede', exact: true })).toBeChecked();
  await expect(page.getByText('Skannet inn')).toBeVisible();
  await expectNoAxeViolations(page, 'attendance sheet');

  // She left early: the teacher's manual status wins over the scan.
  await row.getByText('Gyldig fravær').click();
  await page.getByRole('button', { name: 'Lagre fravær' }).click();
  await expect(page.getByText('Fraværet er lagret for 1 elev.')).toBeVisible();
  // Every change is on the record: the scan by the student, then the teacher's status.
  await page.getByRole('button', { name: `Historikk for ${siri.fullName}` }).click();
  const history = page.getByRole('dialog', { name: `Endringer for ${siri.fullName}` });
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history.getByRole('row').nth(2)).toContainText('Gyldig fravær');
  await expectNoAxeViolations(page, 'record history');
  await page.keyboard.press('Escape');
  expect(schemaChunks).toEqual([]);
  const sheet = await call<{
    rows: { status: string; record: { nfcStatus: string; manualStatus: string } }[];
  }>(page.request, 'GET', `/api/v1/attendance/events/${encodeURIComponent(now.id)}`);
  expect(sheet.rows[0]).toMatchObject({
    status: 'justifiedLeave',
    record: { nfcStatus: 'attending', manualStatus: 'justifiedLeave' },
  });
});

test('a teacher registers absence in advance for a whole day, and the lesson’s sheet shows it', async ({
  api,
  member,
  teacher: { page },
}) => {
  const { siri, lesson } = await musicLine(api, member);
  const later = await lesson('Gitar', 120);

  await page.goto('/app/attendance');
  await page.getByRole('button', { name: 'Meld fravær på forhånd' }).click();
  // The form loads when first opened (its form library and schemas are the page's only ones).
  const dialog = page.getByRole('dialog', { name: 'Meld fravær på forhånd' });
  await dialog.getByRole('textbox', { name: 'Elev', exact: true }).click();
  await page.getByRole('option', { name: siri.fullName, exact: true }).click();
  await dialog.getByText('Hele dager', { exact: true }).click();
  await dialog.getByLabel('Fra dato').fill(later.day);
  await dialog.getByLabel('Til dato').fill(later.day);
  await expectNoAxeViolations(page, 'absence in advance');
  await dialog.getByRole('button', { name: 'Registrer fravær' }).click();
  await expect(page.getByText(`Fravær er registrert for ${siri.fullName} for 1 dag.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto(`/app/attendance?type=event&id=${encodeURIComponent(later.id)}`);
  const row = page.locator('li').filter({ has: page.getByRole('radiogroup', { name: siri.fullName }) });
  await expect(row.getByText('Meldt fravær på forhånd: Gyldig fravær')).toBeVisible();
});

test('a scholar proposes attendance for the lesson and a teacher approves it', async ({
  api,
  member,
  scholar,
  teacher,
}) => {
  const { line, siri, lesson } = await musicLine(api, member);
  const now = await lesson('Kor', -5);

  const stine = scholar.page;
  await stine.goto('/app/attendance/proposals');
  await stine.getByLabel('Dag', { exact: true }).selectOption(now.day);
  const events = stine.getByLabel('Hendelse', { exact: true });
  await events.selectOption((await events.locator('option', { hasText: now.name }).getAttribute('value'))!);
  const row = stine.getByRole('radiogroup', { name: siri.fullName });
  await row.getByText('Til stede', { exact: true }).click();
  await expectNoAxeViolations(stine, 'proposal form');
  await stine.getByRole('button', { name: 'Send forslag' }).click();
  await expect(stine.getByText(`Forslaget for «${now.name}» er sendt til godkjenning.`)).toBeVisible();

  const { page } = teacher;
  await page.goto('/app/attendance/proposals');
  await expect(page.getByText(`Foreslått av ${scholar.fullName}`, { exact: false })).toBeVisible();
  await expectNoAxeViolations(page, 'pending proposals');
  await page.getByRole('button', { name: `Godkjenn forslaget for ${now.name}` }).click();
  await expect(
    page.getByText(`Forslaget for «${now.name} (${line.name})» er godkjent, og oppmøtet er registrert.`),
  ).toBeVisible();

  // Approved: the sheet has the scholar's status, registered by the teacher.
  const sheet = await call<{ rows: { status: string; record: { manualStatus: string } }[] }>(
    page.request,
    'GET',
    `/api/v1/attendance/events/${encodeURIComponent(now.id)}`,
  );
  expect(sheet.rows[0]).toMatchObject({ status: 'attending', record: { manualStatus: 'attending' } });
});

test('the report of a known week shows the right percentages', async ({ api, admin: { page } }) => {
  // A line of its own gets two students and ten one-hour lessons last week: Ida attends nine
  // (90,0 %), Per eight and has justified leave for one (80,0 %: justified leave is still leave).
  // The period is given, not the default school year: last week may be in the one before.
  const id = unique();
  const art = await call<{ id: string; name: string }>(api, 'POST', '/api/v1/lines', {
    name: `Kunst ${id}`,
    shortName: 'KUN',
    color: 'orange',
  });
  const person = async (first: string) =>
    (
      await call<{ id: string }>(api, 'POST', '/api/v1/people', {
        name: { first, last: 'Kunstner' },
        email: `${first.toLowerCase()}-${id}@e2e.fjelltun.no`,
        roles: [],
        memberOf: [art.id],
      })
    ).id;
  const ida = await person('Ida');
  const per = await person('Per');
  const monday = new Date();
  monday.setUTCHours(9, 0, 0, 0);
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) - 7);
  const from = monday.toISOString().slice(0, 10);
  const to = new Date(monday.getTime() + 6 * 24 * 60 * MINUTE).toISOString().slice(0, 10);
  for (let lesson = 0; lesson < 10; lesson += 1) {
    const start = new Date(
      monday.getTime() + Math.floor(lesson / 2) * 24 * 60 * MINUTE + (lesson % 2) * 120 * MINUTE,
    );
    const event = await call<{ id: string }>(api, 'POST', '/api/v1/calendar/events', {
      name: 'Tegning',
      start: start.toISOString(),
      end: new Date(start.getTime() + 60 * MINUTE).toISOString(),
      type: 'class',
      mandatory: true,
      roomUsed: null,
      groupsAttending: [art.id],
    });
    await call(api, 'PUT', `/api/v1/attendance/events/${encodeURIComponent(event.id)}`, {
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

  await page.goto(`/app/attendance/report?from=${from}&to=${to}`);
  await page.getByRole('textbox', { name: 'Linje', exact: true }).click();
  await page.getByRole('option', { name: art.name, exact: true }).click();
  const table = page.getByRole('table', { name: 'Oppmøte per elev' });
  const row = (name: string) => table.getByRole('row').filter({ hasText: name });
  await expect(row('Ida Kunstner')).toContainText('90,0');
  await expect(row('Ida Kunstner')).not.toContainText('Under 90 %');
  await expect(row('Per Kunstner')).toContainText('80,0');
  await expect(row('Per Kunstner')).toContainText('Under 90 %');
  await expectNoAxeViolations(page, 'attendance report for a line');

  const csv = await page.request.get(`/api/v1/attendance/report.csv?line=${art.id}&from=${from}&to=${to}`);
  const text = await csv.text();
  expect(text).toContain('Ida Kunstner');
  expect(text).toContain(`Per Kunstner;${art.name};600;480;60;60;80,0;Ja`);
});

test('a teacher’s «Ikke til stede» on a row not registered yet survives a later scan', async ({
  api,
  member,
  teacher: { page },
}) => {
  // A lesson now: nobody has registered anything for it.
  const { room, siri, lesson } = await musicLine(api, member);
  const now = await lesson('Samspill', -5);

  await page.goto(`/app/attendance?type=event&id=${encodeURIComponent(now.id)}`);
  const statuses = page.getByRole('radiogroup', { name: siri.fullName });
  const row = page.locator('li').filter({ has: statuses });
  await expect(row.getByText('Ikke registrert', { exact: true })).toBeVisible();
  for (const status of ['Til stede', 'Ikke til stede', 'Gyldig fravær']) {
    await expect(statuses.getByRole('radio', { name: status, exact: true })).not.toBeChecked();
  }
  await expectNoAxeViolations(page, 'attendance sheet not registered');

  await statuses.getByText('Ikke til stede', { exact: true }).click();
  await expect(statuses.getByRole('radio', { name: 'Ikke til stede', exact: true })).toBeChecked();
  await expect(row.getByText('Ikke registrert', { exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Lagre fravær' }).click();
  await expect(page.getByText(/Fraværet er lagret for/)).toBeVisible();

  // She scans in afterwards, inside the window: the teacher's status stands (SPEC §4).
  await siri.page.goto(
    `/app/scan?room=${room.id}&key=${encodeURIComponent(await keyOfTheDay(api, room.id))}`,
  );
  await expect(siri.page.getByText(/Læreren har allerede ført deg som «Ikke til stede»/)).toBeVisible();

  await page.reload();
  await expect(row.getByText('Skannet inn')).toBeVisible();
  await expect(statuses.getByRole('radio', { name: 'Ikke til stede', exact: true })).toBeChecked();
  const sheet = await call<{
    rows: { studentId: string; status: string; record: { nfcStatus: string; manualStatus: string } }[];
  }>(page.request, 'GET', `/api/v1/attendance/events/${encodeURIComponent(now.id)}`);
  expect(sheet.rows).toContainEqual(
    expect.objectContaining({
      status: 'notAttending',
      record: expect.objectContaining({ nfcStatus: 'attending', manualStatus: 'notAttending' }),
    }),
  );
});

test('a scholar sees their own absence', async ({ scholar: { page } }) => {
  // A scholar has no records of their own.
  await page.goto('/app/attendance');
  await expect(page.getByRole('heading', { name: 'Mitt fravær', exact: true })).toBeVisible();
  await expect(page.getByText('Ingen registreringer i perioden.')).toBeVisible();
  await expectNoAxeViolations(page, 'a scholar’s own absence');
  await page.goto('/app/dashboard');
  await expect(page.getByRole('heading', { name: 'Mitt oppmøte', exact: true })).toBeVisible();
});
