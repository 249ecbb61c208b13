/**
 * What the kitchen needs beside the menus: special diets (health data), «Jeg spiser ikke» /
 * «Matpakke», the cut-off for them, and how many will eat. docs/decisions/025-food-planner.md.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  foodCountQuerySchema,
  foodCountsSchema,
  foodSettingsSchema,
  idSchema,
  mealChoiceAnswerSchema,
  mealChoiceInputSchema,
  personDietAnswerSchema,
  personDietInputSchema,
  personDietListSchema,
  personDietSchema,
} from '@tun/shared';
import type { AppContext } from '../../context';
import { createAnswerCache, replyWithAnswer } from '../../live/answer-cache';
import { CALENDAR_BASE_TOPICS } from '../calendar/calendar-cache';
import { getDiet, listDiets, removeDiet, saveDiet } from './diets.service';
import { foodCounts } from './food-counts.service';
import { getFoodSettings, saveFoodSettings } from './food-settings.service';
import { setMealChoice } from './meal-choices.service';

const personParams = z.object({ personId: idSchema });

export async function foodKitchenRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  // The count is the same for everyone who may see it, and read again by each of the kitchen's
  // screens at every change. It follows the meals (calendar), who is expected (people and their
  // lines, electives and groups), absence in advance, the choices and the diets.
  const counts = createAnswerCache(
    ctx.live,
    'food-counts',
    new Set([...CALENDAR_BASE_TOPICS, 'people', 'preliminaryAbsence', 'mealChoices', 'mealCounts', 'diets']),
  );
  app.addHook('onClose', async () => counts.stop());

  routes.get(
    '/api/v1/food/settings',
    {
      config: { access: 'foodPlan:view' },
      schema: {
        tags: ['food'],
        summary: 'The cut-off for «Jeg spiser ikke» / «Matpakke» (09:00 the same day unless set)',
        response: { 200: foodSettingsSchema },
      },
    },
    async (request) => getFoodSettings(db, request.principal.schoolId),
  );

  routes.put(
    '/api/v1/food/settings',
    {
      config: { access: 'foodPlan:change' },
      schema: {
        tags: ['food'],
        summary: 'Set the cut-off: a number of days before the meal, at a time of day',
        body: foodSettingsSchema,
        response: { 200: foodSettingsSchema },
      },
    },
    async (request) => saveFoodSettings(ctx, request.principal, request.body),
  );

  routes.put(
    '/api/v1/food/choices',
    {
      config: { access: 'meals:choose' },
      schema: {
        tags: ['food'],
        summary:
          'Set or take back «Jeg spiser ikke» / «Matpakke» for a meal: a student their own until the ' +
          'cut-off (409 meal-choice-closed after it), the kitchen and admins anyone’s at any time',
        body: mealChoiceInputSchema,
        response: { 200: mealChoiceAnswerSchema },
      },
    },
    async (request) => setMealChoice(ctx, request.principal, request.body),
  );

  routes.get(
    '/api/v1/food/diets',
    {
      config: { access: 'diets:view' },
      schema: {
        tags: ['food'],
        summary: 'Special diets: everyone’s for the kitchen and admins, otherwise only one’s own',
        response: { 200: personDietListSchema },
      },
    },
    async (request) => listDiets(db, request.principal),
  );

  routes.get(
    '/api/v1/food/diets/:personId',
    {
      config: { access: 'diets:view' },
      schema: {
        tags: ['food'],
        summary: 'A person’s special diet, null when none is recorded; 404 for anyone else’s',
        params: personParams,
        response: { 200: personDietAnswerSchema },
      },
    },
    async (request) => getDiet(db, request.principal, request.params.personId),
  );

  routes.put(
    '/api/v1/food/diets/:personId',
    {
      config: { access: 'diets:change' },
      schema: {
        tags: ['food'],
        summary: 'Record a special diet with the person’s explicit consent (health data)',
        params: personParams,
        body: personDietInputSchema,
        response: { 200: personDietSchema },
      },
    },
    async (request) => saveDiet(ctx, request.principal, request.params.personId, request.body),
  );

  routes.delete(
    '/api/v1/food/diets/:personId',
    {
      config: { access: 'diets:change' },
      schema: {
        tags: ['food'],
        summary: 'Delete a special diet (consent withdrawn)',
        params: personParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeDiet(ctx, request.principal, request.params.personId);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    '/api/v1/food/counts',
    {
      config: { access: 'foodCounts:view' },
      schema: {
        tags: ['food'],
        summary: 'How many will eat at each meal of the days from `from`, per allergen and diet, with names',
        querystring: foodCountQuerySchema,
        response: { 200: foodCountsSchema, 304: z.null() },
      },
    },
    async (request, reply) => {
      const { schoolId } = request.principal;
      return replyWithAnswer(counts, request, reply, schoolId, request.url, () =>
        foodCounts(db, schoolId, request.query),
      );
    },
  );
}
