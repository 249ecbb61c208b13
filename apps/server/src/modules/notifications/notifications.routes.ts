/**
 * One's own notifications and channel choices (docs/decisions/021). Everyone signed in has a
 * list and choices of their own, and reaches nobody else's: every route works on the asker.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesSchema,
  notificationReadInputSchema,
} from '@tun/shared';
import type { AppContext } from '../../context';
import {
  getNotificationPreferences,
  listNotifications,
  markNotificationsRead,
  setNotificationPreferences,
} from './notifications.service';

export async function notificationsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/v1/notifications',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['notifications'],
        summary: 'My notifications, newest first, a page at a time, with the count of unread ones',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listNotifications(ctx.database.db, request.principal, request.query);
    },
  );

  routes.post(
    '/api/v1/notifications/read',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark my notifications read: the named ones, or all when no ids are given',
        body: notificationReadInputSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await markNotificationsRead(ctx, request.principal, request.body.ids);
      return reply.code(204).send(null);
    },
  );

  routes.get(
    '/api/v1/notifications/preferences',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['notifications'],
        summary: 'My channels per category: my choices, or my roles’ defaults',
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getNotificationPreferences(ctx.database.db, request.principal);
    },
  );

  routes.put(
    '/api/v1/notifications/preferences',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['notifications'],
        summary: 'Choose my channels for every category',
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => setNotificationPreferences(ctx, request.principal, request.body),
  );
}
