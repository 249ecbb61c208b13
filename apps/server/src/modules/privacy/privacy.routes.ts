import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@tun/shared';
import type { AppContext } from '../../context';
import { erasePerson, exportPersonData } from './privacy.service';
import { sendDownload } from '../../http/download';

const personParams = z.object({ id: idSchema });

export async function privacyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/people/:id/privacy-export',
    {
      config: { access: 'privacy:manage' },
      schema: {
        tags: ['privacy'],
        summary: 'Everything Tun stores about a person, as a JSON file (GDPR article 15)',
        params: personParams,
        produces: ['application/json'],
      },
    },
    async (request, reply) => {
      const { schoolId, personId } = request.principal;
      const { fileName, data } = await exportPersonData(ctx, { schoolId, personId }, request.params.id);
      return sendDownload(reply, {
        fileName,
        contentType: 'application/json; charset=utf-8',
        body: `${JSON.stringify(data, null, 2)}\n`,
      });
    },
  );

  routes.post(
    '/api/v1/people/:id/erase',
    {
      config: { access: 'privacy:manage' },
      schema: {
        tags: ['privacy'],
        summary:
          'Erase a person: their data, account and memberships; their audit history is pseudonymised (GDPR article 17)',
        params: personParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { schoolId, personId } = request.principal;
      await erasePerson(ctx, { schoolId, personId }, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
