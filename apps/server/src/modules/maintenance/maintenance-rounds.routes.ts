/**
 * The janitor's recurring rounds and the cases' statistics. docs/decisions/026-janitor-cases.md.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caseStatsQuerySchema, caseStatsSchema, idSchema, roundInputSchema, roundSchema } from '@tun/shared';
import type { AppContext } from '../../context';
import { caseStats, caseStatsCsv } from './case-stats.service';
import { changeRound, createRound, listRounds, removeRound } from './rounds.service';
import { sendDownload } from '../../http/download';

const roundParams = z.object({ id: idSchema });

const PERIOD_NOTE =
  'Dates are days at the school (YYYY-MM-DD, both included), at most a year; 400 when `to` is before `from`.';

export async function maintenanceRoundsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  routes.get(
    '/api/v1/maintenance/rounds',
    {
      config: { access: 'maintenance:handle' },
      schema: {
        tags: ['maintenance'],
        summary: 'The school’s recurring rounds, by title',
        response: { 200: z.array(roundSchema) },
      },
    },
    async (request) => listRounds(db, request.principal.schoolId),
  );

  routes.post(
    '/api/v1/maintenance/rounds',
    {
      config: { access: 'maintenance:handle' },
      schema: {
        tags: ['maintenance'],
        summary:
          'A recurring round: when due (06:00 school time) it makes one case per room, or one for the ' +
          'round without rooms, and moves to its next date',
        body: roundInputSchema,
        response: { 201: roundSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createRound(ctx, request.principal, request.body)),
  );

  routes.put(
    '/api/v1/maintenance/rounds/:id',
    {
      config: { access: 'maintenance:handle' },
      schema: {
        tags: ['maintenance'],
        summary: 'Change a round; a new due date, or activating, schedules it for that date',
        params: roundParams,
        body: roundInputSchema,
        response: { 200: roundSchema },
      },
    },
    async (request) => changeRound(ctx, request.principal, request.params.id, request.body),
  );

  routes.delete(
    '/api/v1/maintenance/rounds/:id',
    {
      config: { access: 'maintenance:handle' },
      schema: {
        tags: ['maintenance'],
        summary: 'Delete a round; the cases it made stay',
        params: roundParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeRound(ctx, request.principal, request.params.id);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    '/api/v1/maintenance/stats',
    {
      config: { access: 'maintenance:handle' },
      schema: {
        tags: ['maintenance'],
        summary:
          'Open cases per room and category now; of the cases reported in the period, how many are ' +
          'solved and the median hours to solve, overall and per category',
        description: PERIOD_NOTE,
        querystring: caseStatsQuerySchema,
        response: { 200: caseStatsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return caseStats(db, request.principal.schoolId, request.query);
    },
  );

  routes.get(
    '/api/v1/maintenance/stats.csv',
    {
      config: { access: 'maintenance:handle' },
      schema: {
        tags: ['maintenance'],
        summary: 'The cases reported in the period as CSV (UTF-8 with BOM, semicolons) for Excel',
        description: PERIOD_NOTE,
        querystring: caseStatsQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const file = await caseStatsCsv(db, request.principal.schoolId, request.query);
      return sendDownload(reply, { ...file, contentType: 'text/csv; charset=utf-8' });
    },
  );
}
