/**
 * The food planner's dishes and menus (issue 16; docs/decisions/025-food-planner.md): the dish
 * library with the regulation's allergens, a week's meals taken from the calendar's dining
 * events, setting a meal's dishes, publishing (students see published weeks only), copying a
 * week and repeating a rotation (meals matched by weekday and name, also after a meal moved),
 * who may change what, another school, the live topic and the audit. Who may call the routes at
 * all is in route-access.test.ts; the info screens' menu is in screen-content.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MENU_COPY_WEEKS_MAX,
  addDays,
  mondayOf,
  schoolTimeToInstant,
  todayInSchoolZone,
  type Dish,
  type DishInput,
  type Meal,
  type MenuWeek,
  type ScreenContent,
  type WeekPublished,
} from '@tun/shared';
import { write } from '../src/db/write';
import { DEMO_PASSWORD, seedDemo } from '../src/demo/seed';
import { menusPersonalData } from '../src/modules/food/menus.personal-data';
import { exportPersonalData } from '../src/modules/privacy/personal-data-registry';
import { callApi, createPerson, createSchool, login, setupSchool } from './factories';
import { createTestApp, dialects, type TestApp } from './helper';
import { isChange, openSse } from './sse-client';

const WITHIN = 10_000;

// Winter weeks (Oslo is UTC+1 throughout), each named by its Monday.
const W1 = '2026-11-30';
const W2 = '2026-12-07';
const R1 = '2027-02-01';
const R2 = '2027-02-08';
const R3 = '2027-02-15';
const R4 = '2027-02-22';
const R5 = '2027-03-01';
const R6 = '2027-03-08';

const iso = (date: string, time: string) => new Date(schoolTimeToInstant(date, time)).toISOString();

const entry = (fields: Record<string, unknown> & { name: string; from: string; to: string }) => ({
  type: 'dining',
  mandatory: false,
  groupsAttending: [] as string[],
  roomUsed: null as string | null,
  forClasses: [] as string[],
  forElectives: [] as string[],
  ...fields,
});

const dishInput = (overrides: Partial<DishInput> & { name: string }): DishInput => ({
  description: '',
  allergens: [],
  glutenCereals: [],
  nuts: [],
  mayContain: [],
  diets: [],
  ...overrides,
});

interface Problem {
  code: string;
  errors?: { path: string; code: string; message: string }[];
}

describe.each(dialects())('dishes and menus on %s', (dialect) => {
  let t: TestApp;
  let schoolId: string;
  let admin: string;
  let kitchen: string;
  let kitchenId: string;
  let teacher: string;
  let student: string;
  let otherAdmin: string;
  let base: string;
  const dishes: Record<string, Dish> = {};

  const api = <T = unknown>(
    cookie: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => callApi<T>(t, cookie, method, url, payload);
  const getWeek = (cookie: string, week: string) =>
    api<MenuWeek>(cookie, 'GET', `/api/v1/food/menu?week=${week}`);
  const setMeal = (cookie: string, date: string, meal: string, list: { dishId: string; course: string }[]) =>
    api<Meal>(cookie, 'PUT', '/api/v1/food/menu/meal', { date, meal, dishes: list });
  const publishWeek = (cookie: string, week: string, published = true) =>
    api<WeekPublished>(cookie, 'PUT', `/api/v1/food/menu/weeks/${week}/published`, { published });
  const copy = (cookie: string, input: { from: string; weeks: number; to: string; until: string }) =>
    api<{ weeks: number; meals: number }>(cookie, 'POST', '/api/v1/food/menu/copy', input);
  const mealOf = (week: MenuWeek, date: string, name: string) =>
    week.days.find((day) => day.date === date)?.meals.find((meal) => meal.name === name);
  const dishNames = (meal: Meal | undefined) => meal?.dishes.map((dish) => `${dish.course}:${dish.name}`);
  const auditOf = (entity: string, entityId: string) =>
    t.ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_person_id', 'before', 'after'])
      .where('school_id', '=', schoolId)
      .where('entity', '=', entity)
      .where('entity_id', '=', entityId)
      .orderBy('at')
      .execute();

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { LOGIN_RATE_LIMIT: '1000' } });
    const setup = await setupSchool(t);
    schoolId = setup.schoolId;
    admin = setup.adminCookie;
    const person = async (roles: string[]) => {
      const made = await createPerson(t, schoolId, { roles, login: true });
      return { id: made.personId, cookie: await login(t, made.email) };
    };
    const kitchenPerson = await person(['kitchen']);
    kitchen = kitchenPerson.cookie;
    kitchenId = kitchenPerson.id;
    teacher = (await person(['teacher'])).cookie;
    student = (await person([])).cookie;
    const otherSchoolId = await createSchool(t, 'Nabotun');
    const other = await createPerson(t, otherSchoolId, { roles: ['admin'], login: true });
    otherAdmin = await login(t, other.email);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });

    const hall = await api<{ id: string }>(admin, 'POST', '/api/v1/rooms', { name: 'Spisesalen' });
    expect(hall.status).toBe(201);
    const weekday = [
      entry({ name: 'Frokost', from: '08:00', to: '08:45' }),
      entry({ name: 'Linjefag', from: '09:00', to: '11:30', type: 'class' }),
      entry({ name: 'Middag', from: '17:00', to: '17:45', roomUsed: hall.body.id }),
    ];
    const week = await api(admin, 'PUT', '/api/v1/calendar/schedules/normalWeek', {
      name: 'Normaluke',
      days: {
        Mo: weekday,
        Tu: weekday,
        We: weekday,
        Th: weekday,
        Fr: weekday,
        Sa: [
          entry({ name: 'Brunsj', from: '10:00', to: '11:00' }),
          entry({ name: 'Middag', from: '17:00', to: '17:45', roomUsed: hall.body.id }),
        ],
        Su: [entry({ name: 'Middag', from: '16:00', to: '16:45', roomUsed: hall.body.id })],
      },
    });
    expect(week.status, JSON.stringify(week.body)).toBe(200);
  });
  afterAll(() => t.close());

  describe('the dish library', () => {
    it('adds dishes with their allergens, listed in Norwegian order', async () => {
      const inputs: DishInput[] = [
        dishInput({
          name: 'Kjøttkaker i brun saus',
          description: 'Med potetstappe og tyttebær',
          // Ticked out of order, and the cereal given twice: stored in the regulation's order, once.
          allergens: ['milk', 'gluten', 'celery', 'egg'],
          glutenCereals: ['wheat', 'wheat'],
          // What the dish contains is not also «may contain».
          mayContain: ['mustard', 'milk'],
        }),
        dishInput({
          name: 'Fiskegrateng',
          allergens: ['fish', 'milk', 'gluten', 'egg'],
          glutenCereals: ['wheat'],
        }),
        dishInput({
          name: 'Ærtesuppe',
          allergens: ['celery'],
          diets: ['vegan', 'vegetarian'],
          // A nut without the allergen means nothing and is not kept.
          nuts: ['walnut'],
        }),
        dishInput({
          name: 'Åkerbærkake',
          allergens: ['gluten', 'egg', 'milk', 'nuts'],
          glutenCereals: ['wheat'],
          nuts: ['almond', 'hazelnut'],
          diets: ['vegetarian'],
        }),
        dishInput({ name: 'Linsesuppe', allergens: ['celery'], diets: ['vegan', 'vegetarian'] }),
        dishInput({ name: 'Pannekaker', allergens: ['gluten', 'egg', 'milk'], glutenCereals: ['wheat'] }),
      ];
      for (const input of inputs) {
        const created = await api<Dish>(kitchen, 'POST', '/api/v1/food/dishes', input);
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        dishes[input.name] = created.body;
      }
      expect(dishes['Kjøttkaker i brun saus']).toMatchObject({
        description: 'Med potetstappe og tyttebær',
        allergens: ['gluten', 'egg', 'milk', 'celery'],
        glutenCereals: ['wheat'],
        nuts: [],
        mayContain: ['mustard'],
        diets: [],
        archived: false,
      });
      expect(dishes['Ærtesuppe']).toMatchObject({ nuts: [], diets: ['vegetarian', 'vegan'] });
      expect(dishes['Åkerbærkake']!.nuts).toEqual(['almond', 'hazelnut']);

      // Everyone may read the library; Æ and Å come after Z, as Norwegian has it.
      const list = await api<Dish[]>(student, 'GET', '/api/v1/food/dishes');
      expect(list.status).toBe(200);
      expect(list.body.map((dish) => dish.name)).toEqual([
        'Fiskegrateng',
        'Kjøttkaker i brun saus',
        'Linsesuppe',
        'Pannekaker',
        'Ærtesuppe',
        'Åkerbærkake',
      ]);

      const audit = await auditOf('dish', dishes['Fiskegrateng']!.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'create', actor_person_id: kitchenId });
      expect(JSON.parse(audit[0]!.after!)).toMatchObject({ name: 'Fiskegrateng', glutenCereals: ['wheat'] });
    });

    it('requires the cereal with gluten and the nut with nuts', async () => {
      const gluten = await api<Problem>(
        kitchen,
        'POST',
        '/api/v1/food/dishes',
        dishInput({ name: 'Brødmat', allergens: ['gluten'] }),
      );
      expect(gluten.status).toBe(400);
      expect(gluten.body.code).toBe('validation-failed');
      expect(gluten.body.errors).toEqual([
        expect.objectContaining({ path: 'body.glutenCereals', code: 'allergen-detail-missing' }),
      ]);
      const nuts = await api<Problem>(
        kitchen,
        'POST',
        '/api/v1/food/dishes',
        dishInput({ name: 'Nøttekake', allergens: ['nuts'] }),
      );
      expect(nuts.status).toBe(400);
      expect(nuts.body.errors).toEqual([
        expect.objectContaining({ path: 'body.nuts', code: 'allergen-detail-missing' }),
      ]);
      const unknown = await api<Problem>(
        kitchen,
        'POST',
        '/api/v1/food/dishes',
        dishInput({ name: 'Rakfisk', allergens: ['fish', 'garlic' as never] }),
      );
      expect(unknown.status).toBe(400);
      const blank = await api<Problem>(kitchen, 'POST', '/api/v1/food/dishes', dishInput({ name: '   ' }));
      expect(blank.status).toBe(400);
      const names = (await api<Dish[]>(kitchen, 'GET', '/api/v1/food/dishes')).body.map((dish) => dish.name);
      expect(names).not.toContain('Brødmat');
      expect(names).not.toContain('Nøttekake');
    });

    it('refuses a second dish of the same name, whatever its case', async () => {
      const again = await api<Problem>(
        kitchen,
        'POST',
        '/api/v1/food/dishes',
        dishInput({ name: 'fiskegrateng' }),
      );
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('dish-name-taken');
      expect(again.body.errors?.[0]?.path).toBe('body.name');
      const renamed = await api<Problem>(
        kitchen,
        'PUT',
        `/api/v1/food/dishes/${dishes['Pannekaker']!.id}`,
        dishInput({ name: 'LINSESUPPE' }),
      );
      expect(renamed.status).toBe(409);
      expect(renamed.body.code).toBe('dish-name-taken');
    });

    it('changes a dish, audited with before and after', async () => {
      const id = dishes['Pannekaker']!.id;
      const changed = await api<Dish>(
        admin,
        'PUT',
        `/api/v1/food/dishes/${id}`,
        dishInput({
          name: 'Pannekaker med blåbær',
          allergens: ['gluten', 'egg', 'milk'],
          glutenCereals: ['wheat', 'spelt'],
          diets: ['vegetarian'],
        }),
      );
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(changed.body).toMatchObject({
        id,
        name: 'Pannekaker med blåbær',
        glutenCereals: ['wheat', 'spelt'],
        diets: ['vegetarian'],
      });
      dishes['Pannekaker'] = changed.body;
      const audit = await auditOf('dish', id);
      expect(audit.map((row) => row.action)).toEqual(['create', 'update']);
      expect(JSON.parse(audit[1]!.before!)).toMatchObject({ name: 'Pannekaker', glutenCereals: ['wheat'] });
      expect(JSON.parse(audit[1]!.after!)).toMatchObject({ name: 'Pannekaker med blåbær' });
      // Keeping its own name is no conflict.
      const same = await api(
        admin,
        'PUT',
        `/api/v1/food/dishes/${id}`,
        dishInput({ name: 'pannekaker MED blåbær' }),
      );
      expect(same.status).toBe(200);
      const back = await api<Dish>(
        admin,
        'PUT',
        `/api/v1/food/dishes/${id}`,
        dishInput({ ...changed.body, name: 'Pannekaker med blåbær' }),
      );
      expect(back.status).toBe(200);
      dishes['Pannekaker'] = back.body;
      expect(
        (await api<Problem>(admin, 'PUT', `/api/v1/food/dishes/${randomUUID()}`, dishInput({ name: 'Ny' })))
          .status,
      ).toBe(404);
    });
  });

  describe("a week's menu", () => {
    it("takes the week's meals from the calendar's dining events, by day and start", async () => {
      const { status, body } = await getWeek(kitchen, W1);
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.week).toBe(W1);
      expect(body.published).toBe(false);
      expect(body.publishedAt).toBeNull();
      expect(body.policies).toEqual({ change: true });
      expect(body.days.map((day) => day.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(W1, i)));
      expect(body.days.map((day) => day.meals.map((meal) => meal.name))).toEqual([
        ['Frokost', 'Middag'],
        ['Frokost', 'Middag'],
        ['Frokost', 'Middag'],
        ['Frokost', 'Middag'],
        ['Frokost', 'Middag'],
        ['Brunsj', 'Middag'],
        ['Middag'],
      ]);
      const dinner = mealOf(body, W1, 'Middag')!;
      expect(dinner).toMatchObject({
        date: W1,
        start: iso(W1, '17:00'),
        end: iso(W1, '17:45'),
        roomName: 'Spisesalen',
        dishes: [],
        choice: null,
        choiceOpenUntil: null,
      });
      expect(dinner.eventId).toEqual(expect.any(String));
      expect(mealOf(body, W1, 'Frokost')!.roomName).toBeNull();
    });

    it('refuses a week not named by its Monday, and a missing one', async () => {
      for (const url of [
        '/api/v1/food/menu?week=2026-12-01',
        '/api/v1/food/menu?week=2026-13-01',
        '/api/v1/food/menu',
      ]) {
        const response = await api<Problem>(kitchen, 'GET', url);
        expect(response.status, url).toBe(400);
        expect(response.body.code).toBe('validation-failed');
      }
      const publish = await api<Problem>(kitchen, 'PUT', '/api/v1/food/menu/weeks/2026-12-02/published', {
        published: true,
      });
      expect(publish.status).toBe(400);
      expect(publish.body.code).toBe('validation-failed');
    });

    it("sets a meal's dishes in order, matching the meal's name whatever its case", async () => {
      const saved = await setMeal(kitchen, W1, '  middag ', [
        { dishId: dishes['Kjøttkaker i brun saus']!.id, course: 'main' },
        { dishId: dishes['Linsesuppe']!.id, course: 'vegetarian' },
        { dishId: dishes['Åkerbærkake']!.id, course: 'dessert' },
      ]);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body).toMatchObject({ date: W1, name: 'Middag', roomName: 'Spisesalen' });
      expect(dishNames(saved.body)).toEqual([
        'main:Kjøttkaker i brun saus',
        'vegetarian:Linsesuppe',
        'dessert:Åkerbærkake',
      ]);
      expect(saved.body.dishes[0]).toMatchObject({
        allergens: ['gluten', 'egg', 'milk', 'celery'],
        glutenCereals: ['wheat'],
        mayContain: ['mustard'],
        archived: false,
      });
      const week = (await getWeek(kitchen, W1)).body;
      expect(dishNames(mealOf(week, W1, 'Middag'))).toEqual(dishNames(saved.body));

      // Saved again in another order, with one fewer: replaced, not added to.
      const again = await setMeal(kitchen, W1, 'Middag', [
        { dishId: dishes['Linsesuppe']!.id, course: 'vegetarian' },
        { dishId: dishes['Kjøttkaker i brun saus']!.id, course: 'main' },
      ]);
      expect(dishNames(again.body)).toEqual(['vegetarian:Linsesuppe', 'main:Kjøttkaker i brun saus']);
      const audit = await auditOf('menu', `${W1}|middag`);
      expect(audit.map((row) => row.action)).toEqual(['update', 'update']);
      expect(JSON.parse(audit[1]!.before!).dishes.map((dish: { dishId: string }) => dish.dishId)).toEqual([
        dishes['Kjøttkaker i brun saus']!.id,
        dishes['Linsesuppe']!.id,
        dishes['Åkerbærkake']!.id,
      ]);
      expect(JSON.parse(audit[1]!.after!).dishes).toEqual([
        { dishId: dishes['Linsesuppe']!.id, course: 'vegetarian' },
        { dishId: dishes['Kjøttkaker i brun saus']!.id, course: 'main' },
      ]);
      // None clears the meal.
      const breakfast = await setMeal(kitchen, addDays(W1, 1), 'Frokost', [
        { dishId: dishes['Pannekaker']!.id, course: 'main' },
      ]);
      expect(breakfast.status).toBe(200);
      const cleared = await setMeal(kitchen, addDays(W1, 1), 'Frokost', []);
      expect(cleared.body.dishes).toEqual([]);
    });

    it('answers 404 meal-unknown for a meal the calendar does not have that day', async () => {
      for (const [date, meal] of [
        [W1, 'Lunsj'],
        // Sunday has no breakfast.
        [addDays(W1, 6), 'Frokost'],
        // Not a dining event.
        [W1, 'Linjefag'],
      ] as const) {
        const response = await setMeal(kitchen, date, meal, []);
        expect(response.status, `${date} ${meal}`).toBe(404);
        expect((response.body as unknown as Problem).code).toBe('meal-unknown');
      }
    });

    it('names each dish that is unknown or repeated, by its place', async () => {
      const response = await setMeal(kitchen, W1, 'Frokost', [
        { dishId: dishes['Pannekaker']!.id, course: 'main' },
        { dishId: randomUUID(), course: 'main' },
        { dishId: dishes['Pannekaker']!.id, course: 'dessert' },
      ]);
      expect(response.status).toBe(400);
      const problem = response.body as unknown as Problem;
      expect(problem.code).toBe('validation-failed');
      expect(problem.errors?.map((error) => error.path)).toEqual([
        'body.dishes.1.dishId',
        'body.dishes.2.dishId',
      ]);
      const course = await setMeal(kitchen, W1, 'Frokost', [
        { dishId: dishes['Pannekaker']!.id, course: 'starter' },
      ]);
      expect(course.status).toBe(400);
      expect((await getWeek(kitchen, W1)).body.days[0]!.meals[0]!.dishes).toEqual([]);
    });

    it('shows students and teachers the meals but no dishes until the week is published; the kitchen always', async () => {
      for (const cookie of [student, teacher]) {
        const before = await getWeek(cookie, W1);
        expect(before.status).toBe(200);
        expect(before.body.published).toBe(false);
        expect(before.body.policies).toEqual({ change: false });
        expect(mealOf(before.body, W1, 'Middag')!.dishes).toEqual([]);
        expect(before.body.days.flatMap((day) => day.meals)).toHaveLength(13);
      }
      expect(dishNames(mealOf((await getWeek(kitchen, W1)).body, W1, 'Middag'))).toHaveLength(2);

      const published = await publishWeek(kitchen, W1);
      expect(published.status, JSON.stringify(published.body)).toBe(200);
      expect(published.body).toEqual({ week: W1, published: true, publishedAt: expect.any(String) });
      // Publishing again changes nothing: the first time stays.
      const twice = await publishWeek(admin, W1);
      expect(twice.body.publishedAt).toBe(published.body.publishedAt);

      const after = (await getWeek(student, W1)).body;
      expect(after).toMatchObject({ published: true, publishedAt: published.body.publishedAt });
      expect(dishNames(mealOf(after, W1, 'Middag'))).toEqual([
        'vegetarian:Linsesuppe',
        'main:Kjøttkaker i brun saus',
      ]);
      // The next week is not published.
      expect((await getWeek(student, W2)).body.published).toBe(false);

      const withdrawn = await publishWeek(kitchen, W1, false);
      expect(withdrawn.body).toEqual({ week: W1, published: false, publishedAt: null });
      expect(mealOf((await getWeek(student, W1)).body, W1, 'Middag')!.dishes).toEqual([]);
      expect((await publishWeek(kitchen, W1)).status).toBe(200);

      const audit = await auditOf('menu-week', W1);
      expect(audit.map((row) => row.action)).toEqual(['publish', 'unpublish', 'publish']);
      expect(audit[0]!.actor_person_id).toBe(kitchenId);
    });

    it('announces food to every reader on a write', async () => {
      const stream = await openSse(`${base}/api/v1/live`, { cookie: student });
      try {
        expect(stream.status).toBe(200);
        const saved = await setMeal(kitchen, addDays(W1, 2), 'Frokost', [
          { dishId: dishes['Pannekaker']!.id, course: 'main' },
        ]);
        expect(saved.status).toBe(200);
        const heard = await stream.next(isChange('food'), WITHIN);
        expect(JSON.parse(heard.data!)).toEqual({ topic: 'food', ids: [] });
      } finally {
        stream.close();
      }
    });
  });

  describe('deleting a dish', () => {
    it('deletes a dish no menu names', async () => {
      const id = dishes['Fiskegrateng']!.id;
      const deleted = await api(kitchen, 'DELETE', `/api/v1/food/dishes/${id}`);
      expect(deleted.status).toBe(204);
      const all = await api<Dish[]>(kitchen, 'GET', '/api/v1/food/dishes?archived=1');
      expect(all.body.map((dish) => dish.id)).not.toContain(id);
      expect((await auditOf('dish', id)).map((row) => row.action)).toEqual(['create', 'delete']);
      expect((await api(kitchen, 'DELETE', `/api/v1/food/dishes/${id}`)).status).toBe(404);
      // Its name is free again.
      const again = await api<Dish>(
        kitchen,
        'POST',
        '/api/v1/food/dishes',
        dishInput({ name: 'Fiskegrateng', allergens: ['fish'] }),
      );
      expect(again.status).toBe(201);
      dishes['Fiskegrateng'] = again.body;
    });

    it('archives a dish a menu names: gone from the library, still on the menu', async () => {
      const id = dishes['Kjøttkaker i brun saus']!.id;
      expect((await api(kitchen, 'DELETE', `/api/v1/food/dishes/${id}`)).status).toBe(204);
      const library = await api<Dish[]>(kitchen, 'GET', '/api/v1/food/dishes');
      expect(library.body.map((dish) => dish.id)).not.toContain(id);
      const archived = await api<Dish[]>(kitchen, 'GET', '/api/v1/food/dishes?archived=1');
      expect(archived.body.find((dish) => dish.id === id)).toMatchObject({ archived: true });
      const dinner = mealOf((await getWeek(student, W1)).body, W1, 'Middag')!;
      expect(dinner.dishes.find((dish) => dish.id === id)).toMatchObject({
        name: 'Kjøttkaker i brun saus',
        archived: true,
        allergens: ['gluten', 'egg', 'milk', 'celery'],
      });
      expect((await auditOf('dish', id)).map((row) => row.action)).toEqual(['create', 'archive']);
      // A second delete leaves it archived.
      expect((await api(kitchen, 'DELETE', `/api/v1/food/dishes/${id}`)).status).toBe(204);
      expect((await auditOf('dish', id)).map((row) => row.action)).toEqual(['create', 'archive']);

      // It is not chosen anew, but a meal that has it may keep it.
      const elsewhere = await setMeal(kitchen, addDays(W1, 3), 'Middag', [{ dishId: id, course: 'main' }]);
      expect(elsewhere.status).toBe(400);
      expect((elsewhere.body as unknown as Problem).errors?.[0]?.path).toBe('body.dishes.0.dishId');
      const kept = await setMeal(kitchen, W1, 'Middag', [
        { dishId: id, course: 'main' },
        { dishId: dishes['Linsesuppe']!.id, course: 'vegetarian' },
        { dishId: dishes['Åkerbærkake']!.id, course: 'dessert' },
      ]);
      expect(kept.status, JSON.stringify(kept.body)).toBe(200);
      // Its name is free for a new dish.
      const fresh = await api<Dish>(
        kitchen,
        'POST',
        '/api/v1/food/dishes',
        dishInput({
          name: 'Kjøttkaker i brun saus',
          allergens: ['gluten', 'milk'],
          glutenCereals: ['wheat'],
        }),
      );
      expect(fresh.status).toBe(201);
      dishes['Kjøttkaker'] = fresh.body;
    });
  });

  describe('copying', () => {
    it('copies a week by weekday and meal name, also onto a meal that moved, leaving meals without a source alone', async () => {
      const wednesday = addDays(W2, 2);
      const thursday = addDays(W2, 3);
      // This week's Wednesday dinner is moved to 18:30, and Thursday has a Christmas dinner besides.
      const before = (await getWeek(kitchen, W2)).body;
      const dinner = mealOf(before, wednesday, 'Middag')!;
      const patched = await t.request({
        method: 'PATCH',
        url: `/api/v1/calendar/events/${encodeURIComponent(dinner.eventId)}`,
        cookie: admin,
        payload: {
          name: 'Middag',
          start: iso(wednesday, '18:30'),
          end: iso(wednesday, '19:15'),
          type: 'dining',
          mandatory: false,
          roomUsed: null,
          groupsAttending: [],
        },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      const party = await api(admin, 'POST', '/api/v1/calendar/events', {
        name: 'Julebord',
        start: iso(thursday, '19:00'),
        end: iso(thursday, '22:00'),
        type: 'dining',
        mandatory: false,
        roomUsed: null,
        groupsAttending: [],
      });
      expect(party.status).toBe(201);
      expect(
        (
          await setMeal(kitchen, thursday, 'Julebord', [
            { dishId: dishes['Åkerbærkake']!.id, course: 'dessert' },
          ])
        ).status,
      ).toBe(200);
      // Wednesday's dinner of the week copied from.
      expect(
        (
          await setMeal(kitchen, addDays(W1, 2), 'Middag', [
            { dishId: dishes['Fiskegrateng']!.id, course: 'main' },
            { dishId: dishes['Ærtesuppe']!.id, course: 'vegetarian' },
          ])
        ).status,
      ).toBe(200);

      const copied = await copy(kitchen, { from: W1, weeks: 1, to: W2, until: W2 });
      expect(copied.status, JSON.stringify(copied.body)).toBe(200);
      // Every one of the 13 meals of the week has its match; the Christmas dinner has none.
      expect(copied.body).toEqual({ weeks: 1, meals: 13 });

      const source = (await getWeek(kitchen, W1)).body;
      const target = (await getWeek(kitchen, W2)).body;
      for (let day = 0; day < 7; day += 1) {
        const from = source.days[day]!;
        const to = target.days[day]!;
        for (const meal of from.meals) {
          expect(dishNames(to.meals.find((m) => m.name === meal.name)), `${to.date} ${meal.name}`).toEqual(
            dishNames(meal),
          );
        }
      }
      const movedDinner = mealOf(target, wednesday, 'Middag')!;
      expect(movedDinner.start).toBe(iso(wednesday, '18:30'));
      expect(dishNames(movedDinner)).toEqual(['main:Fiskegrateng', 'vegetarian:Ærtesuppe']);
      // The archived dish is copied too: it is still what was served.
      expect(dishNames(mealOf(target, W2, 'Middag'))).toEqual([
        'main:Kjøttkaker i brun saus',
        'vegetarian:Linsesuppe',
        'dessert:Åkerbærkake',
      ]);
      expect(dishNames(mealOf(target, thursday, 'Julebord'))).toEqual(['dessert:Åkerbærkake']);
      // Publishing stays as it was: the copy of a published week is not published.
      expect(target.published).toBe(false);

      const audit = await auditOf('menu', `${W2}..${W2}`);
      expect(audit).toHaveLength(1);
      expect(audit[0]!.action).toBe('menu-copy');
      expect(JSON.parse(audit[0]!.after!)).toEqual({ from: W1, weeks: 1, to: W2, until: W2, meals: 13 });
    });

    it('repeats a rotation of two weeks over four, replacing what the target weeks had', async () => {
      expect(
        (await setMeal(kitchen, R1, 'Middag', [{ dishId: dishes['Fiskegrateng']!.id, course: 'main' }]))
          .status,
      ).toBe(200);
      expect(
        (await setMeal(kitchen, R2, 'Middag', [{ dishId: dishes['Linsesuppe']!.id, course: 'main' }])).status,
      ).toBe(200);
      // Something already on a target week, where the rotation has nothing: it is replaced by nothing.
      expect(
        (
          await setMeal(kitchen, addDays(R5, 1), 'Frokost', [
            { dishId: dishes['Pannekaker']!.id, course: 'main' },
          ])
        ).status,
      ).toBe(200);
      expect((await publishWeek(kitchen, R3)).status).toBe(200);

      const copied = await copy(kitchen, { from: R1, weeks: 2, to: R3, until: R6 });
      expect(copied.status, JSON.stringify(copied.body)).toBe(200);
      expect(copied.body).toEqual({ weeks: 4, meals: 4 * 13 });

      const expected: Record<string, string[]> = {
        [R3]: ['main:Fiskegrateng'],
        [R4]: ['main:Linsesuppe'],
        [R5]: ['main:Fiskegrateng'],
        [R6]: ['main:Linsesuppe'],
      };
      for (const [week, names] of Object.entries(expected)) {
        const menu = (await getWeek(kitchen, week)).body;
        expect(dishNames(mealOf(menu, week, 'Middag')), week).toEqual(names);
        expect(menu.published, week).toBe(week === R3);
      }
      expect(mealOf((await getWeek(kitchen, R5)).body, addDays(R5, 1), 'Frokost')!.dishes).toEqual([]);
    });

    it('refuses a copy onto the weeks it copies from, one too long, and one that ends before it starts', async () => {
      const overlap = await copy(kitchen, { from: R1, weeks: 2, to: R2, until: R4 });
      expect(overlap.status).toBe(400);
      expect((overlap.body as unknown as Problem).errors?.[0]?.path).toBe('body.to');
      const tooLong = await copy(kitchen, {
        from: R1,
        weeks: 1,
        to: R2,
        until: addDays(R2, MENU_COPY_WEEKS_MAX * 7),
      });
      expect(tooLong.status).toBe(400);
      expect((tooLong.body as unknown as Problem).errors?.[0]?.path).toBe('body.until');
      const backwards = await copy(kitchen, { from: R1, weeks: 1, to: R4, until: R3 });
      expect(backwards.status).toBe(400);
      const notMonday = await copy(kitchen, { from: addDays(R1, 1), weeks: 1, to: R3, until: R3 });
      expect(notMonday.status).toBe(400);
      const tooManyWeeks = await copy(kitchen, { from: R1, weeks: 9, to: R3, until: R3 });
      expect(tooManyWeeks.status).toBe(400);
      // The longest copy allowed goes through: a year of weeks, read from the calendar in pieces.
      const year = await copy(kitchen, {
        from: R1,
        weeks: 1,
        to: R2,
        until: addDays(R2, (MENU_COPY_WEEKS_MAX - 1) * 7),
      });
      expect(year.status, JSON.stringify(year.body)).toBe(200);
      expect(year.body).toEqual({ weeks: MENU_COPY_WEEKS_MAX, meals: MENU_COPY_WEEKS_MAX * 13 });
      expect(dishNames(mealOf((await getWeek(kitchen, R6)).body, R6, 'Middag'))).toEqual([
        'main:Fiskegrateng',
      ]);
    });
  });

  describe('who may', () => {
    it('refuses teachers and students every change, with 403', async () => {
      const id = dishes['Linsesuppe']!.id;
      for (const cookie of [teacher, student]) {
        const calls: [string, string, object | undefined][] = [
          ['POST', '/api/v1/food/dishes', dishInput({ name: 'Lærerens rett' })],
          ['PUT', `/api/v1/food/dishes/${id}`, dishInput({ name: 'Lærerens rett' })],
          ['DELETE', `/api/v1/food/dishes/${id}`, undefined],
          ['PUT', '/api/v1/food/menu/meal', { date: W1, meal: 'Middag', dishes: [] }],
          ['PUT', `/api/v1/food/menu/weeks/${W1}/published`, { published: false }],
          ['POST', '/api/v1/food/menu/copy', { from: W1, weeks: 1, to: W2, until: W2 }],
        ];
        for (const [method, url, payload] of calls) {
          const response = await api<Problem>(cookie, method as 'POST', url, payload);
          expect(response.status, `${method} ${url}`).toBe(403);
          expect(response.body.code).toBe('forbidden');
        }
      }
      expect((await getWeek(student, W1)).body.published).toBe(true);
      expect(dishNames(mealOf((await getWeek(student, W1)).body, W1, 'Middag'))).toHaveLength(3);
    });

    it("shows another school none of this school's dishes or menus", async () => {
      const id = dishes['Linsesuppe']!.id;
      expect((await api<Dish[]>(otherAdmin, 'GET', '/api/v1/food/dishes?archived=1')).body).toEqual([]);
      const changed = await api<Problem>(
        otherAdmin,
        'PUT',
        `/api/v1/food/dishes/${id}`,
        dishInput({ name: 'Kapret' }),
      );
      expect(changed.status).toBe(404);
      expect((await api(otherAdmin, 'DELETE', `/api/v1/food/dishes/${id}`)).status).toBe(404);
      const week = (await getWeek(otherAdmin, W1)).body;
      expect(week.published).toBe(false);
      expect(week.days.flatMap((day) => day.meals)).toEqual([]);
      // Its own dinner cannot name this school's dish: to it, the dish does not exist.
      expect((await setMeal(otherAdmin, W1, 'Middag', [])).status).toBe(404);
      const dinner = await api(otherAdmin, 'POST', '/api/v1/calendar/events', {
        name: 'Middag',
        start: iso(W1, '17:30'),
        end: iso(W1, '18:15'),
        type: 'dining',
        mandatory: false,
        roomUsed: null,
        groupsAttending: [],
      });
      expect(dinner.status).toBe(201);
      const borrowed = await setMeal(otherAdmin, W1, 'Middag', [{ dishId: id, course: 'main' }]);
      expect(borrowed.status).toBe(400);
      expect((borrowed.body as unknown as Problem).errors?.[0]).toMatchObject({
        path: 'body.dishes.0.dishId',
        message: 'Fant ikke retten.',
      });
      // Nothing of theirs changed ours.
      expect(
        (await api<Dish[]>(kitchen, 'GET', '/api/v1/food/dishes')).body.find((dish) => dish.id === id),
      ).toMatchObject({
        name: 'Linsesuppe',
        archived: false,
      });
      expect((await publishWeek(otherAdmin, W2)).status).toBe(200);
      expect((await getWeek(student, W2)).body.published).toBe(false);
    });
  });

  it('exports the weeks a person published, and forgets the publisher at erasure', async () => {
    const person = await t.ctx.database.db
      .selectFrom('person')
      .selectAll()
      .where('id', '=', kitchenId)
      .executeTakeFirstOrThrow();
    const exported = await exportPersonalData(t.ctx.database.db, schoolId, person);
    expect(exported.menuWeeksPublished).toEqual(
      expect.arrayContaining([expect.objectContaining({ week: W1 }), expect.objectContaining({ week: R3 })]),
    );
    await write(t.ctx, schoolId, (trx, publish) => menusPersonalData.erase(trx, schoolId, person, publish));
    expect(await menusPersonalData.export(t.ctx.database.db, schoolId, person)).toEqual({
      menuWeeksPublished: [],
    });
    // The weeks stay published.
    expect((await getWeek(student, W1)).body.published).toBe(true);
  });
});

describe('the demo kitchen', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { LOGIN_RATE_LIMIT: '1000' } });
    await seedDemo(t.ctx);
  });
  afterAll(() => t.close());

  it('has about forty dishes, each with what the regulation asks, and two published weeks of menus', async () => {
    const student = await login(t, 'elev@solbakken.example', DEMO_PASSWORD);
    const kitchen = await login(t, 'kjokken@solbakken.example', DEMO_PASSWORD);
    const dishes = (await callApi<Dish[]>(t, kitchen, 'GET', '/api/v1/food/dishes')).body;
    expect(dishes.length).toBeGreaterThanOrEqual(40);
    for (const dish of dishes) {
      expect(dish.allergens.includes('gluten'), dish.name).toBe(dish.glutenCereals.length > 0);
      expect(dish.allergens.includes('nuts'), dish.name).toBe(dish.nuts.length > 0);
      if (dish.diets.includes('vegan')) {
        expect(
          dish.allergens.filter((a) => ['milk', 'egg', 'fish'].includes(a)),
          dish.name,
        ).toEqual([]);
      }
    }
    const used = new Set(dishes.flatMap((dish) => [...dish.allergens, ...dish.mayContain]));
    // Every allergen but lupin, which Norwegian kitchens seldom use, is on some dish.
    expect([...used].sort()).toEqual(
      [
        'celery',
        'crustaceans',
        'egg',
        'fish',
        'gluten',
        'milk',
        'molluscs',
        'mustard',
        'nuts',
        'peanuts',
        'sesame',
        'soy',
        'sulphites',
      ].sort(),
    );

    const thisWeek = mondayOf(todayInSchoolZone());
    for (const week of [thisWeek, addDays(thisWeek, 7)]) {
      const menu = (await callApi<MenuWeek>(t, student, 'GET', `/api/v1/food/menu?week=${week}`)).body;
      expect(menu.published, week).toBe(true);
      const meals = menu.days.flatMap((day) => day.meals);
      expect(meals.length, week).toBeGreaterThanOrEqual(20);
      for (const meal of meals) {
        const courses = meal.dishes.map((dish) => dish.course);
        expect(courses, `${meal.date} ${meal.name}`).toContain('main');
        expect(courses, `${meal.date} ${meal.name}`).toContain('vegetarian');
      }
      expect(meals.some((meal) => meal.dishes.some((dish) => dish.course === 'dessert'))).toBe(true);
    }
    expect(
      (await callApi<MenuWeek>(t, student, 'GET', `/api/v1/food/menu?week=${addDays(thisWeek, 14)}`)).body
        .published,
    ).toBe(false);

    // The dining hall's screen shows today's menu.
    const tv = await login(t, 'tv@solbakken.example', DEMO_PASSWORD);
    const screen = await callApi<ScreenContent>(t, tv, 'GET', '/api/v1/screen');
    expect(screen.status).toBe(200);
    expect(screen.body.menu?.meals.length).toBeGreaterThan(0);
  });
});
