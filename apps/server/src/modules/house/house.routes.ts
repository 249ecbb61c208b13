/**
 * The house tonight (/app/tilsyn «På huset i natt»): who sleeps in the house, the evening check
 * and the fire list. Staff, and a scholar while on supervision duty. Decision 027.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { houseCheckInputSchema, houseTonightSchema } from '@tun/shared';
import type { AppContext } from '../../context';
import { checkHousePerson, houseTonight } from './house.service';

export async function houseRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/house/tonight',
    {
      config: { access: 'house:view' },
      schema: {
        tags: ['house'],
        summary:
          'Who is expected to sleep in the house tonight, by room, with phones, tonight’s checks and ' +
          'who is in the house now (the fire list); and who is away for the night on leave',
        response: { 200: houseTonightSchema },
      },
    },
    async (request) => houseTonight(ctx.database.db, request.principal),
  );

  routes.put(
    '/api/v1/house/checks',
    {
      config: { access: 'house:check' },
      schema: {
        tags: ['house'],
        summary: 'Check a person tonight: «Inne» or «Ikke inne» as of now, or clear the check',
        body: houseCheckInputSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await checkHousePerson(ctx, request.principal, request.body);
      return reply.code(204).send(null);
    },
  );
}
