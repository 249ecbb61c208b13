/**
 * Leave (permisjon): applications, their decisions and the school's rules for them.
 * docs/decisions/027-leave-and-the-house.md.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idSchema,
  leaveDecisionSchema,
  leaveInputSchema,
  leaveListSchema,
  leavePeriodSchema,
  leaveQuerySchema,
  leaveSchema,
  leaveSettingsSchema,
} from '@tun/shared';
import type { AppContext } from '../../context';
import {
  applyForLeave,
  changeLeavePeriod,
  decideLeave,
  editLeave,
  getLeave,
  listLeave,
  withdrawLeave,
} from './leave.service';
import { getLeaveSettings, saveLeaveSettings } from './leave-settings.service';

const idParams = z.object({ id: idSchema });

export async function leaveRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  routes.get(
    '/api/v1/leave/settings',
    {
      config: { access: 'leave:view' },
      schema: {
        tags: ['leave'],
        summary: 'Who approves leave, which categories are valid leave, and the absence-day threshold',
        response: { 200: leaveSettingsSchema },
      },
    },
    async (request) => getLeaveSettings(db, request.principal.schoolId),
  );

  routes.put(
    '/api/v1/leave/settings',
    {
      config: { access: 'leave:settings' },
      schema: {
        tags: ['leave'],
        summary: 'Change the school’s rules for leave; leave already approved is worked out again',
        body: leaveSettingsSchema,
        response: { 200: leaveSettingsSchema },
      },
    },
    async (request) => saveLeaveSettings(ctx, request.principal, request.body),
  );

  routes.get(
    '/api/v1/leave',
    {
      config: { access: 'leave:view' },
      schema: {
        tags: ['leave'],
        summary: 'Applications for leave: a student or scholar their own, teachers and admins all',
        querystring: leaveQuerySchema,
        response: { 200: leaveListSchema },
      },
    },
    async (request) => listLeave(db, request.principal, request.query),
  );

  routes.post(
    '/api/v1/leave',
    {
      config: { access: 'leave:apply' },
      schema: {
        tags: ['leave'],
        summary: 'Apply for leave (a student or scholar, for themselves); the approvers are told',
        body: leaveInputSchema,
        response: { 201: leaveSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return applyForLeave(ctx, request.principal, request.body);
    },
  );

  routes.get(
    '/api/v1/leave/:id',
    {
      config: { access: 'leave:view' },
      schema: {
        tags: ['leave'],
        summary: 'One application for leave',
        params: idParams,
        response: { 200: leaveSchema },
      },
    },
    async (request) => getLeave(db, request.principal, request.params.id),
  );

  routes.put(
    '/api/v1/leave/:id',
    {
      config: { access: 'leave:apply' },
      schema: {
        tags: ['leave'],
        summary: 'Change one’s own application while it is pending (409 leave-decided after)',
        params: idParams,
        body: leaveInputSchema,
        response: { 200: leaveSchema },
      },
    },
    async (request) => editLeave(ctx, request.principal, request.params.id, request.body),
  );

  routes.put(
    '/api/v1/leave/:id/period',
    {
      config: { access: 'leave:approve' },
      schema: {
        tags: ['leave'],
        summary: 'Shorten or move a leave (an approver): absence in advance follows the new period at once',
        params: idParams,
        body: leavePeriodSchema,
        response: { 200: leaveSchema },
      },
    },
    async (request) => changeLeavePeriod(ctx, request.principal, request.params.id, request.body),
  );

  routes.post(
    '/api/v1/leave/:id/decision',
    {
      config: { access: 'leave:approve' },
      schema: {
        tags: ['leave'],
        summary: 'Approve or reject a pending application, with a comment; the student is told',
        params: idParams,
        body: leaveDecisionSchema,
        response: { 200: leaveSchema },
      },
    },
    async (request) => decideLeave(ctx, request.principal, request.params.id, request.body),
  );

  routes.post(
    '/api/v1/leave/:id/withdraw',
    {
      config: { access: 'leave:withdraw' },
      schema: {
        tags: ['leave'],
        summary: 'Withdraw an application or a leave: its absence in advance is taken back',
        params: idParams,
        response: { 200: leaveSchema },
      },
    },
    async (request) => withdrawLeave(ctx, request.principal, request.params.id),
  );
}
