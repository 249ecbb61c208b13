/**
 * The food planner's dishes and menus (SPEC §2 /app/food-planner, §6 «Food plan: change admin,
 * kitchen; view everyone»). docs/decisions/025-food-planner.md.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dishInputSchema,
  dishListQuerySchema,
  dishSchema,
  idSchema,
  mealMenuInputSchema,
  mealSchema,
  menuCopyInputSchema,
  menuCopyResultSchema,
  menuWeekQuerySchema,
  menuWeekSchema,
  weekPublishInputSchema,
  weekPublishedSchema,
  weekSchema,
} from '@tun/shared';
import type { AppContext } from '../../context';
import { createAnswerCache } from '../../live/answer-cache';
import { CALENDAR_BASE_TOPICS } from '../calendar/calendar-cache';
import { changeDish, createDish, listDishes, removeDish } from './dishes.service';
import { copyMenus, menuWeek, saveMealMenu, setWeekPublished } from './menus.service';

const dishParams = z.object({ id: idSchema });
const weekParams = z.object({ week: weekSchema });

export async function foodMenusRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // A week's meals come from the calendar and its dishes from the menus: what every reader of one
  // kind sees is kept until either changes.
  const weeks = createAnswerCache(ctx.live, 'food-menu', new Set([...CALENDAR_BASE_TOPICS, 'food']));
  app.addHook('onClose', async () => weeks.stop());

  routes.get(
    '/api/v1/food/dishes',
    {
      config: { access: 'foodPlan:view' },
      schema: {
        tags: ['food'],
        summary: "The school's dishes by name; archived=1 lists the archived ones too",
        querystring: dishListQuerySchema,
        response: { 200: z.array(dishSchema) },
      },
    },
    async (request) =>
      listDishes(ctx.database.db, request.principal.schoolId, {
        includeArchived: request.query.archived === '1',
      }),
  );

  routes.post(
    '/api/v1/food/dishes',
    {
      config: { access: 'foodPlan:change' },
      schema: {
        tags: ['food'],
        summary: 'Add a dish with its allergens to the library',
        body: dishInputSchema,
        response: { 201: dishSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createDish(ctx, request.principal, request.body)),
  );

  routes.put(
    '/api/v1/food/dishes/:id',
    {
      config: { access: 'foodPlan:change' },
      schema: {
        tags: ['food'],
        summary: "Replace a dish's fields; the menus that name it show the change",
        params: dishParams,
        body: dishInputSchema,
        response: { 200: dishSchema },
      },
    },
    async (request) => changeDish(ctx, request.principal, request.params.id, request.body),
  );

  routes.delete(
    '/api/v1/food/dishes/:id',
    {
      config: { access: 'foodPlan:change' },
      schema: {
        tags: ['food'],
        summary: 'Delete a dish; one that a menu names is archived instead and stays on that menu',
        params: dishParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeDish(ctx, request.principal, request.params.id);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    '/api/v1/food/menu',
    {
      config: { access: 'foodPlan:view' },
      schema: {
        tags: ['food'],
        summary: "A week's meals from the calendar with their dishes (once published, for most readers)",
        querystring: menuWeekQuerySchema,
        response: { 200: menuWeekSchema },
      },
    },
    async (request, reply) => {
      // The reader's own choices change with the clock (the cut-off), so the answer is not
      // revalidated by an ETag; only its shared part is kept.
      reply.header('cache-control', 'private, no-cache');
      return menuWeek(ctx.database.db, request.principal, request.query.week, weeks);
    },
  );

  routes.put(
    '/api/v1/food/menu/meal',
    {
      config: { access: 'foodPlan:change' },
      schema: {
        tags: ['food'],
        summary: 'Set the dishes of one meal (a dining event of the calendar, by date and name)',
        body: mealMenuInputSchema,
        response: { 200: mealSchema },
      },
    },
    async (request) => saveMealMenu(ctx, request.principal, request.body),
  );

  routes.put(
    '/api/v1/food/menu/weeks/:week/published',
    {
      config: { access: 'foodPlan:change' },
      schema: {
        tags: ['food'],
        summary: 'Publish a week (named by its Monday) to everyone, or withdraw it',
        params: weekParams,
        body: weekPublishInputSchema,
        response: { 200: weekPublishedSchema },
      },
    },
    async (request) => setWeekPublished(ctx, request.principal, request.params.week, request.body.published),
  );

  routes.post(
    '/api/v1/food/menu/copy',
    {
      config: { access: 'foodPlan:change' },
      schema: {
        tags: ['food'],
        summary: 'Copy a week, or repeat a rotation of weeks, onto later weeks (their menus are replaced)',
        body: menuCopyInputSchema,
        response: { 200: menuCopyResultSchema },
      },
    },
    async (request) => copyMenus(ctx, request.principal, request.body),
  );
}
