import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attendanceSheetInputSchema,
  proposalListQuerySchema,
  proposalSchema,
  eventIdSchema,
} from '@tun/shared';
import type { AppContext } from '../../context';
import { decideProposal, listProposals, submitProposal } from './attendance-proposals.service';

const eventParams = z.object({ eventId: eventIdSchema });

export async function attendanceProposalsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/attendance/proposals',
    {
      // Approvers see all; a scholar their own.
      config: { access: 'proposals:view' },
      schema: {
        tags: ['attendance'],
        summary: 'Proposed attendance, pending by default',
        querystring: proposalListQuerySchema,
        response: { 200: z.array(proposalSchema) },
      },
    },
    async (request) => listProposals(ctx.database.db, request.principal, request.query.state),
  );

  routes.put(
    '/api/v1/attendance/proposals/:eventId',
    {
      config: { access: 'proposals:submit' },
      schema: {
        tags: ['attendance'],
        summary: 'Propose the attendance of an event (replaces a pending proposal)',
        params: eventParams,
        body: attendanceSheetInputSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await submitProposal(ctx, request.principal, request.params.eventId, request.body.records);
      return reply.code(204).send(null);
    },
  );

  for (const [path, approve] of [
    ['approve', true],
    ['reject', false],
  ] as const) {
    routes.post(
      `/api/v1/attendance/proposals/:eventId/${path}`,
      {
        config: { access: 'proposals:approve' },
        schema: {
          tags: ['attendance'],
          summary: approve
            ? 'Approve a proposal: its statuses are written to attendance'
            : 'Reject a proposal: attendance is left as it is',
          params: eventParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await decideProposal(ctx, request.principal, request.params.eventId, approve);
        return reply.code(204).send(null);
      },
    );
  }
}
