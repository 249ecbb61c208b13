import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Leave, LeaveSettings } from '@tun/shared/leave';
import { expectNoAxeViolations } from '../axe';
import { call, expect, signIn, test, unique } from '../fixtures';
import { schoolDate } from '../school-date';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const DEFAULT_SETTINGS: LeaveSettings = {
  approvers: 'contactTeacher',
  justified: { home: true, medical: true, school: true, other: true },
  absenceDayPercent: 50,
};

/** The coming Saturday: the first after today (a week ahead when today is one). */
function comingSaturday(): string {
  const weekDay = new Date(`${schoolDate()}T12:00:00Z`).getUTCDay();
  return schoolDate((6 - weekDay + 7) % 7 || 7);
}

/** The day after a date. */
function dayAfter(date: string): string {
  const next = new Date(`${date}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** A wall-clock time at the school (HH:mm on a date) as an instant. */
function schoolInstant(date: string, time: string): string {
  const noon = new Date(`${date}T12:00:00Z`);
  const offset =
    new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Oslo', timeZoneName: 'longOffset' })
      .formatToParts(noon)
      .find((part) => part.type === 'timeZoneName')
      ?.value.replace('GMT', '') || 'Z';
  return new Date(`${date}T${time}:00${offset}`).toISOString();
}

/**
 * A line with its contact teacher, and on the coming Saturday a mandatory activity and a lunch
 * for the line.
 */
async function weekendLine(api: APIRequestContext, teacherId: string) {
  const id = unique();
  const line = await call<{ id: string }>(api, 'POST', '/api/v1/lines', {
    name: `Friluft ${id}`,
    shortName: 'FRI',
    color: 'teal',
    teachers: [teacherId],
  });
  const saturday = comingSaturday();
  const event = async (name: string, type: string, from: string, to: string, mandatory: boolean) =>
    call<{ id: string }>(api, 'POST', '/api/v1/calendar/events', {
      name,
      start: schoolInstant(saturday, from),
      end: schoolInstant(saturday, to),
      type,
      mandatory,
      roomUsed: null,
      groupsAttending: [line.id],
    });
  const activity = await event(`Fjelltur ${id}`, 'class', '10:00', '11:00', true);
  const meal = `Lunsj ${id}`;
  await event(meal, 'dining', '12:00', '12:45', false);
  return { id, line, saturday, activity, meal };
}

/** One application in a list of the leave page, named by its heading. */
const leaveItem = (page: Page, heading: string): Locator =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });

/** One figure of a meal's card on the kitchen's counts: «Spiser», «Borte», … */
async function mealFigure(page: Page, saturday: string, meal: string, term: string): Promise<Locator> {
  await page.goto('/app/food-planner?tab=counts');
  await expect(page.getByRole('tab', { name: 'Antall' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Fra dato').fill(saturday);
  return page
    .getByRole('article', { name: meal })
    .locator(`xpath=.//dt[normalize-space()="${term}"]/following-sibling::dd[1]`);
}

test.describe('leave', () => {
  test.beforeEach(async ({ api }) => {
    // Another spec may have changed the school's rules; this one needs the defaults.
    await call(api, 'PUT', '/api/v1/leave/settings', DEFAULT_SETTINGS);
  });

  test('a student applies for a weekend home, the contact teacher approves it, the sheet and the kitchen follow, and withdrawing restores them', async ({
    api,
    browser,
    member,
    person,
  }) => {
    // Four people, six pages and a dozen axe checks.
    test.slow();
    const teacher = await member({ first: 'Trond', roles: ['teacher'] });
    const kitchen = await member({ first: 'Kari', roles: ['kitchen'] });
    const { line, saturday, activity, meal } = await weekendLine(api, teacher.id);
    const siri = await person({ first: 'Siri', memberOf: [line.id] });
    const ola = await person({ first: 'Ola', memberOf: [line.id] });
    const sunday = dayAfter(saturday);

    // Both students eat Saturday's lunch.
    const eating = await mealFigure(kitchen.page, saturday, meal, 'Spiser');
    await expect(eating).toHaveText('2');

    // The student signs in on her phone and applies.
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await signIn(page, siri.email, siri.password);
    await page.goto('/app/leave');
    await expect(page.getByRole('heading', { level: 1, name: 'Permisjon' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Søk om permisjon' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const form = page.getByRole('form', { name: 'Søknad om permisjon' });
    await expect(form.getByLabel('Fra dato')).toHaveValue(schoolDate());
    await expectNoAxeViolations(page, 'the leave form at phone width');

    // Sent empty: each field says what is missing, and the first is focused.
    await form.getByRole('button', { name: 'Send søknaden' }).click();
    await expect(form.getByLabel('Fra kl.')).toBeFocused();
    await expect(form.getByLabel('Fra kl.')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('textbox', { name: 'Begrunnelse' })).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, 'the leave form with its errors');

    await form.getByLabel('Fra kl.').fill('00:00');
    await form.getByLabel('Til dato').fill(sunday);
    await form.getByLabel('Til kl.').fill('18:00');
    await form.getByRole('radio', { name: 'Hjemreise' }).check();
    await form.getByRole('textbox', { name: 'Begrunnelse' }).fill('Bestemor fyller 80 år.');
    await form.getByRole('switch', { name: 'Jeg sover borte' }).check();
    // A phone the server would refuse is caught at its field.
    await form.getByRole('textbox', { name: 'Telefon mens du er borte' }).fill('ring mor');
    await form.getByRole('button', { name: 'Send søknaden' }).click();
    await expect(form.getByRole('textbox', { name: 'Telefon mens du er borte' })).toBeFocused();
    await expect(form.getByText('Skriv et telefonnummer med 8 til 20 sifre')).toBeVisible();
    await form.getByRole('textbox', { name: 'Telefon mens du er borte' }).fill('+47 912 34 567');
    await form.getByRole('button', { name: 'Send søknaden' }).click();
    await expect(page.getByText('Søknaden er sendt.')).toBeVisible();

    // «Mine søknader»: sent, and it can be changed while it waits.
    await expect(page.getByRole('tab', { name: 'Mine søknader' })).toHaveAttribute('aria-selected', 'true');
    const mine = leaveItem(page, 'Hjemreise');
    await expect(mine).toContainText('Søkt');
    await expect(mine).toContainText('Sover borte');
    await expect(mine).toContainText('Bestemor fyller 80 år.');
    await expect(mine.getByRole('link', { name: '+47 912 34 567' })).toHaveAttribute(
      'href',
      'tel:+4791234567',
    );
    await expectNoAxeViolations(page, 'my applications at phone width');
    await mine.getByRole('button', { name: 'Endre' }).click();
    const edit = page.getByRole('dialog', { name: 'Endre søknaden' });
    await expect(edit.getByLabel('Til dato')).toHaveValue(sunday);
    await expect(edit.getByRole('switch', { name: 'Jeg sover borte' })).toBeChecked();
    await expectNoAxeViolations(page, 'the edit dialog at phone width');
    await edit.getByRole('textbox', { name: 'Begrunnelse' }).fill('Bestemor fyller 80 år, feiring lørdag.');
    await edit.getByRole('button', { name: 'Lagre endringene' }).click();
    await expect(edit).toBeHidden();
    await expect(mine).toContainText('feiring lørdag');

    // The contact teacher sees it first among those waiting, with the count in the tab.
    const { page: teacherPage } = teacher;
    // The dashboard says so first, and leads to the applications.
    await teacherPage.goto('/app/dashboard');
    const card = teacherPage.getByRole('region', { name: 'Permisjonssøknader' });
    await expect(card).toContainText('1 søknad venter på svar fra deg.');
    await expectNoAxeViolations(teacherPage, 'the dashboard with the leave card');
    await card.getByRole('link', { name: 'Gå til søknadene' }).click();
    await expect(teacherPage).toHaveURL(/\/app\/leave\?tab=decide/);
    const decideTab = teacherPage.getByRole('tab', { name: /^Søknader/ });
    await expect(decideTab).toHaveAttribute('aria-selected', 'true');
    await expect(decideTab).toContainText('venter på svar');
    const waiting = teacherPage.getByRole('region', { name: /^Venter på svar/ });
    const application = leaveItem(teacherPage, siri.fullName);
    await expect(waiting.getByRole('heading', { name: siri.fullName })).toBeVisible();
    await expect(application).toContainText(`Friluft`);
    await expect(application).toContainText('Hjemreise');
    await expect(application).toContainText('Sover borte');
    await expect(application).toContainText('Gyldig fravær');
    await expect(application).toContainText('feiring lørdag');
    await expectNoAxeViolations(teacherPage, 'the applications to decide');

    await application.getByRole('button', { name: `Endre periode for ${siri.fullName}` }).click();
    const period = teacherPage.getByRole('dialog', { name: `Endre perioden for ${siri.fullName}` });
    await expect(period.getByLabel('Til kl.')).toHaveValue('18:00');
    await expectNoAxeViolations(teacherPage, 'the period dialog');
    await period.getByRole('button', { name: 'Avbryt' }).click();
    await expect(period).toBeHidden();

    await application.getByRole('button', { name: `Godkjenn søknaden fra ${siri.fullName}` }).click();
    const decision = teacherPage.getByRole('dialog', { name: `Godkjenn søknaden fra ${siri.fullName}` });
    await decision.getByRole('textbox', { name: 'Kommentar' }).fill('God tur hjem, og hils bestemor!');
    await expectNoAxeViolations(teacherPage, 'the decision dialog');
    await decision.getByRole('button', { name: 'Godkjenn', exact: true }).click();
    await expect(decision).toBeHidden();
    await expect(teacherPage.getByText(`Permisjonen for ${siri.fullName} er godkjent.`)).toBeVisible();
    const decided = teacherPage.getByRole('region', { name: 'Behandlet' });
    await expect(decided.getByRole('heading', { name: siri.fullName })).toBeVisible();
    await expect(application).toContainText('Godkjent');

    // The student's page follows over the live stream: approved, with the comment.
    await expect(mine).toContainText('Godkjent');
    await expect(mine).toContainText('God tur hjem, og hils bestemor!');
    await expect(mine.getByRole('button', { name: 'Endre' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'an approved application at phone width');

    // Saturday's sheet: valid leave registered in advance, with the leave's note.
    const sheetRow = teacherPage
      .locator('li')
      .filter({ has: teacherPage.getByRole('radiogroup', { name: siri.fullName }) });
    await teacherPage.goto(`/app/attendance?type=event&id=${encodeURIComponent(activity.id)}`);
    await expect(
      sheetRow.getByText('Meldt fravær på forhånd: Gyldig fravær – Permisjon: Hjemreise'),
    ).toBeVisible();
    await expect(
      teacherPage
        .locator('li')
        .filter({ has: teacherPage.getByRole('radiogroup', { name: ola.fullName }) })
        .getByText(/Meldt fravær på forhånd/),
    ).toHaveCount(0);
    await expectNoAxeViolations(teacherPage, 'the sheet with a leave');

    // The kitchen's lunch: one fewer eats, one is away.
    await expect(await mealFigure(kitchen.page, saturday, meal, 'Spiser')).toHaveText('1');
    await expect(await mealFigure(kitchen.page, saturday, meal, 'Borte')).toHaveText('1');

    // The student withdraws it: the sheet and the count are as before.
    await mine.getByRole('button', { name: 'Trekk søknaden' }).click();
    const confirm = page.getByRole('dialog', { name: 'Trekke søknaden?' });
    await expect(confirm.getByRole('button', { name: 'Avbryt' })).toBeFocused();
    await expectNoAxeViolations(page, 'the withdraw dialog at phone width');
    await confirm.getByRole('button', { name: 'Trekk søknaden' }).click();
    await expect(page.getByText('Søknaden er trukket.')).toBeVisible();
    await expect(mine).toContainText('Trukket');
    await expect(mine.getByRole('button', { name: 'Trekk søknaden' })).toHaveCount(0);

    await teacherPage.reload();
    await expect(teacherPage.getByRole('radiogroup', { name: siri.fullName })).toBeVisible();
    await expect(sheetRow.getByText(/Meldt fravær på forhånd/)).toHaveCount(0);
    await expect(await mealFigure(kitchen.page, saturday, meal, 'Spiser')).toHaveText('2');
    await context.close();
  });

  test('an approver rejects one, shortens and withdraws another; a teacher of another line may not decide', async ({
    api,
    member,
    teacher: otherTeacher,
  }) => {
    const contact = await member({ first: 'Kjersti', roles: ['teacher'] });
    const { line, saturday } = await weekendLine(api, contact.id);
    const student = await member({ first: 'Even', memberOf: [line.id] });
    const sunday = dayAfter(saturday);
    const apply = (input: object) => call<Leave>(student.page.request, 'POST', '/api/v1/leave', input);
    const trip = await apply({
      start: schoolInstant(saturday, '08:00'),
      end: schoolInstant(saturday, '20:00'),
      category: 'school',
      reason: 'Konsert med skolekoret',
      sleepsAway: false,
    });
    const home = await apply({
      start: schoolInstant(sunday, '09:00'),
      end: schoolInstant(dayAfter(sunday), '18:00'),
      category: 'medical',
      reason: 'Time hos tannlegen hjemme',
      sleepsAway: true,
      phone: '+47 400 00 000',
    });

    // A teacher of another line sees them but may not decide (the school's default).
    const other = otherTeacher.page;
    await other.goto('/app/leave');
    const seen = leaveItem(other, student.fullName).first();
    await expect(seen).toBeVisible();
    await expect(seen.getByRole('button', { name: /^Godkjenn/ })).toHaveCount(0);
    const refused = await other.request.post(`/api/v1/leave/${trip.id}/decision`, {
      data: { decision: 'approved' },
    });
    expect(refused.status()).toBe(403);

    const { page } = contact;
    await page.setViewportSize(PHONE);
    await page.goto(`/app/leave?leave=${home.id}`);
    await expect(page.getByRole('tab', { name: /^Søknader/ })).toHaveAttribute('aria-selected', 'true');
    // The link's application is brought into view and focused.
    await expect(page.locator(`#leave-decide-${home.id}`)).toBeFocused();
    const items = leaveItem(page, student.fullName);
    const tripItem = items.filter({ hasText: 'Konsert med skolekoret' });
    const homeItem = items.filter({ hasText: 'Time hos tannlegen hjemme' });

    await tripItem.getByRole('button', { name: `Avslå søknaden fra ${student.fullName}` }).click();
    const reject = page.getByRole('dialog', { name: `Avslå søknaden fra ${student.fullName}` });
    await reject.getByRole('textbox', { name: 'Kommentar' }).fill('Koret reiser ikke denne helgen.');
    await reject.getByRole('button', { name: 'Avslå', exact: true }).click();
    await expect(reject).toBeHidden();
    await expect(tripItem).toContainText('Avslått');
    await expect(tripItem).toContainText('Koret reiser ikke denne helgen.');
    await expect(tripItem.getByRole('button')).toHaveCount(0);

    await homeItem.getByRole('button', { name: `Godkjenn søknaden fra ${student.fullName}` }).click();
    const approve = page.getByRole('dialog', { name: `Godkjenn søknaden fra ${student.fullName}` });
    await approve.getByRole('button', { name: 'Godkjenn', exact: true }).click();
    await expect(approve).toBeHidden();
    await expect(homeItem).toContainText('Godkjent');

    // Shortened to Sunday alone; the period's rules are checked at the fields.
    await homeItem.getByRole('button', { name: `Endre periode for ${student.fullName}` }).click();
    const period = page.getByRole('dialog', { name: `Endre perioden for ${student.fullName}` });
    await period.getByLabel('Til dato').fill(saturday);
    await period.getByRole('button', { name: 'Lagre perioden' }).click();
    await expect(period.getByText('Slutten må være etter starten.')).toBeVisible();
    await expect(period.getByLabel('Til dato')).toBeFocused();
    await expectNoAxeViolations(page, 'the period dialog with an error at phone width');
    await period.getByLabel('Til dato').fill(sunday);
    await period.getByLabel('Til kl.').fill('20:00');
    await period.getByRole('button', { name: 'Lagre perioden' }).click();
    await expect(period).toBeHidden();
    await expect
      .poll(async () => (await call<Leave>(page.request, 'GET', `/api/v1/leave/${home.id}`)).end)
      .toBe(schoolInstant(sunday, '20:00'));

    // The filter shows one status at a time.
    await page.getByRole('combobox', { name: 'Vis', exact: true }).selectOption('Avslått');
    await expect(page.getByRole('region', { name: /^Venter på svar/ })).toHaveCount(0);
    await expect(tripItem).toBeVisible();
    await expect(homeItem).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Vis', exact: true }).selectOption('Alle');

    await homeItem.getByRole('button', { name: `Trekk tilbake permisjonen for ${student.fullName}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Trekke tilbake permisjonen?' });
    await expectNoAxeViolations(page, 'withdrawing a leave at phone width');
    await confirm.getByRole('button', { name: 'Trekk tilbake' }).click();
    await expect(homeItem).toContainText('Trukket');
    await expect(homeItem.getByRole('button')).toHaveCount(0);
    await expectNoAxeViolations(page, 'the decided applications at phone width');
    await page.setViewportSize(DESKTOP);
  });

  test('an admin sets who approves, which categories are valid leave and the absence day', async ({
    admin,
    api,
  }) => {
    const { page } = admin;
    await page.goto('/app/leave?tab=settings');
    await expect(page.getByRole('tab', { name: 'Innstillinger' })).toHaveAttribute('aria-selected', 'true');
    const form = page.getByRole('form', { name: 'Regler for permisjon' });
    await expect(form.getByRole('radio', { name: 'Kontaktlærer for linjen' })).toBeChecked();
    const home = form
      .getByRole('group', { name: 'Gyldig fravær' })
      .getByRole('switch', { name: 'Hjemreise' });
    await expect(home).toBeChecked();
    await expect(form.getByRole('textbox', { name: 'Fraværsdag fra' })).toHaveAccessibleDescription(
      /teller dagen som en fraværsdag\. Mindre fravær telles i timer\./,
    );
    await expectNoAxeViolations(page, 'the leave settings');

    try {
      await form.getByRole('radio', { name: 'Alle lærere' }).check();
      await home.uncheck();
      await form.getByRole('textbox', { name: 'Fraværsdag fra' }).fill('0');
      await form.getByRole('button', { name: 'Lagre innstillingene' }).click();
      await expect(form.getByText('Skriv et helt tall fra 1 til 100.')).toBeVisible();
      await expect(form.getByRole('textbox', { name: 'Fraværsdag fra' })).toBeFocused();
      await form.getByRole('textbox', { name: 'Fraværsdag fra' }).fill('60');
      await form.getByRole('button', { name: 'Lagre innstillingene' }).click();
      await expect(page.getByText('Innstillingene er lagret.')).toBeVisible();
      expect(await call<LeaveSettings>(page.request, 'GET', '/api/v1/leave/settings')).toEqual({
        approvers: 'anyTeacher',
        justified: { ...DEFAULT_SETTINGS.justified, home: false },
        absenceDayPercent: 60,
      });
    } finally {
      await call(api, 'PUT', '/api/v1/leave/settings', DEFAULT_SETTINGS);
    }
  });
});
